// The last step of `npm run build`, after tsc: copies the Swagger UI files the
// documentation page serves from swagger-ui-dist, an exactly pinned
// devDependency of honest's, into dist/swagger-ui/, which honest's package
// ships (`files` has dist), with the licence files that go with them and a
// file saying which version they are. Installing honest then installs neither
// swagger-ui-dist nor its @scarf/scarf, whose install script reports installs
// (docs/guide/openapi-and-clients.md, "Serving the document and the documentation page"). The list of files is the
// runtime's own, from the build tsc has just written.

import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { SWAGGER_UI_FILES, SWAGGER_UI_FOLDER, SWAGGER_UI_VERSION_FILE } from "../../dist/esm/runtime/openapi/swagger-ui-files.js";

/** Apache-2.0 (section 4) asks for its text and the NOTICE file with every copy; the bundle's first line points at the third. */
const LICENSE_FILES = ["LICENSE", "NOTICE", "swagger-ui-bundle.js.LICENSE.txt"];

const root = path.resolve(import.meta.dirname, "../..");
const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const pinned = manifest.devDependencies?.["swagger-ui-dist"];
const source = swaggerUiDist();
const { version } = JSON.parse(readFileSync(path.join(source, "package.json"), "utf8"));
if (version !== pinned) {
  throw new Error(`node_modules has swagger-ui-dist ${version}, and package.json's devDependencies pin ${pinned}: run npm ci`);
}

const target = path.join(root, SWAGGER_UI_FOLDER);
rmSync(target, { recursive: true, force: true });
mkdirSync(target, { recursive: true });
for (const file of [...SWAGGER_UI_FILES, ...LICENSE_FILES]) copyFileSync(path.join(source, file), path.join(target, file));
writeFileSync(path.join(target, SWAGGER_UI_VERSION_FILE), `${JSON.stringify({ name: "swagger-ui-dist", version })}\n`);

/** swagger-ui-dist's folder in node_modules, or an error saying to install honest's devDependencies. */
function swaggerUiDist() {
  try {
    return path.dirname(createRequire(path.join(root, "package.json")).resolve("swagger-ui-dist/package.json"));
  } catch (cause) {
    const why = "swagger-ui-dist, the devDependency honest's build copies Swagger UI's files from, is not installed";
    throw new Error(`${why}: run npm ci`, { cause });
  }
}
