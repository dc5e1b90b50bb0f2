// The files honest compiled, as a pattern for Vite's own TypeScript transform
// (oxc in Vite 8, esbuild before) to exclude: that transform runs after
// honest's and would compile the JavaScript again as TypeScript, lowering it
// to its own target with its own reading of the tsconfig. Vite's filters call
// `test` on a RegExp, so the set answers through one; its own pattern never
// matches.

export class CompiledFiles extends RegExp {
  private readonly ids = new Set<string>();

  constructor() {
    super("(?!)");
  }

  add(id: string): void {
    this.ids.add(id);
  }

  override test(id: string): boolean {
    return this.ids.has(id);
  }

  [Symbol.iterator](): Iterator<string> {
    return this.ids.values();
  }
}
