import { Controller, download, Get, HttpError, Post, StatusCode } from "honest";
import type { Download, Form, i64, Inject, Json, MaxLength, Path } from "honest";
import type { ItemStore } from "./item-store.js";

interface Photo {
  item: i64;
  caption: string;
  name: string;
  type: string;
  bytes: number;
}

/** The images a photo may be: what `GET /items/{id}/photo` declares it answers. */
type PhotoType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";
const PHOTO_TYPES: readonly string[] = ["image/png", "image/jpeg", "image/gif", "image/webp"] satisfies PhotoType[];
/** A part sent without a Content-Type (curl -F does so for names it does not know) is taken by its name's extension. */
const BY_EXTENSION: Readonly<Record<string, PhotoType>> = {
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
@Controller()
export class PhotoController {
  declare readonly store: Inject<ItemStore>;
  readonly #photos = new Map<bigint, { readonly file: File; readonly type: PhotoType; readonly etag: string }>();

  /** A photo of an item, with an optional caption: a 201 with what was received; an image that is not png, jpeg, gif or webp is a 415. */
  @Post("/items/{id}/photo")
  async upload(id: Path<i64>, form: Form<{ photo: File; caption?: string & MaxLength<80> }>): Promise<Json<Photo, 201>> {
    if (!(await this.store.find(id))) throw new HttpError(StatusCode.NOT_FOUND, `item ${id} not found`);
    const { photo, caption = "" } = form;
    const type = photo.type === "" ? BY_EXTENSION[photo.name.split(".").pop()?.toLowerCase() ?? ""] : photo.type;
    if (type === undefined || !PHOTO_TYPES.includes(type)) {
      throw new HttpError(
        StatusCode.UNSUPPORTED_MEDIA_TYPE,
        `a photo is a png, jpeg, gif or webp image; got ${JSON.stringify(photo.type || photo.name)}`,
      );
    }
    // A strong validator from the bytes themselves: the same photo uploaded again keeps its ETag.
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await photo.arrayBuffer()));
    const etag = `"${[...digest.subarray(0, 12)].map((byte) => byte.toString(16).padStart(2, "0")).join("")}"`;
    this.#photos.set(id, { file: photo, type: type as PhotoType, etag });
    return { item: id, caption, name: photo.name, type, bytes: photo.size };
  }

  /** An item's photo, shown inline; a part of it with `Range`, the whole of it if `If-Range` names an older one; a 404 when it has none. */
  @Get("/items/{id}/photo")
  async photo(id: Path<i64>): Promise<Download<PhotoType>> {
    const photo = this.#photos.get(id);
    if (!photo) throw new HttpError(StatusCode.NOT_FOUND, `item ${id} has no photo`);
    return download(photo.file, { inline: true, type: photo.type, etag: photo.etag });
  }
}
