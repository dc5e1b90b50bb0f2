import { Controller, HttpError, Post, StatusCode } from "honest";
import type { Form, i64, Inject, Json, MaxLength, Path } from "honest";
import type { ItemStore } from "./item-store.js";

interface Photo {
  item: i64;
  caption: string;
  name: string;
  type: string;
  bytes: number;
}

/** A file upload: a multipart form, read within the app's bodyLimit, the file a Web File. */
@Controller()
export class PhotoController {
  declare readonly store: Inject<ItemStore>;

  /** A photo of an item, with an optional caption: a 201 with what was received. */
  @Post("/items/{id}/photo")
  async upload(id: Path<i64>, form: Form<{ photo: File; caption?: string & MaxLength<80> }>): Promise<Json<Photo, 201>> {
    if (!(await this.store.find(id))) throw new HttpError(StatusCode.NOT_FOUND, `item ${id} not found`);
    const { photo, caption = "" } = form;
    return { item: id, caption, name: photo.name, type: photo.type, bytes: photo.size };
  }
}
