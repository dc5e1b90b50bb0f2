import { moduleFile } from "./module-file.cjs";

// The documentation page's files come from the swagger-ui-dist package,
// installed with honest, read from disk: nothing is fetched from a CDN, and
// nothing of Swagger UI's 1.5 MB is bundled into an app. Node's APIs are
// reached through process.getBuiltinModule rather than imported, so that
// "honest" still imports nothing from node:* and bundles for any runtime
// (README, "Serving the document and the documentation page").

/** The files of swagger-ui-dist the page uses: its script and styles, the standalone page's few styles, the icons. */
export const SWAGGER_UI_FILES = ["swagger-ui-bundle.js", "swagger-ui.css", "index.css", "favicon-32x32.png", "favicon-16x16.png"] as const;

export type SwaggerUiFile = (typeof SWAGGER_UI_FILES)[number];

export interface SwaggerUiFiles {
  /** swagger-ui-dist's version, which the page puts in its files' URLs so that they can be cached for good. */
  readonly version: string;
  /** A file's bytes, read on the first call and kept. */
  read(file: SwaggerUiFile): Promise<Uint8Array<ArrayBuffer>>;
}

interface NodeApis {
  readonly fs: typeof import("node:fs");
  readonly path: typeof import("node:path");
  readonly module: typeof import("node:module");
}

/** Finds swagger-ui-dist beside honest, or throws saying why and what to do; reads nothing but its package.json. */
export function swaggerUiFiles(): SwaggerUiFiles {
  const { fs, path, module } = nodeApis();
  const folder = packageFolder(path, module);
  const version = packageVersion(fs, path, folder);
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
            throw new Error(`honest: the documentation page could not read ${file} from swagger-ui-dist in ${folder}`, { cause: error });
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
  if (apis?.fs?.promises && apis.path && apis.module) return apis;
  throw new Error(
    "honest: createApp({ openapi: { docs } }) serves Swagger UI's files from the swagger-ui-dist package on disk, and this runtime " +
      "gives no filesystem (no process.getBuiltinModule, which Node, Bun and Deno have). Leave docs out here: " +
      "openapi.path alone serves the document on every runtime, and any Swagger UI can be pointed at it.",
  );
}

function packageFolder(path: NodeApis["path"], module: NodeApis["module"]): string {
  if (moduleFile === undefined) {
    throw new Error(
      "honest: createApp({ openapi: { docs } }) cannot tell where honest is installed, so it cannot find swagger-ui-dist beside it " +
        "(honest was bundled into an ES module). Keep honest out of the bundle (esbuild --packages=external, or --external:honest) " +
        "and install it with the app.",
    );
  }
  try {
    return path.dirname(module.createRequire(moduleFile).resolve("swagger-ui-dist/package.json"));
  } catch (error) {
    throw new Error(
      `honest: createApp({ openapi: { docs } }) serves Swagger UI's files from swagger-ui-dist, a dependency of honest, and it is not installed ` +
        `where ${moduleFile} can find it. Install honest's dependencies (npm install), or keep honest out of the app's bundle.`,
      { cause: error },
    );
  }
}

function packageVersion(fs: NodeApis["fs"], path: NodeApis["path"], folder: string): string {
  const { version } = JSON.parse(fs.readFileSync(path.join(folder, "package.json"), "utf8")) as { version?: unknown };
  if (typeof version !== "string")
    throw new Error(`honest: swagger-ui-dist in ${folder} has a package.json without a version: reinstall it`);
  return version;
}
