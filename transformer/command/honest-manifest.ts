import fs from "node:fs";
import path from "node:path";
import { moduleFile } from "../../runtime/openapi/module-file.cjs";

// honest's own package.json: its version for `honest --version`, and the
// versions `honest init` pins; and the folder it is installed in, which
// says where `honest init`'s project installs honest from (installed-from.ts). module-file.cjs sits at
// dist/{esm,cjs}/runtime/openapi/, four folders below the package folder.

export interface HonestManifest {
  readonly version: string;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
}

export function honestManifest(): HonestManifest {
  return JSON.parse(fs.readFileSync(path.join(honestPackageFolder(), "package.json"), "utf8")) as HonestManifest;
}

/** The folder honest is installed in: the one that holds its package.json and dist/. */
export function honestPackageFolder(): string {
  if (moduleFile === undefined) throw new Error("cannot tell where honest is installed (no module file)");
  return path.resolve(path.dirname(moduleFile), "../../../..");
}
