// What a createApp() or a controller not compiled by honest is told: the two
// ways to build that work, and, on Node, when the project's own TypeScript is
// 7 (where tspc cannot run: ts-patch cannot patch it, and TypeScript 7's tsc
// ignores the transform entry), which is why, and the two ways out.

const TRANSFORMER = 'build with tspc and { "transform": "honest/transformer" } in compilerOptions.plugins (TypeScript 5.9 or 6)';
const GENERATOR = 'run `npx honest generate` before tsc and add import "./honest.generated.js"; to the file that calls createApp()';

/** The ways to build, as a sentence, with what is known about the project's TypeScript. */
export function buildAdvice(): string {
  const version = projectTypescriptVersion();
  if (version !== undefined && Number.parseInt(version, 10) >= 7) {
    return (
      `This project's typescript is ${version}, where tspc cannot run and tsc builds without honest. Either pin TypeScript 6 ` +
      `(npm install --save-dev typescript@6.0.3) and ${TRANSFORMER.replace(" (TypeScript 5.9 or 6)", "")}; or stay on TypeScript 7 ` +
      `and ${GENERATOR} (TypeScript 7: generator mode, https://github.com/honest-ts/honest/blob/main/docs/setup/typescript-7.md).`
    );
  }
  return `Either ${TRANSFORMER}; or, on TypeScript 7, ${GENERATOR} (TypeScript 7: generator mode, https://github.com/honest-ts/honest/blob/main/docs/setup/typescript-7.md).`;
}

/** The version of the `typescript` the working directory resolves, on Node; undefined elsewhere or when none is found. */
function projectTypescriptVersion(): string | undefined {
  try {
    const process = (globalThis as { process?: { getBuiltinModule?: (id: string) => any; cwd(): string } }).process;
    const module = process?.getBuiltinModule?.("node:module");
    if (!process || !module?.createRequire) return undefined;
    const manifest = module.createRequire(`${process.cwd()}/`)("typescript/package.json") as { version?: unknown };
    return typeof manifest.version === "string" ? manifest.version : undefined;
  } catch {
    return undefined;
  }
}
