// A value from a committed OpenAPI document (an enum value, a constraint's
// old value) as a message shows it: its JSON. JSON.stringify recurses, and
// overflows the stack on a value nested a few thousand levels deep, which a
// hand-written document may hold; such a value is described instead
// (docs/guide/openapi-and-clients.md, "Stopping a breaking change").

/** `value`'s JSON, or, when it nests more than `limit` levels of arrays and objects, what it is. */
export function shownJson(value: unknown, limit: number): string {
  if (nestsDeeperThan(value, limit)) {
    return `${Array.isArray(value) ? "an array" : "an object"} nested more than ${limit} levels deep`;
  }
  return JSON.stringify(value) as string;
}

/** Whether `value` has arrays or objects more than `limit` levels within each other, found with a stack of its own. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const waiting: [unknown, number][] = [[value, 1]];
  for (let next = waiting.pop(); next !== undefined; next = waiting.pop()) {
    const [each, depth] = next;
    if (typeof each !== "object" || each === null) continue;
    if (depth > limit) return true;
    for (const member of Array.isArray(each) ? each : Object.values(each)) {
      if (typeof member === "object" && member !== null) waiting.push([member, depth + 1]);
    }
  }
  return false;
}
