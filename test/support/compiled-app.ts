import { expect } from "vitest";
import type { AppOptions } from "honest";
import type { Hono } from "hono";
import { compileFixture } from "./compile.js";

// Most compiler tests build controllers into an app and ask it questions; the app.ts they share creates it
// without logging, so that the answers are all a test sees.

const APP = `import { createApp } from "honest";\nexport const app = createApp({ log: false });\n`;

/** Compiles `files` beside an app.ts that creates the app, checks the build reports nothing, and loads the app. */
export async function compiledApp(name: string, files: Readonly<Record<string, string>>): Promise<Hono> {
  const compiled = compileFixture(name, { ...files, "src/app.ts": APP });
  expect(compiled.diagnostics).toEqual([]);
  return (await compiled.load<{ app: Hono }>("src/app.ts")).app;
}

const BUILD = `import { createApp, type AppOptions } from "honest";
export const build = (options: Omit<AppOptions, "controllers">) => createApp({ ...options, log: false });
`;

/**
 * Compiles `files` beside an app.ts whose `build(options)` creates the app with those options, checks the build
 * reports nothing, and gives `build`: for tests that make several apps of one program (instances sharing a server).
 */
export async function compiledAppBuilder(
  name: string,
  files: Readonly<Record<string, string>>,
): Promise<(options: Omit<AppOptions, "controllers">) => Hono> {
  const compiled = compileFixture(name, { ...files, "src/app.ts": BUILD });
  expect(compiled.diagnostics).toEqual([]);
  return (await compiled.load<{ build: (options: Omit<AppOptions, "controllers">) => Hono }>("src/app.ts")).build;
}
