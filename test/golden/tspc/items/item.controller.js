import * as __honest_import_item_store from "./item-store.js";
import * as __honest_import_honest from "honest";
import * as __honest from "honest/internal";
import * as __honest_import_item_version from "./item-version.js";
import { HttpError, StatusCode } from "honest";
/**
 * The items in the store: listed, read, created, replaced, patched and
 * removed by id. A sku another item has is a 409.
 */
export class ItemController {
    /**
     * A filtered page of the items: `?tag=usb&limit=10&offset=20`, 100 a page unless asked.
     *
     * The body is the page's items; the Link header names the first, previous, next and last pages, and
     * X-Total-Count counts the items with the tag.
     */
    async list({ tag, limit, offset }) {
        return this.store.page({ tag, limit, offset });
    }
    /**
     * The items' changes as they happen, as server-sent events: `created`,
     * `updated` and `removed`, each with its number as its id; a client that
     * reconnects with `Last-Event-ID`, to this instance or another, gets the
     * changes it missed first, or a 410 when they are no longer kept (the last
     * 1000 are).
     */
    async changes({ "last-event-id": lastSeen }, c) {
        return this.store.changes(lastSeen, c.req.raw.signal);
    }
    /**
     * One item by its id, its version as its ETag; a 404 when there is none.
     *
     * A client that sends the ETag it holds back as If-None-Match gets a 304, without a body, while the item is unchanged.
     * @param id the item's id, a 64-bit integer
     */
    async get(id, _version) {
        return (await this.store.find(id)) ?? this.#missing(id);
    }
    /** A new item: a 201 with its `location`; a 409 when another item has its sku. */
    async create(body, c) {
        const item = await this.store.add(body);
        this.log.debug({ itemId: String(item.id) }, "item created");
        c.header("location", `/items/${item.id}`);
        return StatusCode.CREATED;
    }
    /**
     * Several items at once, all or none: a 201 with the items created, in order; a client's `x-request-id` is echoed back.
     *
     * Each client address may call it 5 times a minute; past that, a 429 says when to try again.
     * @param body the items to create, in order
     */
    async createMany(body, { "x-request-id": requestId }, c) {
        if (requestId !== undefined)
            c.header("x-request-id", requestId);
        return this.store.addMany(body);
    }
    /**
     * Replaces an item, every field given; a 404 when there is none, a 409 when another item has the sku.
     *
     * With If-Match, only the version it names: a 412, nothing written, when the item changed since; the answer's ETag is the new version.
     */
    async update(id, _version, body) {
        return (await this.store.replace(id, body)) ?? this.#missing(id);
    }
    /** Removes an item: a 204, or a 404 when there is none. */
    async remove(id) {
        return (await this.store.remove(id)) ? StatusCode.NO_CONTENT : this.#missing(id);
    }
    /** Changes the fields given, and keeps the others; a 404 when there is none, a 409 when another item has the sku. */
    async patch(id, body) {
        return (await this.store.patch(id, body)) ?? this.#missing(id);
    }
    /** A string parameter: percent-decoded once (`/items/tagged/usb%20c`). */
    async tagged(tag) {
        return (await this.store.page({ tag })).items;
    }
    /** A union of literals: only "asc" or "desc". */
    async sorted(order) {
        return this.store.byPrice(order);
    }
    /** A boolean: only "true" or "false". */
    async inStock(inStock) {
        return this.store.withStock(inStock);
    }
    /** Two placeholders of different types, as a tuple in path order. */
    async quote([id, quantity]) {
        const item = await this.store.find(id);
        if (item === undefined)
            return this.#missing(id);
        return { item: item.id, quantity, total: item.price * quantity };
    }
    /** The 404 of an id no item has, which the routes that look one up declare (docs/guide/errors.md, "Errors a route declares"). */
    #missing(id) {
        return new HttpError(StatusCode.NOT_FOUND, `item ${id} not found`);
    }
}
__honest.defineInjections(ItemController, [
    ["store", () => __honest_import_item_store.ItemStore],
    ["log", () => __honest_import_honest.Logger]
]);
__honest.defineController(ItemController, {
    routes: [
        { method: "GET", path: "/items", member: "list", operationId: "ItemController_list", requestScope: true, handler: __honest_route_ItemController_list },
        { method: "GET", path: "/items/changes", member: "changes", operationId: "ItemController_changes", requestScope: true, handler: __honest_route_ItemController_changes },
        { method: "GET", path: "/items/{id}", member: "get", operationId: "ItemController_get", requestScope: true, handler: __honest_route_ItemController_get },
        { method: "POST", path: "/items", member: "create", operationId: "ItemController_create", requestScope: true, handler: __honest_route_ItemController_create },
        { method: "POST", path: "/items/bulk", member: "createMany", operationId: "ItemController_createMany", requestScope: true, rateLimit: { limit: 5, window: 60000 }, handler: __honest_route_ItemController_createMany },
        { method: "PUT", path: "/items/{id}", member: "update", operationId: "ItemController_update", requestScope: true, handler: __honest_route_ItemController_update },
        { method: "DELETE", path: "/items/{id}", member: "remove", operationId: "ItemController_remove", requestScope: true, handler: __honest_route_ItemController_remove },
        { method: "PATCH", path: "/items/{id}", member: "patch", operationId: "ItemController_patch", requestScope: true, handler: __honest_route_ItemController_patch },
        { method: "GET", path: "/items/tagged/{tag}", member: "tagged", operationId: "ItemController_tagged", requestScope: true, handler: __honest_route_ItemController_tagged },
        { method: "GET", path: "/items/sorted/{order}", member: "sorted", operationId: "ItemController_sorted", requestScope: true, handler: __honest_route_ItemController_sorted },
        { method: "GET", path: "/items/in-stock/{inStock}", member: "inStock", operationId: "ItemController_inStock", requestScope: true, handler: __honest_route_ItemController_inStock },
        { method: "GET", path: "/items/{id}/quote/{quantity}", member: "quote", operationId: "ItemController_quote", requestScope: true, handler: __honest_route_ItemController_quote }
    ]
});
function __honest_route_ItemController_list({ controller, controllerMethod, trace }) {
    return async function ItemController_list(c) {
        trace?.phase(c, "read inputs");
        const query = __honest.readQuery(c, __honest_query_tag_limit_offset);
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, query);
        trace?.phase(c, "write answer");
        return __honest.sendPage(c, result, __honest_write_Item_array, "offset", query);
    };
}
function __honest_route_ItemController_changes({ controller, settings, controllerMethod, trace }) {
    const eventWriters = new Map([["created", __honest_write_Item], ["updated", __honest_write_Item], ["removed", __honest_write_object_363da2]]);
    return async function ItemController_changes(c) {
        trace?.phase(c, "read inputs");
        const header = __honest.readHeaders(c, __honest_header_last_event_id);
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, header, c);
        return __honest.sendSseEvents(c, result, eventWriters, settings, trace?.lasting(c, "stream"));
    };
}
function __honest_route_ItemController_get({ controller, controllerMethod, component, trace }) {
    const itemVersionResolver = component(__honest_import_item_version.ItemVersion);
    const send = __honest.orHttpError(__honest.sendJson);
    return async function ItemController_get(c) {
        const id = __honest.parseI64Param(c.req.param("id"), "id");
        trace?.phase(c, "resolve ItemVersion");
        const itemVersion = await itemVersionResolver.resolve(c);
        trace?.phase(c, "preconditions");
        const notModified = __honest.checkPreconditions(c, itemVersion, "private, no-cache");
        if (notModified !== undefined)
            return notModified;
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, id, itemVersion);
        trace?.phase(c, "write answer");
        __honest.answerHeaders(c, itemVersion, "private, no-cache");
        return send(c, result, __honest_write_Item);
    };
}
function __honest_route_ItemController_create({ controller, settings, controllerMethod, trace }) {
    const send = __honest.orHttpError(__honest.sendStatus);
    return async function ItemController_create(c) {
        trace?.phase(c, "read body");
        const text = await __honest.readJsonBody(c, settings.bodyLimit);
        trace?.phase(c, "check body");
        const body = __honest.checkBody(text, false, __honest_parse_CreateDto, __honest_report_CreateDto);
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, body, c);
        trace?.phase(c, "write answer");
        return send(c, result);
    };
}
function __honest_route_ItemController_createMany({ controller, settings, controllerMethod, rateLimit, trace }) {
    return async function ItemController_createMany(c) {
        trace?.phase(c, "rate limit");
        await rateLimit.take(c);
        trace?.phase(c, "read inputs");
        const header = __honest.readHeaders(c, __honest_header_x_request_id);
        trace?.phase(c, "read body");
        const text = await __honest.readJsonBody(c, settings.bodyLimit);
        trace?.phase(c, "check body");
        const body = __honest.checkBody(text, false, __honest_parse_BulkDto, __honest_report_BulkDto);
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, body, header, c);
        trace?.phase(c, "write answer");
        return __honest.sendJson(c, result, __honest_write_Item_array, 201);
    };
}
function __honest_route_ItemController_update({ controller, settings, controllerMethod, component, trace }) {
    const itemVersionResolver = component(__honest_import_item_version.ItemVersion);
    const send = __honest.orHttpError(__honest.sendJson);
    return async function ItemController_update(c) {
        const id = __honest.parseI64Param(c.req.param("id"), "id");
        trace?.phase(c, "resolve ItemVersion");
        const itemVersion = await itemVersionResolver.resolve(c);
        trace?.phase(c, "preconditions");
        const notModified = __honest.checkPreconditions(c, itemVersion);
        if (notModified !== undefined)
            return notModified;
        trace?.phase(c, "read body");
        const text = await __honest.readJsonBody(c, settings.bodyLimit);
        trace?.phase(c, "check body");
        const body = __honest.checkBody(text, false, __honest_parse_UpdateDto, __honest_report_UpdateDto);
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, id, itemVersion, body);
        trace?.phase(c, "write answer");
        __honest.answerHeaders(c, await itemVersionResolver.resolve(c));
        return send(c, result, __honest_write_Item);
    };
}
function __honest_route_ItemController_remove({ controller, controllerMethod, trace }) {
    const send = __honest.orHttpError(__honest.sendStatus);
    return async function ItemController_remove(c) {
        const id = __honest.parseI64Param(c.req.param("id"), "id");
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, id);
        trace?.phase(c, "write answer");
        return send(c, result);
    };
}
function __honest_route_ItemController_patch({ controller, settings, controllerMethod, trace }) {
    const send = __honest.orHttpError(__honest.sendJson);
    return async function ItemController_patch(c) {
        const id = __honest.parseI64Param(c.req.param("id"), "id");
        trace?.phase(c, "read body");
        const text = await __honest.readJsonBody(c, settings.bodyLimit);
        trace?.phase(c, "check body");
        const body = __honest.checkBody(text, false, __honest_parse_PatchDto, __honest_report_PatchDto);
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, id, body);
        trace?.phase(c, "write answer");
        return send(c, result, __honest_write_Item);
    };
}
function __honest_route_ItemController_tagged({ controller, controllerMethod, trace }) {
    return async function ItemController_tagged(c) {
        const tag = __honest.parseStringParam(c.req.param("tag"), "tag");
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, tag);
        trace?.phase(c, "write answer");
        return __honest.sendJson(c, result, __honest_write_Item_array);
    };
}
function __honest_route_ItemController_sorted({ controller, controllerMethod, trace }) {
    const orderChoices = new Map([["asc", "asc"], ["desc", "desc"]]);
    return async function ItemController_sorted(c) {
        const order = __honest.parseLiteralParam(c.req.param("order"), "order", orderChoices);
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, order);
        trace?.phase(c, "write answer");
        return __honest.sendJson(c, result, __honest_write_Item_array);
    };
}
function __honest_route_ItemController_inStock({ controller, controllerMethod, trace }) {
    return async function ItemController_inStock(c) {
        const inStock = __honest.parseBooleanParam(c.req.param("inStock"), "inStock");
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, inStock);
        trace?.phase(c, "write answer");
        return __honest.sendJson(c, result, __honest_write_Item_array);
    };
}
function __honest_route_ItemController_quote({ controller, controllerMethod, trace }) {
    const send = __honest.orHttpError(__honest.sendJson);
    return async function ItemController_quote(c) {
        const id = __honest.parseI64Param(c.req.param("id"), "id");
        const quantity = __honest.parseNumberParam(c.req.param("quantity"), "quantity");
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, [id, quantity]);
        trace?.phase(c, "write answer");
        return send(c, result, __honest_write_Quote);
    };
}
function __honest_query_limit_check(input, path, value) {
    if (!Number.isInteger(value))
        input.refuse(path, "integer", value);
    if (!(value >= 1))
        input.refuse(path, "number at least 1", value);
    if (!(value <= 100))
        input.refuse(path, "number at most 100", value);
}
function __honest_query_offset_check(input, path, value) {
    if (!Number.isInteger(value))
        input.refuse(path, "integer", value);
    if (!(value >= 0))
        input.refuse(path, "number at least 0", value);
}
function __honest_query_tag_limit_offset(input) {
    const value = {};
    input.one(value, "tag", __honest.stringText, false);
    input.otherwise("limit", "100");
    input.one(value, "limit", __honest.numberText, false, __honest_query_limit_check);
    input.otherwise("offset", "0");
    input.one(value, "offset", __honest.numberText, false, __honest_query_offset_check);
    return value;
}
function __honest_header_last_event_id(input) {
    const value = {};
    input.one(value, "last-event-id", __honest.i64Text, false);
    return value;
}
function __honest_header_x_request_id_check(input, path, value) {
    if (!/^[A-Za-z0-9._-]{1,64}$/u.test(value))
        input.refuse(path, "string matching /^[A-Za-z0-9._-]{1,64}$/", value);
}
function __honest_header_x_request_id(input) {
    const value = {};
    input.one(value, "x-request-id", __honest.stringText, false, __honest_header_x_request_id_check);
    return value;
}
function __honest_write_Item_array(value) {
    if (!Array.isArray(value))
        return __honest.writeJson(value);
    let json = "[";
    for (let i = 0; i < value.length; i++) {
        if (i !== 0)
            json += ",";
        json += __honest_write_Item(value[i]);
    }
    return json + "]";
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
function __honest_write_object_363da2(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    return "{\"id\":" + __honest.writeBigInt(value.id) + "}";
}
function __honest_parse_CreateDto(input) {
    if (typeof input !== "object" || input === null || Array.isArray(input))
        return undefined;
    const name = input.name;
    if (typeof name !== "string")
        return undefined;
    const price = input.price;
    const priceNumber = Number.isFinite(price) ? price : __honest.numberOf(price);
    if (priceNumber === undefined)
        return undefined;
    const tags = input.tags;
    if (tags !== undefined) {
        if (!Array.isArray(tags))
            return undefined;
        for (let i = 0; i < tags.length; i++) {
            const tagsItem = tags[i];
            if (typeof tagsItem !== "string")
                return undefined;
        }
    }
    const inStock = input.inStock;
    if (inStock !== undefined) {
        if (typeof inStock !== "boolean")
            return undefined;
    }
    const sku = input.sku;
    if (sku !== undefined) {
        if (typeof sku !== "string")
            return undefined;
        if (!/^[A-Z0-9][A-Z0-9-]{0,31}$/u.test(sku))
            return undefined;
    }
    const out = { name, price: priceNumber };
    if (tags !== undefined)
        out.tags = tags;
    if (inStock !== undefined)
        out.inStock = inStock;
    if (sku !== undefined)
        out.sku = sku;
    return out;
}
function __honest_report_CreateDto(input, path, errors, depth) {
    __honest.reportObject(input, path, errors, [["name", "string"], ["price", "number"], ["tags", { items: "string" }, true], ["inStock", "boolean", true], ["sku", { inPlace: __honest_report_string_3d81e5 }, true]], depth);
}
function __honest_parse_BulkDto(input, depth) {
    if (!Array.isArray(input))
        return undefined;
    if (!(input.length >= 1))
        return undefined;
    if (!(input.length <= 100))
        return undefined;
    const copy = [];
    for (let i = 0; i < input.length; i++) {
        const item = input[i];
        const itemParsed = __honest_parse_NewItem(item, depth + 1);
        if (itemParsed === undefined)
            return undefined;
        copy.push(itemParsed);
    }
    return copy;
}
function __honest_report_BulkDto(input, path, errors, depth) {
    if (!Array.isArray(input))
        errors.add(path, "array", input);
    else {
        if (!(input.length >= 1))
            errors.add(path, "array of at least 1 item", input);
        if (!(input.length <= 100))
            errors.add(path, "array of at most 100 items", input);
        for (let i = 0; i < input.length; i++) {
            const item = input[i];
            __honest_report_NewItem(item, path + "[" + i + "]", errors, depth + 1);
        }
    }
}
function __honest_parse_UpdateDto(input) {
    if (typeof input !== "object" || input === null || Array.isArray(input))
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
        if (!/^[A-Z0-9][A-Z0-9-]{0,31}$/u.test(sku))
            return undefined;
    }
    const out = { name, price: priceNumber, tags, inStock };
    if (sku !== undefined)
        out.sku = sku;
    return out;
}
function __honest_report_UpdateDto(input, path, errors, depth) {
    __honest.reportObject(input, path, errors, [["name", "string"], ["price", "number"], ["tags", { items: "string" }], ["inStock", "boolean"], ["sku", { inPlace: __honest_report_string_3d81e5 }, true]], depth);
}
function __honest_parse_PatchDto(input) {
    if (typeof input !== "object" || input === null || Array.isArray(input))
        return undefined;
    const name = input.name;
    if (name !== undefined) {
        if (typeof name !== "string")
            return undefined;
    }
    const price = input.price;
    let priceValue;
    if (price !== undefined) {
        const priceNumber = Number.isFinite(price) ? price : __honest.numberOf(price);
        if (priceNumber === undefined)
            return undefined;
        priceValue = priceNumber;
    }
    const tags = input.tags;
    if (tags !== undefined) {
        if (!Array.isArray(tags))
            return undefined;
        for (let i = 0; i < tags.length; i++) {
            const tagsItem = tags[i];
            if (typeof tagsItem !== "string")
                return undefined;
        }
    }
    const inStock = input.inStock;
    if (inStock !== undefined) {
        if (typeof inStock !== "boolean")
            return undefined;
    }
    const sku = input.sku;
    if (sku !== undefined) {
        if (typeof sku !== "string")
            return undefined;
        if (!/^[A-Z0-9][A-Z0-9-]{0,31}$/u.test(sku))
            return undefined;
    }
    const out = {};
    if (name !== undefined)
        out.name = name;
    if (priceValue !== undefined)
        out.price = priceValue;
    if (tags !== undefined)
        out.tags = tags;
    if (inStock !== undefined)
        out.inStock = inStock;
    if (sku !== undefined)
        out.sku = sku;
    return out;
}
function __honest_report_PatchDto(input, path, errors, depth) {
    __honest.reportObject(input, path, errors, [["name", "string", true], ["price", "number", true], ["tags", { items: "string" }, true], ["inStock", "boolean", true], ["sku", { inPlace: __honest_report_string_3d81e5 }, true]], depth);
}
function __honest_write_Quote(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    return "{\"item\":" + __honest.writeBigInt(value.item) + ",\"quantity\":" + __honest.writeNumber(value.quantity) + ",\"total\":" + __honest.writeNumber(value.total) + "}";
}
function __honest_report_string_3d81e5(input, path, errors) {
    if (typeof input !== "string")
        errors.add(path, "string", input);
    else {
        if (!/^[A-Z0-9][A-Z0-9-]{0,31}$/u.test(input))
            errors.add(path, "string matching /^[A-Z0-9][A-Z0-9-]{0,31}$/", input);
    }
}
function __honest_parse_NewItem(input) {
    if (typeof input !== "object" || input === null || Array.isArray(input))
        return undefined;
    const name = input.name;
    if (typeof name !== "string")
        return undefined;
    if (!(__honest.codePointLength(name) >= 1))
        return undefined;
    if (!(__honest.codePointLength(name) <= 100))
        return undefined;
    const price = input.price;
    const priceNumber = Number.isFinite(price) ? price : __honest.numberOf(price);
    if (priceNumber === undefined)
        return undefined;
    if (!(priceNumber >= 0))
        return undefined;
    const tags = input.tags;
    if (tags !== undefined) {
        if (!Array.isArray(tags))
            return undefined;
        if (!(tags.length <= 20))
            return undefined;
        for (let i = 0; i < tags.length; i++) {
            const tagsItem = tags[i];
            if (typeof tagsItem !== "string")
                return undefined;
            if (!(__honest.codePointLength(tagsItem) >= 1))
                return undefined;
        }
    }
    const inStock = input.inStock;
    if (inStock !== undefined) {
        if (typeof inStock !== "boolean")
            return undefined;
    }
    const sku = input.sku;
    if (sku !== undefined) {
        if (typeof sku !== "string")
            return undefined;
        if (!/^[A-Z0-9][A-Z0-9-]{0,31}$/u.test(sku))
            return undefined;
    }
    const out = { name, price: priceNumber };
    if (tags !== undefined)
        out.tags = tags;
    if (inStock !== undefined)
        out.inStock = inStock;
    if (sku !== undefined)
        out.sku = sku;
    return out;
}
function __honest_report_NewItem(input, path, errors, depth) {
    __honest.reportObject(input, path, errors, [["name", { inPlace: __honest_report_string_88b652 }], ["price", { inPlace: __honest_report_number_00b5fa }], ["tags", { inPlace: __honest_report_string_833369_array_1da231 }, true], ["inStock", "boolean", true], ["sku", { inPlace: __honest_report_string_3d81e5 }, true]], depth);
}
function __honest_report_string_88b652(input, path, errors) {
    if (typeof input !== "string")
        errors.add(path, "string", input);
    else {
        if (!(__honest.codePointLength(input) >= 1))
            errors.add(path, "string of at least 1 character", input);
        if (!(__honest.codePointLength(input) <= 100))
            errors.add(path, "string of at most 100 characters", input);
    }
}
function __honest_report_number_00b5fa(input, path, errors) {
    const number = __honest.numberOf(input);
    if (number === undefined)
        errors.add(path, "number", input);
    else {
        if (!(number >= 0))
            errors.add(path, "number at least 0", input);
    }
}
function __honest_report_string_833369_array_1da231(input, path, errors) {
    if (!Array.isArray(input))
        errors.add(path, "array", input);
    else {
        if (!(input.length <= 20))
            errors.add(path, "array of at most 20 items", input);
        for (let i = 0; i < input.length; i++) {
            const item = input[i];
            if (typeof item !== "string")
                errors.add(path + "[" + i + "]", "string", item);
            else {
                if (!(__honest.codePointLength(item) >= 1))
                    errors.add(path + "[" + i + "]", "string of at least 1 character", item);
            }
        }
    }
}
