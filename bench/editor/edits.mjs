// One-line edits as a user makes them while typing, each to the text the
// editor has now (so they accumulate, and every version is new):
//   controller: a comment line added above the first route; the string
//     literal of a header name in the create handler's body changed; the
//     path literal of the by-name route changed;
//   DTO: a comment line added above Quote<i>; an optional property of
//     Quote<i> (the quote route's response) added, then renamed;
//   caller (client-vs-hc.mjs): see CALLER_EDITS below.
// Each edit leaves the app valid: TypeScript and honest report nothing.

const replaceOnce = (text, pattern, replacement) => {
  if (!pattern.test(text)) throw new Error(`edit: ${pattern} not found`);
  return text.replace(pattern, replacement);
};

export const CONTROLLER_EDITS = [
  { kind: "comment line", apply: (text, k) => replaceOnce(text, /\n( {2}@Get\("\/"\)\n)/, `\n  // note ${k}\n$1`) },
  { kind: "string in a handler", apply: (text, k) => replaceOnce(text, /c\.header\("location[^"]*"/, `c.header("location-${k}"`) },
  { kind: "route path", apply: (text, k) => replaceOnce(text, /@Get\("\/by-name[^/"]*\/\{name\}"\)/, `@Get("/by-name-${k}/{name}")`) },
];

export const DTO_EDITS = [
  { kind: "comment line", apply: (text, k) => replaceOnce(text, /\n(export interface Quote)/, `\n// note ${k}\n$1`) },
  {
    kind: "property of a response type",
    apply: (text, k) =>
      /\n {2}extra\d+\?: string;\n/.test(text)
        ? text.replace(/\n {2}extra\d+\?: string;\n/, `\n  extra${k}?: string;\n`)
        : replaceOnce(text, /(\n {2}total: number;\n)/, `$1  extra${k}?: string;\n`),
  },
];

// A file calling the app's client (client-callers.mjs), honest's or hc: a
// comment line added above its function; the name it looks items up by
// changed; the name in the update's body changed.
export const CALLER_EDITS = [
  { kind: "comment line", apply: (text, k) => replaceOnce(text, /\n(export async function calls)/, `\n// note ${k}\n$1`) },
  { kind: "string in a call's input", apply: (text, k) => replaceOnce(text, /name: "first[^"]*"/, `name: "first-${k}"`) },
  { kind: "string in a body", apply: (text, k) => replaceOnce(text, /name: "pen[^"]*"/, `name: "pen-${k}"`) },
];
