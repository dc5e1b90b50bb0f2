import * as __honest_import_item_store from "./item-store.js";
import * as __honest from "honest/internal";
import { download, HttpError, StatusCode } from "honest";
const PHOTO_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"];
/** A part sent without a Content-Type (curl -F does so for names it does not know) is taken by its name's extension. */
const BY_EXTENSION = {
    png: "image/png",
    jpg: "image/jpeg",
    jpeg: "image/jpeg",
    gif: "image/gif",
    webp: "image/webp",
};
/**
 * A file upload and a file answer: a multipart form, read within the app's bodyLimit, the file a Web File, kept
 * in this process's memory (the last one per item), and answered back with Range, a strong ETag for If-Range.
 */
export class PhotoController {
    #photos = new Map();
    /** A photo of an item, with an optional caption: a 201 with what was received; an image that is not png, jpeg, gif or webp is a 415. */
    async upload(id, form) {
        if (!(await this.store.find(id)))
            throw new HttpError(StatusCode.NOT_FOUND, `item ${id} not found`);
        const { photo, caption = "" } = form;
        const type = photo.type === "" ? BY_EXTENSION[photo.name.split(".").pop()?.toLowerCase() ?? ""] : photo.type;
        if (type === undefined || !PHOTO_TYPES.includes(type)) {
            throw new HttpError(StatusCode.UNSUPPORTED_MEDIA_TYPE, `a photo is a png, jpeg, gif or webp image; got ${JSON.stringify(photo.type || photo.name)}`);
        }
        // A strong validator from the bytes themselves: the same photo uploaded again keeps its ETag.
        const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await photo.arrayBuffer()));
        const etag = `"${[...digest.subarray(0, 12)].map((byte) => byte.toString(16).padStart(2, "0")).join("")}"`;
        this.#photos.set(id, { file: photo, type: type, etag });
        return { item: id, caption, name: photo.name, type, bytes: photo.size };
    }
    /** An item's photo, shown inline; a part of it with `Range`, the whole of it if `If-Range` names an older one; a 404 when it has none. */
    async photo(id) {
        const photo = this.#photos.get(id);
        if (!photo)
            throw new HttpError(StatusCode.NOT_FOUND, `item ${id} has no photo`);
        return download(photo.file, { inline: true, type: photo.type, etag: photo.etag });
    }
    __honest_sync_photo(id) {
        const photo = this.#photos.get(id);
        if (!photo)
            throw new HttpError(StatusCode.NOT_FOUND, `item ${id} has no photo`);
        return download(photo.file, { inline: true, type: photo.type, etag: photo.etag });
    }
}
__honest.defineInjections(PhotoController, [
    ["store", () => __honest_import_item_store.ItemStore]
]);
__honest.defineController(PhotoController, {
    routes: [
        { method: "POST", path: "/items/{id}/photo", member: "upload", operationId: "PhotoController_upload", requestScope: true, handler: __honest_route_PhotoController_upload },
        { method: "GET", path: "/items/{id}/photo", member: "photo", operationId: "PhotoController_photo", synchronous: true, requestScope: true, handler: __honest_route_PhotoController_photo }
    ]
});
function __honest_route_PhotoController_upload({ controller, settings, controllerMethod, trace }) {
    return async function PhotoController_upload(c) {
        const id = __honest.parseI64Param(c.req.param("id"), "id");
        trace?.phase(c, "read body");
        const form = await __honest.readForm(c, settings.bodyLimit, __honest_form_photo_caption);
        trace?.phase(c, "handler");
        const result = await controllerMethod.call(controller, id, form);
        trace?.phase(c, "write answer");
        return __honest.sendJson(c, result, __honest_write_Photo, 201);
    };
}
function __honest_route_PhotoController_photo({ controller, controllerMethod, trace }) {
    const mediaTypes = ["image/png", "image/jpeg", "image/gif", "image/webp"];
    return function PhotoController_photo(c) {
        const id = __honest.parseI64Param(c.req.param("id"), "id");
        trace?.phase(c, "handler");
        const result = controllerMethod.call(controller, id);
        trace?.phase(c, "write answer");
        return __honest.sendWhenSettled(c, result, __honest.sendDownload, mediaTypes);
    };
}
function __honest_form_caption_check(input, path, value) {
    if (!(__honest.codePointLength(value) <= 80))
        input.refuse(path, "string of at most 80 characters", value);
}
function __honest_form_photo_caption(input) {
    const value = {};
    input.one(value, "photo", __honest.fileValue, true);
    input.one(value, "caption", __honest.stringText, false, __honest_form_caption_check);
    return value;
}
function __honest_write_Photo(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    return "{\"item\":" + __honest.writeBigInt(value.item) + ",\"caption\":" + __honest.writeString(value.caption) + ",\"name\":" + __honest.writeString(value.name) + ",\"type\":" + __honest.writeString(value.type) + ",\"bytes\":" + __honest.writeNumber(value.bytes) + "}";
}
