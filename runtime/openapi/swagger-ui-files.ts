import { moduleFile } from "./module-file.cjs";

// The documentation page's files are Swagger UI's, shipped inside honest's
// package: honest's build copies them from swagger-ui-dist (a pinned
// devDependency, so installing honest installs neither it nor its install
// script) into dist/swagger-ui/, beside their licence and their version. They
// are read from disk: nothing is fetched from a CDN, and nothing of Swagger
// UI's 1.9 MB is bundled into an app. Node's APIs are reached through
// process.getBuiltinModule rather than imported, so that "honest" still
// imports nothing from node:* and bundles for any runtime (docs/guide/openapi-and-clients.md, "Serving
// the document and the documentation page").

/** The files of Swagger UI the page uses: its script and styles, the standalone page's few styles, the icons. */
export const SWAGGER_UI_FILES = ["swagger-ui-bundle.js", "swagger-ui.css", "index.css", "favicon-32x32.png", "favicon-16x16.png"] as const;

/** Where honest's build puts them, in honest's package folder. */
export const SWAGGER_UI_FOLDER = "dist/swagger-ui";

/** The file, beside them, saying which swagger-ui-dist they were copied from: `{ "name": "swagger-ui-dist", "version": "5.35.0" }`. */
export const SWAGGER_UI_VERSION_FILE = "version.json";

export type SwaggerUiFile = (typeof SWAGGER_UI_FILES)[number];

export interface SwaggerUiFiles {
  /** Swagger UI's version, which the page puts in its files' URLs so that they can be cached for good. */
  readonly version: string;
  /** A file's bytes, read on the first call and kept. */
  read(file: SwaggerUiFile): Promise<Uint8Array<ArrayBuffer>>;
}

interface NodeApis {
  readonly fs: typeof import("node:fs");
  readonly path: typeof import("node:path");
}

/** Finds the Swagger UI files in honest's package, or throws saying why and what to do; reads nothing but their version. */
export function swaggerUiFiles(): SwaggerUiFiles {
  const { fs, path } = nodeApis();
  const folder = swaggerUiFolder(path);
  const version = swaggerUiVersion(fs, path, folder);
  const read = new Map<SwaggerUiFile, Promise<Uint8Array<ArrayBuffer>>>();
  return {
    version,
    read(file) {
      let bytes = read.get(file);
      if (bytes === undefined) {
        bytes = fs.promises.readFile(path.join(folder, file)).then(
          (buffer) => new Uint8Array(buffer),
          (error: unknown) => {
            read.delete(file); // a later request tries again
            throw new Error(`honest: the documentation page could not read Swagger UI's ${file} in ${folder}`, { cause: error });
          },
        );
        read.set(file, bytes);
      }
      return bytes;
    },
  };
}

function nodeApis(): NodeApis {
  const getBuiltinModule = typeof process === "object" && process !== null ? process.getBuiltinModule : undefined;
  const apis =
    typeof getBuiltinModule === "function" ? { fs: getBuiltinModule("node:fs"), path: getBuiltinModule("node:path") } : undefined;
  if (apis?.fs?.promises && apis.path) return apis;
  throw new Error(
    "honest: createApp({ openapi: { docs } }) serves Swagger UI's files from honest's package folder on disk, and this runtime " +
      "gives no filesystem (no process.getBuiltinModule, which Node, Bun and Deno have). Leave docs out here: " +
      "openapi.path alone serves the document on every runtime, and any Swagger UI can be pointed at it.",
  );
}

/**
 * honest's dist/swagger-ui, found from module-file.cjs: at dist/esm/runtime/openapi/ in the ES module build and at
 * dist/cjs/runtime/openapi/ in the CommonJS build, four folders below honest's package folder in both.
 */
function swaggerUiFolder(path: NodeApis["path"]): string {
  if (moduleFile === undefined) {
    throw new Error(
      "honest: createApp({ openapi: { docs } }) cannot tell where honest is installed, so it cannot find the Swagger UI files " +
        `in honest's ${SWAGGER_UI_FOLDER} (honest was bundled into an ES module). Keep honest out of the bundle ` +
        "(esbuild --packages=external, or --external:honest) and install it with the app.",
    );
  }
  return path.join(path.resolve(path.dirname(moduleFile), "../../../.."), SWAGGER_UI_FOLDER);
}

function swaggerUiVersion(fs: NodeApis["fs"], path: NodeApis["path"], folder: string): string {
  const file = path.join(folder, SWAGGER_UI_VERSION_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new Error(
      `honest: createApp({ openapi: { docs } }) serves the Swagger UI files shipped in honest's package, and there are none in ` +
        `${folder} (no ${SWAGGER_UI_VERSION_FILE}). Either honest was bundled into the app: keep it out of the bundle ` +
        "(esbuild --packages=external, or --external:honest) and install it with the app; or this copy of honest was " +
        "built without them: its `npm run build` copies them from swagger-ui-dist, a devDependency of honest's.",
      { cause: error },
    );
  }
  let version: unknown;
  try {
    version = (JSON.parse(text) as { version?: unknown }).version;
  } catch {
    version = undefined;
  }
  if (typeof version !== "string" || version === "") {
    throw new Error(`honest: ${file} does not say which Swagger UI it is (no "version"): build or install honest again`);
  }
  return version;
}
