import type { FactType } from "../facts/compiler-facts.js";
import type { ValidatorKinds } from "../model.js";
import type { HonestSymbols } from "./honest-symbols.js";

// Whether a resolver's value is a route's validators (docs/guide/conditional-requests.md, "Validators from a
// resolver"): honest's `ETag` or `LastModified` (the aliases carry their `@honest` tag), or an object of them under
// `etag` and `lastModified`, `undefined` besides for a resource that does not exist.

/** The validators `resolved` (what `resolve` gives, awaited) holds; undefined when it holds none. */
export function validatorKinds(symbols: HonestSymbols, resolved: FactType): ValidatorKinds | undefined {
  const { facts } = symbols;
  let etag = false;
  let lastModified = false;
  const tagOf = (type: FactType) => {
    const alias = facts.aliasSymbol(type);
    return alias === undefined ? undefined : symbols.tagOfSymbol(alias);
  };
  for (const member of facts.unionMembers(resolved) ?? [resolved]) {
    const tag = tagOf(member);
    if (tag === "ETag") etag = true;
    else if (tag === "LastModified") lastModified = true;
    else {
      const etagProperty = facts.property(member, "etag");
      const dateProperty = facts.property(member, "lastModified");
      if (etagProperty && tagOf(facts.nonNullableType(facts.typeOfSymbol(etagProperty))) === "ETag") etag = true;
      if (dateProperty && tagOf(facts.nonNullableType(facts.typeOfSymbol(dateProperty))) === "LastModified") lastModified = true;
    }
  }
  return etag || lastModified ? { etag, lastModified } : undefined;
}
