// The compiler options every test project starts from: ES2022 in Node's
// module system, strict, with library declarations left unchecked (they are
// not what the tests are about). Each project adds what it is about: Node's
// types, where it emits, honest's plugin entry.

export const nodeCompilerOptions = { target: "es2022", module: "nodenext", strict: true, skipLibCheck: true } as const;

/** The text of a tsconfig.json with nodeCompilerOptions, `compilerOptions` over them, compiling `include`. */
export function nodeTsconfig(compilerOptions: Readonly<Record<string, unknown>>, include: readonly string[] = ["src"]): string {
  return JSON.stringify({ compilerOptions: { ...nodeCompilerOptions, ...compilerOptions }, include });
}
