import fs from "node:fs";
import path from "node:path";

// The files a build writes besides its JavaScript: the OpenAPI document and
// the client (docs/guide/openapi-and-clients.md, "OpenAPI and clients").

/** Writes `text` to `file` when it changed, so a watcher of the file sees a change only when there is one. */
export function writeWhenChanged(file: string, text: string): void {
  if (fs.existsSync(file) && fs.readFileSync(file, "utf8") === text) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}
