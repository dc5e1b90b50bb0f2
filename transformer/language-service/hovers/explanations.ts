import type ts from "typescript";
import type { PathValueType } from "../../compiler/model.js";
import type { HandlerRoute } from "./handler-route.js";

// What honest does with each kind of handler input, in a sentence a hover
// adds to TypeScript's: where the value comes from, and the answer a request
// gets when it is wrong. The statuses are docs/guide/path-parameters.md's ("Path parameter types",
// "JSON bodies and responses", "Query strings, headers and cookies", "Forms
// and file uploads", "Resolvers", "Errors").

/** `GET /items/{id}`. */
function label(route: HandlerRoute): string {
  return `${route.method} ${route.path}`;
}

/** Names as a hover lists them: `` `tag`, `limit` ``. */
function listed(names: readonly string[]): string {
  return names.map((name) => `\`${name}\``).join(", ");
}

/** The answer to a placeholder's text that is not of its type. */
function pathRefusal(type: PathValueType): string {
  switch (type.kind) {
    case "i64":
      return "400 when it is not a 64-bit integer";
    case "number":
      return "400 when it is not a finite decimal number";
    case "boolean":
      return "400 when it is not `true` or `false`";
    case "date":
      return "400 when it is not an RFC 3339 date-time";
    case "string":
      return "404 when it is empty, as no route matches";
    case "literals":
      return `400 when it is not one of ${listed(type.values.map(String))}`;
  }
}

/** `Path<T>`: one value per placeholder, in path order; `types` undefined where honest cannot parse the type. */
export function explainPath(route: HandlerRoute, types: readonly (PathValueType | undefined)[]): string | undefined {
  const { placeholders } = route;
  if (placeholders.length === 0 || types.length !== placeholders.length) return undefined;
  if (placeholders.length === 1) {
    const type = types[0];
    const refusal = type ? `; ${pathRefusal(type)}` : "";
    return `honest: parsed from \`{${placeholders[0]}}\` of ${label(route)}${refusal}.`;
  }
  const refusals = placeholders.flatMap((name, index) => {
    const type = types[index];
    return type ? [`${pathRefusal(type).replace(" it ", ` \`{${name}}\` `)}`] : [];
  });
  return (
    `honest: parsed from ${listed(placeholders.map((name) => `{${name}}`))} of ${label(route)}, in that order` +
    (refusals.length > 0 ? `; ${refusals.join(", ")}.` : ".")
  );
}

export function explainJsonBody(route: HandlerRoute, written: string): string {
  return (
    `honest: the request body of ${label(route)}, parsed as JSON and checked against \`${written}\` before the handler runs, ` +
    "undeclared properties dropped; 415 when its content type is not JSON, 413 when it is larger than `bodyLimit`, " +
    "400 when it is not JSON or does not match the type, listing every fault."
  );
}

export function explainInput(route: HandlerRoute, tag: "Query" | "Header" | "Cookie" | "Form", names: readonly string[]): string {
  const declared = names.length > 0 ? ` (${listed(names)})` : "";
  const faults = "400 listing every fault";
  switch (tag) {
    case "Query":
      return (
        `honest: the query string's keys${declared} of ${label(route)}, each parsed as its declared type; ` +
        `${faults} when a required key is missing, a single value is given twice, or a value does not parse.`
      );
    case "Header":
      return (
        `honest: the request headers${declared} of ${label(route)}, in whatever case the client sends them, each parsed as its declared type; ` +
        `${faults} when a required header is missing, a single value is sent twice, or a value does not parse.`
      );
    case "Cookie":
      return (
        `honest: the cookies${declared} of ${label(route)}, read from the \`cookie\` header, each parsed as its declared type; ` +
        `${faults} when a required cookie is missing, given twice, or does not parse.`
      );
    case "Form":
      return (
        `honest: the request body of ${label(route)} read as a form, \`application/x-www-form-urlencoded\` or \`multipart/form-data\`` +
        `: the fields${declared}, each parsed as its declared type, files as Web \`File\`s; ` +
        `415 when its content type is not a form, 413 when it is larger than \`bodyLimit\`, ` +
        `${faults} when a required field is missing, a single value is given twice, or a value does not parse.`
      );
  }
}

export function explainResolver(route: HandlerRoute, resolver: string): string {
  return (
    `honest: what \`${resolver}.resolve(c)\` returns, awaited, on the app's one instance of ${resolver}; ` +
    `for ${label(route)} it runs after the path is parsed and before the body is read. ` +
    "An `HttpError` it throws (`new HttpError(401)`) answers the request with that status; anything else it throws is a 500."
  );
}

export function explainInject(component: string): string {
  return (
    `honest: filled when the app is built, with the app's one instance of ${component} ` +
    `(built with \`new ${component}()\`, or the one given in \`createApp({ providers: [[${component}, instance]] })\`).`
  );
}

/** TypeScript's documentation with honest's explanation after it, as a paragraph of its own. */
export function withExplanation(documentation: readonly ts.SymbolDisplayPart[] | undefined, explanation: string): ts.SymbolDisplayPart[] {
  const own = documentation ?? [];
  return [...own, ...(own.length > 0 ? [{ kind: "lineBreak", text: "\n\n" }] : []), { kind: "text", text: explanation }];
}
