import { openAsBlob } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";

// A file on disk as a Web File, for `download()` (docs/guide/files.md, "From
// disk"): Node's fs.openAsBlob, whose bytes are read only as its stream is
// pulled, and a slice's only over the slice, so a Range of a large file reads
// that range alone. Its name is the path's base name, its lastModified the
// file's modification time (the answer's Last-Modified), its type the one
// given, else one of the common types by extension, else none (then the
// route's declared type is sent). Bun (Bun.file) and Deno (Deno.open) have
// their own lazy files: download() takes any Blob.

export interface FileFromOptions {
  /** The media type, when the extension does not say it or says it otherwise. */
  readonly type?: string;
  /** The name the File carries (and Content-Disposition's filename); by default the path's base name. */
  readonly name?: string;
}

/** Common types by extension: what a file route most often serves. */
const TYPES: Readonly<Record<string, string>> = {
  ".txt": "text/plain; charset=utf-8",
  ".csv": "text/csv; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".pdf": "application/pdf",
  ".zip": "application/zip",
  ".gz": "application/gzip",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".svg": "image/svg+xml",
  ".mp3": "audio/mpeg",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
};

/** The file at `file` (a path, relative to the working directory), read lazily; rejects as fs does (ENOENT) when there is none. */
export async function fileFrom(file: string, options: FileFromOptions = {}): Promise<File> {
  const info = await stat(file);
  if (!info.isFile()) throw Object.assign(new Error(`honest: ${file} is not a file`), { code: "EISDIR" });
  const blob = await openAsBlob(file);
  const type = options.type ?? TYPES[path.extname(file).toLowerCase()] ?? "";
  return new File([blob], options.name ?? path.basename(file), { type, lastModified: info.mtimeMs });
}
