import type { TextValue } from "../inputs/text-values.js";

// A `File` field of a Form<T> (docs/guide/forms-and-uploads.md, "Forms and file uploads"): a part of
// a multipart form sent with a filename. Text is never a file: a field sent
// as text, or a urlencoded form's field, is a fault of a `File` property.

export const fileValue: TextValue<File> = {
  parse: () => undefined,
  parseFile: (file) => file,
  expected: "file",
  explained: "a file",
};
