import { cpSync, readFileSync } from "node:fs";
import path from "node:path";
import { exampleDir } from "./example.js";
import { packedTarball } from "./packed-tarball.js";
import { readmeBlock } from "./readme.js";
import { sharedUserProject, writeFiles } from "./user-project.js";
import { repositoryRoot } from "./working-tree.js";

// The user project that holds the example's sources (example/src in src/),
// with README's package.json fields and tsconfig.json as they are shown,
// honest installed from the packed tarball beside the project's own hono
// (4.12.23, the lowest of honest's peer range) and @hono/node-server,
// swagger-ui-dist (the example serves the documentation page) and ws (serve
// upgrades the example's chat with it), both optional peer dependencies,
// the example's database (Kysely, PGlite with its Kysely dialect, pg: docs/guide/databases.md,
// "Databases"), its logs (pino) and traces (the OpenTelemetry API, and the Node SDK with the OTLP/HTTP
// exporters it loads when OTEL_EXPORTER_OTLP_ENDPOINT is set: docs/guide/logs-and-traces.md), TypeScript 6.0, ts-patch and Vitest 4.1. packed-package builds and serves
// it; vitest-plugin tests it with honest/vite. One install per run serves
// both (support/user-project.ts, sharedUserProject).

const devDependencies: Record<string, string> = JSON.parse(readFileSync(path.join(repositoryRoot, "package.json"), "utf8")).devDependencies;

/** swagger-ui-dist as honest's devDependencies pin it: the version the project installs for the documentation page. */
const swaggerUiVersion = devDependencies["swagger-ui-dist"]!;

/** `names` at the versions honest's devDependencies pin. */
function pinned(...names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, devDependencies[name]!]));
}

/** Installs the project in `dir` and writes its tsconfig.json and sources. */
export function exampleUserProject(dir: string): void {
  sharedUserProject(dir, "honest-example-user-app", {
    ...JSON.parse(readmeBlock("`package.json` (the fields honest needs")),
    dependencies: {
      honest: `file:${packedTarball()}`,
      hono: "4.12.23",
      "@hono/node-server": "2.1.9",
      "swagger-ui-dist": swaggerUiVersion,
      ws: devDependencies.ws!,
      ...pinned("kysely", "@electric-sql/pglite", "kysely-pglite-dialect", "pg", "pino"),
      ...pinned(
        "@opentelemetry/api",
        "@opentelemetry/sdk-node",
        "@opentelemetry/sdk-metrics",
        "@opentelemetry/exporter-trace-otlp-http",
        "@opentelemetry/exporter-metrics-otlp-http",
      ),
    },
    devDependencies: { "@types/node": "20.19.43", ...pinned("@types/pg"), "ts-patch": "3.3.0", typescript: "6.0.3", vitest: "4.1.12" },
    // Were @scarf/scarf's install script run (npm 10 runs it; npm 11 asks first), it would report nothing.
    scarfSettings: { enabled: false },
  });
  writeFiles(dir, { "tsconfig.json": readmeBlock("`tsconfig.json`:") });
  cpSync(path.join(exampleDir, "src"), path.join(dir, "src"), { recursive: true });
}
