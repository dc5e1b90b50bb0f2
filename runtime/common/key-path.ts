// How a 400's error paths name a property (`body.name`, `body["odd key"]`),
// and whether a name can be written as an identifier. The runtime writes the
// keys it meets at run time, the transformer the declared ones at build time:
// both through these, so the two agree.

const IDENTIFIER_NAME = /^[A-Za-z_$][\w$]*$/;

/** Whether `name` can be written as an identifier: `target.name`, `{ name: ... }`. */
export function isIdentifierName(name: string): boolean {
  return IDENTIFIER_NAME.test(name);
}

/** `.key`, or `["key"]` for a key that is not an identifier name. */
export function keySuffix(key: string): string {
  return isIdentifierName(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}

/** `path.key`, or `path["key"]`. */
export function keyPath(path: string, key: string): string {
  return path + keySuffix(key);
}
