import * as __honest_import_item_store from "./item-store.js";
import * as __honest from "honest/internal";
import { HttpError, StatusCode } from "honest";
/** A file upload: a multipart form, read within the app's bodyLimit, the file a Web File. */
export class PhotoController {
    /** A photo of an item, with an optional caption: a 201 with what was received. */
    async upload(id, form) {
        if (!(await this.store.find(id)))
            throw new HttpError(StatusCode.NOT_FOUND, `item ${id} not found`);
        const { photo, caption = "" } = form;
        return { item: id, caption, name: photo.name, type: photo.type, bytes: photo.size };
    }
}
__honest.defineInjections(PhotoController, [
    ["store", () => __honest_import_item_store.ItemStore]
]);
__honest.defineController(PhotoController, {
    routes: [
        { method: "POST", path: "/items/{id}/photo", member: "upload", operationId: "PhotoController_upload", requestScope: true, handler: __honest_route_PhotoController_upload }
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
