import * as __honest_import_item_store from "./item-store.js";
import * as __honest from "honest/internal";
import { etag } from "honest";
/**
 * The version of the item `/items/{id}` names, as its ETag: a hash of its
 * fields, so that any change to it changes the tag; undefined when there is no
 * such item (the handler answers its 404). `GET /items/{id}` answers 304 to a
 * client that holds this version, `PUT /items/{id}` 412 to one whose If-Match
 * is not it, before either handler runs (docs/guide/conditional-requests.md, "Validators from a resolver").
 */
export class ItemVersion {
    async resolve(c) {
        // The path is parsed before resolvers run: a bad id has been answered 400 already.
        const item = await this.store.find(BigInt(c.req.param("id") ?? ""));
        return item && etag(await fieldsHash(item));
    }
}
__honest.defineInjections(ItemVersion, [
    ["store", () => __honest_import_item_store.ItemStore]
]);
/** The first 96 bits of the SHA-256 of the item's fields, base64url: Web Crypto, so the worker has it too. */
async function fieldsHash({ id, name, price, tags, inStock, sku }) {
    const fields = JSON.stringify([String(id), name, price, tags, inStock, sku ?? null]);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(fields)));
    return btoa(String.fromCharCode(...digest.subarray(0, 12)))
        .replace(/\+/g, "-")
        .replace(/\//g, "_");
}
