// The changes from a committed OpenAPI document to the program's current one
// that break a client written against the committed one
// (docs/guide/openapi-and-clients.md, "Stopping a breaking change"), as the
// breaking-change gate (openapi/breaking-changes.ts) finds them and honest's
// messages word them (diagnostic-messages.ts).

/**
 * How many levels of schemas the gate follows from an operation's parameter,
 * body or response: each property, item, `prefixItems` member,
 * `additionalProperties` and `anyOf`/`oneOf` member a level, `$ref`s followed
 * (docs/guide/openapi-and-clients.md, "Stopping a breaking change").
 */
export const MAX_SCHEMA_DEPTH = 256;

/** Which document a schema is in: the committed one, or the program's. */
export type DocumentSide = "committed" | "current";

/** Where in an operation a schema is: a parameter, the request body, a response. */
export type Subject =
  | { readonly kind: "parameter"; readonly in: string; readonly name: string }
  | { readonly kind: "body"; readonly mediaType: string }
  | { readonly kind: "response"; readonly status: string; readonly mediaType: string };

/** A place in a schema: `$` for the whole value, `$.items[].price` inside it. */
export type JsonPath = string;

export type Change =
  | { readonly kind: "operationRemoved" }
  | { readonly kind: "statusRemoved"; readonly status: string }
  | { readonly kind: "requestMediaTypeRemoved"; readonly mediaType: string }
  | { readonly kind: "responseMediaTypeRemoved"; readonly status: string; readonly mediaType: string }
  /** `added`: the parameter is new; else it was optional. */
  | { readonly kind: "parameterRequired"; readonly in: string; readonly name: string; readonly added: boolean }
  | { readonly kind: "bodyRequired"; readonly added: boolean }
  | { readonly kind: "securityAdded" }
  | { readonly kind: "propertyRequired"; readonly subject: Subject; readonly at: JsonPath; readonly added: boolean }
  | { readonly kind: "propertyRemoved"; readonly subject: Subject; readonly at: JsonPath }
  | { readonly kind: "propertyOptional"; readonly subject: Subject; readonly at: JsonPath }
  | { readonly kind: "typesNarrowed"; readonly subject: Subject; readonly at: JsonPath; readonly removed: readonly string[] }
  | { readonly kind: "typesWidened"; readonly subject: Subject; readonly at: JsonPath; readonly added: readonly string[] }
  | { readonly kind: "valuesRemoved"; readonly subject: Subject; readonly at: JsonPath; readonly values: readonly unknown[] }
  | { readonly kind: "valuesLimited"; readonly subject: Subject; readonly at: JsonPath; readonly values: readonly unknown[] }
  | {
      readonly kind: "constraintTightened";
      readonly subject: Subject;
      readonly at: JsonPath;
      readonly keyword: string;
      readonly before: unknown;
      readonly after: unknown;
    }
  | { readonly kind: "alternativeRemoved"; readonly subject: Subject; readonly at: JsonPath; readonly name: string };
