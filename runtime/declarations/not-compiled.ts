// What every decorator does if it ever runs: the class was compiled without
// the honest transformer, so no route exists. Failing loudly beats a server
// that starts and answers 404 for everything.
export function notCompiled(what: string): never {
  throw new Error(
    `honest: ${what} ran at run time, so this file was compiled without the honest transformer. ` +
      `Add { "transform": "honest/transformer" } to compilerOptions.plugins in tsconfig.json and build with tspc (ts-patch); ` +
      `in Vite or Vitest, add honest() from "honest/vite" to the config's plugins, with a tsconfig.json that includes this file.`,
  );
}
