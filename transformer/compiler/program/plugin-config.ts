// The honest entry of a tsconfig's compilerOptions.plugins, where honest's
// options live in both modes: tspc hands it to the transformer, honest/vite
// reads it, and `honest generate` (docs/setup/typescript-7.md, "TypeScript 7: generator mode")
// reads it from the tsconfig TypeScript 7 parses, which keeps the entry though
// its tsc ignores it.

/**
 * The honest entry of the tsconfig's `plugins` (`{ "transform": "honest/transformer", "openapi": ... }`),
 * whose options the transformer takes as tspc gives them; a path to a built
 * transformer (`../dist/cjs/transformer/index.js`) counts too.
 */
export function honestPluginConfig(options: object): Readonly<Record<string, unknown>> {
  const { plugins } = options as { readonly plugins?: unknown };
  const entries = Array.isArray(plugins) ? (plugins as readonly { readonly transform?: unknown }[]) : [];
  const isHonest = (transform: unknown) =>
    typeof transform === "string" && (transform === "honest/transformer" || /(^|\/)transformer(\/index\.[cm]?js)?$/.test(transform));
  return entries.find((entry) => isHonest(entry.transform)) ?? {};
}
