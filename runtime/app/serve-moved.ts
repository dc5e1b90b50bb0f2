// `serve` lives in "honest/node", so that "honest" imports nothing from
// node:*. An import of it from the root still resolves, to this, so that code
// written before the move fails at once with the fix rather than at the
// import with a bare "does not provide an export named serve".

/**
 * @deprecated `serve` moved to "honest/node": `import { serve } from "honest/node"`.
 * This one only throws, saying so.
 */
export function serve(..._args: unknown[]): never {
  throw new Error('honest: serve moved to "honest/node": import { serve } from "honest/node"');
}
