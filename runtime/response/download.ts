// A file answer (docs/guide/files.md, "Files"): the bytes of a Blob (a File,
// or a file on disk from honest/node's fileFrom, read lazily), of a
// Uint8Array or ArrayBuffer, or of a ReadableStream, with what the answer
// says of them. The handler declares `Promise<Download<"text/csv">>`, so the
// transformer knows the media type for the document and the client, and
// returns `download(source, options)`; honest's sender (download-answers.ts)
// writes the headers and answers Range, If-Range and HEAD.

const brand = Symbol.for("honest.Download");

/** What a download's bytes come from: text is sent as UTF-8. A stream's length is unknown unless `options.length` gives it. */
export type DownloadSource = Blob | Uint8Array | ArrayBuffer | string | ReadableStream<Uint8Array>;

export interface DownloadOptions<Type extends string = string> {
  /**
   * The file's name, sent in `Content-Disposition` (`filename`, and `filename*` when it is not plain ASCII);
   * by default a File's own name, none for other sources.
   */
  readonly name?: string;
  /** `Content-Disposition: inline` (shown in the browser) rather than `attachment` (saved). */
  readonly inline?: boolean;
  /** The media type sent as `Content-Type`; by default the declared one (`Download<"text/csv">`). */
  readonly type?: Type;
  /** The `ETag` header's value, quotes included (`"v42"`, `W/"v42"`): what `If-Range` is compared with. */
  readonly etag?: string;
  /** The `Last-Modified` header's date, in whole seconds; by default a File's `lastModified`. */
  readonly lastModified?: Date;
  /** A stream's length in bytes, sent as `Content-Length`; ignored for other sources, whose length is known. */
  readonly length?: number;
}

/**
 * As a handler's declared result (`Promise<Download<"text/csv">>`), a file answer of that media type, or of one of
 * several (`Download<"image/png" | "image/jpeg">`); `application/octet-stream` when left out. Made by `download()`.
 * @honest Download
 */
export class Download<Type extends string = "application/octet-stream"> {
  /** The media type given to `download()`, if any; the declared one is sent otherwise. */
  readonly type: Type | undefined;

  constructor(
    readonly source: DownloadSource,
    readonly options: DownloadOptions<Type> = {},
  ) {
    this.type = options.type;
  }

  static {
    Object.defineProperty(Download.prototype, brand, { value: true });
  }
}

/**
 * A file answer of `source`'s bytes: `return download(await fileFrom("reports/q3.pdf"))`,
 * `return download(csvText, { name: "items.csv" })` (bytes), `return download(stream, { length })`.
 */
export function download<Type extends string = "application/octet-stream">(
  source: DownloadSource,
  options?: DownloadOptions<Type>,
): Download<Type> {
  return new Download(source, options);
}

/** Whether `value` is a Download, whichever copy of honest (ESM or CommonJS) made it. */
export function isDownload(value: unknown): value is Download<string> {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[brand] === true;
}
