import * as __honest from "honest/internal";
/**
 * The items' changes, for `GET /items/changes`: what ItemStore and
 * MemoryItemStore extend. Each change is published on the topic
 * "items.changes" once it is stored (for the database, once its transaction
 * has committed), and its id is the topic's: with a Redis server, the same
 * on every instance, so a client that reconnects with `Last-Event-ID` to
 * another instance resumes where it was (docs/guide/topics.md, "Feeding a
 * stream").
 */
export class ItemFeed {
    /** Publishes a stored change; one that cannot be (Redis away) is logged: the write stands, the feed misses it. */
    publish(change) {
        this.feed.publish(change).catch((error) => console.error("items: a change was stored and not published:", error));
    }
    /**
     * The changes after `after` (the last one a client saw, or from now on),
     * then each change as it happens, until `signal` aborts; rejects with
     * MissedMessages, a 410, when those after `after` are no longer kept.
     */
    async changes(after, signal) {
        const subscription = this.feed.subscribe({ after, signal });
        await subscription.ready();
        return withIds(subscription);
    }
}
__honest.defineTopicFields(ItemFeed, [
    ["feed", "items.changes", { write: __honest_write_ItemChange, parse: __honest_parse_ItemChange, report: __honest_report_ItemChange, exact: true }]
]);
/** Each change with its id, what a reconnecting client sends back. */
async function* withIds(subscription) {
    for await (const { id, message } of subscription)
        yield { ...message, id };
}
function __honest_write_ItemChange(value) {
    if (typeof value === "object") {
        const event = value.event;
        if (event === "created" || event === "updated")
            return __honest_write_SseEvent_Item_created_updated(value);
        if (event === "removed")
            return __honest_write_SseEvent_id_bigint_removed(value);
        return __honest_write_object_6666e5(value);
    }
    return __honest.writeJson(value);
}
function __honest_parse_ItemChange(input, depth) {
    let parsed;
    if (typeof input === "object" && input !== null && !Array.isArray(input)) {
        const event = input.event;
        if (event === "created" || event === "updated") {
            parsed = __honest_parse_SseEvent_Item_created_updated(input, depth + 1);
        }
        else if (event === "removed") {
            parsed = __honest_parse_SseEvent_id_bigint_removed(input, depth + 1);
        }
        else
            return undefined;
        if (parsed === undefined)
            return undefined;
    }
    else
        return undefined;
    return parsed;
}
function __honest_report_ItemChange(input, path, errors, depth) {
    if (__honest_parse_ItemChange(input, depth) === undefined)
        if (typeof input === "object" && input !== null && !Array.isArray(input)) {
            const event = input.event;
            if (event === "created" || event === "updated")
                __honest_report_SseEvent_Item_created_updated(input, path, errors, depth + 1);
            else if (event === "removed")
                __honest_report_SseEvent_id_bigint_removed(input, path, errors, depth + 1);
            else
                errors.add(path + ".event", "\"created\" | \"updated\" | \"removed\"", event);
        }
        else
            errors.add(path, "object", input);
}
function __honest_write_object_6666e5(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    let json = "{";
    const data = value.data;
    if (data !== undefined)
        json += "\"data\":" + __honest_write_Item_or_object_363da2(data);
    const id = value.id;
    if (id !== undefined)
        json += (json.length === 1 ? "\"id\":" : ",\"id\":") + __honest_write_i64_or_number_or_string(id);
    const retry = value.retry;
    if (retry !== undefined)
        json += (json.length === 1 ? "\"retry\":" : ",\"retry\":") + __honest.writeNumber(retry);
    const event = value.event;
    if (event !== undefined)
        json += (json.length === 1 ? "\"event\":" : ",\"event\":") + __honest_write_created_or_updated_or_removed(event);
    return json + "}";
}
function __honest_write_SseEvent_Item_created_updated(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    let json = "{";
    json += "\"data\":" + __honest_write_Item(value.data);
    const id = value.id;
    if (id !== undefined)
        json += ",\"id\":" + __honest_write_i64_or_number_or_string(id);
    const retry = value.retry;
    if (retry !== undefined)
        json += ",\"retry\":" + __honest.writeNumber(retry);
    json += ",\"event\":" + __honest_write_created_or_updated(value.event);
    return json + "}";
}
function __honest_write_SseEvent_id_bigint_removed(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    let json = "{";
    json += "\"data\":" + __honest_write_object_363da2(value.data);
    const id = value.id;
    if (id !== undefined)
        json += ",\"id\":" + __honest_write_i64_or_number_or_string(id);
    const retry = value.retry;
    if (retry !== undefined)
        json += ",\"retry\":" + __honest.writeNumber(retry);
    json += ",\"event\":" + __honest.writeString(value.event);
    return json + "}";
}
function __honest_parse_SseEvent_id_bigint_removed(input, depth) {
    if (typeof input !== "object" || input === null || Array.isArray(input))
        return undefined;
    const data = input.data;
    const dataParsed = __honest_parse_object_363da2(data, depth + 1);
    if (dataParsed === undefined)
        return undefined;
    const id = input.id;
    let idValue;
    if (id !== undefined) {
        let idParsed;
        if ((idParsed = __honest.i64Of(id)) !== undefined) {
        }
        else if ((idParsed = __honest.numberOf(id)) !== undefined) {
        }
        else if (typeof id === "string") {
            idParsed = id;
        }
        else
            return undefined;
        idValue = idParsed;
    }
    const retry = input.retry;
    let retryValue;
    if (retry !== undefined) {
        const retryNumber = Number.isFinite(retry) ? retry : __honest.numberOf(retry);
        if (retryNumber === undefined)
            return undefined;
        retryValue = retryNumber;
    }
    const event = input.event;
    if (event !== "removed")
        return undefined;
    const out = { data: dataParsed, event };
    if (idValue !== undefined)
        out.id = idValue;
    if (retryValue !== undefined)
        out.retry = retryValue;
    return out;
}
function __honest_parse_SseEvent_Item_created_updated(input, depth) {
    if (typeof input !== "object" || input === null || Array.isArray(input))
        return undefined;
    const data = input.data;
    const dataParsed = __honest_parse_Item(data, depth + 1);
    if (dataParsed === undefined)
        return undefined;
    const id = input.id;
    let idValue;
    if (id !== undefined) {
        let idParsed;
        if ((idParsed = __honest.i64Of(id)) !== undefined) {
        }
        else if ((idParsed = __honest.numberOf(id)) !== undefined) {
        }
        else if (typeof id === "string") {
            idParsed = id;
        }
        else
            return undefined;
        idValue = idParsed;
    }
    const retry = input.retry;
    let retryValue;
    if (retry !== undefined) {
        const retryNumber = Number.isFinite(retry) ? retry : __honest.numberOf(retry);
        if (retryNumber === undefined)
            return undefined;
        retryValue = retryNumber;
    }
    const event = input.event;
    let eventParsed;
    if (event === "created") {
        eventParsed = "created";
    }
    else if (event === "updated") {
        eventParsed = "updated";
    }
    else
        return undefined;
    const out = { data: dataParsed, event: eventParsed };
    if (idValue !== undefined)
        out.id = idValue;
    if (retryValue !== undefined)
        out.retry = retryValue;
    return out;
}
function __honest_report_SseEvent_id_bigint_removed(input, path, errors, depth) {
    __honest.reportObject(input, path, errors, [["data", __honest_report_object_363da2], ["id", { inPlace: __honest_report_i64_or_number_or_string }, true], ["retry", "number", true], ["event", { inPlace: __honest_report_literal_removed }]], depth);
}
function __honest_report_SseEvent_Item_created_updated(input, path, errors, depth) {
    __honest.reportObject(input, path, errors, [["data", __honest_report_Item], ["id", { inPlace: __honest_report_i64_or_number_or_string }, true], ["retry", "number", true], ["event", { inPlace: __honest_report_created_or_updated }]], depth);
}
function __honest_write_Item_or_object_363da2(value) {
    if (typeof value === "object") {
        return __honest_write_object_a8db3d(value);
    }
    return __honest.writeJson(value);
}
function __honest_write_i64_or_number_or_string(value) {
    if (typeof value === "string")
        return __honest.writeString(value);
    if (typeof value === "number")
        return __honest.writeNumber(value);
    if (typeof value === "bigint")
        return __honest.writeBigInt(value);
    return __honest.writeJson(value);
}
function __honest_write_created_or_updated_or_removed(value) {
    if (typeof value === "string")
        return __honest.writeString(value);
    return __honest_write_created_or_updated(value);
}
function __honest_write_Item(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    let json = "{";
    json += "\"id\":" + __honest.writeBigInt(value.id);
    json += ",\"name\":" + __honest.writeString(value.name);
    json += ",\"price\":" + __honest.writeNumber(value.price);
    json += ",\"tags\":" + __honest.writeStringArray(value.tags);
    json += ",\"inStock\":" + __honest.writeBoolean(value.inStock);
    const sku = value.sku;
    if (sku !== undefined)
        json += ",\"sku\":" + __honest.writeString(sku);
    return json + "}";
}
function __honest_write_created_or_updated(value) {
    if (typeof value === "string")
        return __honest.writeString(value);
    return __honest.writeJson(value);
}
function __honest_write_object_363da2(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    return "{\"id\":" + __honest.writeBigInt(value.id) + "}";
}
function __honest_parse_object_363da2(input) {
    if (typeof input !== "object" || input === null || Array.isArray(input))
        return undefined;
    const id = input.id;
    const idInteger = __honest.i64Of(id);
    if (idInteger === undefined)
        return undefined;
    return { id: idInteger };
}
function __honest_parse_Item(input) {
    if (typeof input !== "object" || input === null || Array.isArray(input))
        return undefined;
    const id = input.id;
    const idInteger = __honest.i64Of(id);
    if (idInteger === undefined)
        return undefined;
    const name = input.name;
    if (typeof name !== "string")
        return undefined;
    const price = input.price;
    const priceNumber = Number.isFinite(price) ? price : __honest.numberOf(price);
    if (priceNumber === undefined)
        return undefined;
    const tags = input.tags;
    if (!Array.isArray(tags))
        return undefined;
    for (let i = 0; i < tags.length; i++) {
        const tagsItem = tags[i];
        if (typeof tagsItem !== "string")
            return undefined;
    }
    const inStock = input.inStock;
    if (typeof inStock !== "boolean")
        return undefined;
    const sku = input.sku;
    if (sku !== undefined) {
        if (typeof sku !== "string")
            return undefined;
    }
    const out = { id: idInteger, name, price: priceNumber, tags, inStock };
    if (sku !== undefined)
        out.sku = sku;
    return out;
}
function __honest_report_object_363da2(input, path, errors) {
    __honest.reportObject(input, path, errors, [["id", "bigint"]]);
}
function __honest_report_i64_or_number_or_string(input, path, errors, depth) {
    if (__honest_parse_i64_or_number_or_string(input, depth) === undefined)
        errors.add(path, "string | number | 64-bit integer", input);
}
function __honest_report_literal_removed(input, path, errors) {
    if (input !== "removed")
        errors.add(path, "\"removed\"", input);
}
function __honest_report_Item(input, path, errors) {
    __honest.reportObject(input, path, errors, [["id", "bigint"], ["name", "string"], ["price", "number"], ["tags", { items: "string" }], ["inStock", "boolean"], ["sku", "string", true]]);
}
function __honest_report_created_or_updated(input, path, errors, depth) {
    if (__honest_parse_created_or_updated(input, depth) === undefined)
        errors.add(path, "\"created\" | \"updated\"", input);
}
function __honest_write_object_a8db3d(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    let json = "{";
    const id = value.id;
    if (id !== undefined)
        json += "\"id\":" + __honest.writeBigInt(id);
    const name = value.name;
    if (name !== undefined)
        json += (json.length === 1 ? "\"name\":" : ",\"name\":") + __honest.writeString(name);
    const price = value.price;
    if (price !== undefined)
        json += (json.length === 1 ? "\"price\":" : ",\"price\":") + __honest.writeNumber(price);
    const tags = value.tags;
    if (tags !== undefined)
        json += (json.length === 1 ? "\"tags\":" : ",\"tags\":") + __honest.writeStringArray(tags);
    const inStock = value.inStock;
    if (inStock !== undefined)
        json += (json.length === 1 ? "\"inStock\":" : ",\"inStock\":") + __honest.writeBoolean(inStock);
    const sku = value.sku;
    if (sku !== undefined)
        json += (json.length === 1 ? "\"sku\":" : ",\"sku\":") + __honest.writeString(sku);
    return json + "}";
}
function __honest_parse_i64_or_number_or_string(input) {
    let parsed;
    if ((parsed = __honest.i64Of(input)) !== undefined) {
    }
    else if ((parsed = __honest.numberOf(input)) !== undefined) {
    }
    else if (typeof input === "string") {
        parsed = input;
    }
    else
        return undefined;
    return parsed;
}
function __honest_parse_created_or_updated(input) {
    let parsed;
    if (input === "created") {
        parsed = "created";
    }
    else if (input === "updated") {
        parsed = "updated";
    }
    else
        return undefined;
    return parsed;
}
