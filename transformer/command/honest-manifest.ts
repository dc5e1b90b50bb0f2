import fs from "node:fs";
import path from "node:path";
import { moduleFile } from "../../runtime/openapi/module-file.cjs";

// honest's own package.json: its version for `honest --version`, and the
// versions `honest init` pins. module-file.cjs sits at
// dist/{esm,cjs}/runtime/openapi/, four folders below the package folder.

export interface HonestManifest {
  readonly version: string;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
}

export function honestManifest(): HonestManifest {
  if (moduleFile === undefined) throw new Error("cannot tell where honest is installed (no module file)");
  const file = path.join(path.resolve(path.dirname(moduleFile), "../../../.."), "package.json");
  return JSON.parse(fs.readFileSync(file, "utf8")) as HonestManifest;
}
