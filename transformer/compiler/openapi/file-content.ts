import type { DownloadModel, RouteModel } from "../model.js";
import type { Schema } from "./schema.js";

// A file answer's responses (docs/guide/openapi-and-clients.md, "Files in
// the document"): bytes of each media type its `Download<Type>` declares,
// as OpenAPI 3.1 describes binary content (a string of `contentMediaType`,
// and `format: binary`, which code generators still read as a Blob), with the
// headers honest sends. A GET route is also a 206 of one range, with
// Content-Range, and reads `Range` and `If-Range`; its 416 is among the error
// answers (problem-answers.ts).

const RANGE_HEADERS: Schema = {
  "Accept-Ranges": {
    description: "`bytes` when the file's length is known, so that a client may ask for a part of it; `none` for a stream.",
    schema: { type: "string", enum: ["bytes", "none"] },
  },
};

const FILE_HEADERS: Schema = {
  "Content-Disposition": {
    description: 'Where the download has a name or is inline: `attachment; filename="items.csv"`, or `inline`.',
    schema: { type: "string" },
  },
  ETag: { description: "The file's validator, where the handler gives one; what `If-Range` is compared with.", schema: { type: "string" } },
  "Last-Modified": { description: "When the file last changed, where known (an HTTP-date).", schema: { type: "string" } },
};

/** The file's bytes, under each declared media type. */
function fileContent(download: DownloadModel): Schema {
  return Object.fromEntries(
    download.mediaTypes.map((type) => [type, { schema: { type: "string", format: "binary", contentMediaType: type } }]),
  );
}

/** Whether the route answers Range requests: a GET (and its HEAD); RFC 9110 §14.2 defines ranges for GET alone. */
export function readsRanges(route: RouteModel): boolean {
  return route.response.download !== undefined && route.method === "GET";
}

export function fileResponses(route: RouteModel, download: DownloadModel): Record<string, Schema> {
  const content = fileContent(download);
  const ranged = readsRanges(route);
  const responses: Record<string, Schema> = {
    "200": {
      description: ranged
        ? "The whole file (also when `Range` is absent, asks for several ranges, or `If-Range` no longer holds)."
        : "The file.",
      headers: { ...FILE_HEADERS, ...(ranged && RANGE_HEADERS) },
      content,
    },
  };
  if (ranged) {
    responses["206"] = {
      description: "The one range of bytes `Range` asked for.",
      headers: {
        "Content-Range": { description: "The range sent and the file's length: `bytes 0-99/1234`.", schema: { type: "string" } },
        ...FILE_HEADERS,
        ...RANGE_HEADERS,
      },
      content,
    };
  }
  return responses;
}

/** `Range` and `If-Range`, the request headers of a GET file route. */
export function rangeParameters(): Schema[] {
  return [
    {
      name: "Range",
      in: "header",
      description: "One range of bytes, `bytes=0-99`, `bytes=100-` or `bytes=-100` (the last 100): a 206 of those bytes.",
      schema: { type: "string" },
    },
    {
      name: "If-Range",
      in: "header",
      description: "The ETag or Last-Modified the client holds: the range is sent only if the file is still that one, else the whole file.",
      schema: { type: "string" },
    },
  ];
}
