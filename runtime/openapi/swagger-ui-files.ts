import { moduleFile } from "./module-file.cjs";

// The documentation page's files are Swagger UI's, read from the app's
// swagger-ui-dist: an optional peer dependency of honest's, installed by the
// apps that serve the page (`npm install swagger-ui-dist@5`), so that the
// others install none of its 1.9 MB. It is resolved from honest's own
// location, as honest's imports are, so the app's copy is found. The files are
// read from disk: nothing is fetched from a CDN, and nothing of Swagger UI is
// bundled into an app. Node's APIs are reached through
// process.getBuiltinModule rather than imported, so that "honest" still
// imports nothing from node:* and bundles for any runtime (docs/guide/openapi-and-clients.md, "Serving
// the document and the documentation page").

/** The files of Swagger UI the page uses: its script and styles, the standalone page's few styles, the icons. */
export const SWAGGER_UI_FILES = ["swagger-ui-bundle.js", "swagger-ui.css", "index.css", "favicon-32x32.png", "favicon-16x16.png"] as const;

/** The standalone preset, whose top bar holds the selector between several documents (docs/guide/versions.md, "A document per version"). */
export const STANDALONE_PRESET_FILE = "swagger-ui-standalone-preset.js" as const;

/** How an app installs the package the page's files come from, as honest's messages say. */
export const SWAGGER_UI_INSTALL = "npm install swagger-ui-dist@5";

export type SwaggerUiFile = (typeof SWAGGER_UI_FILES)[number] | typeof STANDALONE_PRESET_FILE;

export interface SwaggerUiFiles {
  /** Swagger UI's version, which the page puts in its files' URLs so that they can be cached for good. */
  readonly version: string;
  /** A file's bytes, read on the first call and kept. */
  read(file: SwaggerUiFile): Promise<Uint8Array<ArrayBuffer>>;
}

interface NodeApis {
  readonly fs: typeof import("node:fs");
  readonly path: typeof import("node:path");
  readonly module: typeof import("node:module");
}

/** Finds the installed swagger-ui-dist, or throws saying why and what to do; reads nothing but its package.json. */
export function swaggerUiFiles(): SwaggerUiFiles {
  const apis = nodeApis();
  const { fs, path } = apis;
  const folder = swaggerUiFolder(apis);
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
    typeof getBuiltinModule === "function"
      ? { fs: getBuiltinModule("node:fs"), path: getBuiltinModule("node:path"), module: getBuiltinModule("node:module") }
      : undefined;
  // A runtime may lack a module: each is checked.
  if (apis?.fs?.promises && apis.path && typeof apis.module?.createRequire === "function") return apis;
  throw new Error(
    "honest: createApp({ openapi: { docs } }) serves Swagger UI's files from the swagger-ui-dist package on disk, and this runtime " +
      "gives no filesystem (no process.getBuiltinModule, which Node, Bun and Deno have). Leave docs out here: " +
      "openapi.path alone serves the document on every runtime, and any Swagger UI can be pointed at it.",
  );
}

/**
 * The folder of the swagger-ui-dist that honest's own folder resolves (the app's, for a peer dependency), found from
 * module-file.cjs, which is in honest's dist/esm or dist/cjs whichever build loaded it.
 */
function swaggerUiFolder({ module, path }: NodeApis): string {
  if (moduleFile === undefined) {
    throw new Error(
      "honest: createApp({ openapi: { docs } }) cannot tell where honest is installed, so it cannot find the swagger-ui-dist " +
        "package beside it (honest was bundled into an ES module). Keep honest out of the bundle " +
        "(esbuild --packages=external, or --external:honest) and install it with the app.",
    );
  }
  let manifest: string;
  try {
    manifest = module.createRequire(moduleFile).resolve("swagger-ui-dist/package.json");
  } catch (error) {
    throw new Error(
      "honest: createApp({ openapi: { docs } }) serves Swagger UI's files from the swagger-ui-dist package, an optional peer " +
        `dependency of honest's, which is not installed; install it with: ${SWAGGER_UI_INSTALL}`,
      { cause: error },
    );
  }
  return path.dirname(manifest);
}

function swaggerUiVersion(fs: NodeApis["fs"], path: NodeApis["path"], folder: string): string {
  const file = path.join(folder, "package.json");
  let version: unknown;
  try {
    version = (JSON.parse(fs.readFileSync(file, "utf8")) as { version?: unknown }).version;
  } catch {
    version = undefined;
  }
  if (typeof version !== "string" || version === "") {
    throw new Error(`honest: ${file} does not say which Swagger UI it is (no "version"): install it again with: ${SWAGGER_UI_INSTALL}`);
  }
  return version;
}
