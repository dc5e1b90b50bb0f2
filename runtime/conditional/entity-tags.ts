// Matching an If-Match or If-None-Match field against a resource's entity tag (RFC 9110 §13.1.1, §13.1.2).

/** The entity tags of the field's list, as sent (`W/"a"`, `"b"`); `*` for any. */
function entityTags(field: string): readonly string[] | "*" {
  if (field.trim() === "*") return "*";
  return field.match(/(?:W\/)?"[^"]*"/g) ?? [];
}

/** RFC 9110 §8.8.3.2's strong comparison: both tags strong and the same (If-Match, If-Range). */
export function strongMatch(a: string, b: string): boolean {
  return !a.startsWith("W/") && a === b;
}

/** RFC 9110 §8.8.3.2: weak comparison ignores `W/`. */
function sameTag(a: string, b: string, weak: boolean): boolean {
  return weak ? a.replace(/^W\//, "") === b.replace(/^W\//, "") : strongMatch(a, b);
}

/** Whether `field` lists `etag`, or is `*` and the resource `exists`. */
export function listsTag(field: string, etag: string | undefined, exists: boolean, weak: boolean): boolean {
  const tags = entityTags(field);
  if (tags === "*") return exists;
  return etag !== undefined && tags.some((tag) => sameTag(tag, etag, weak));
}
