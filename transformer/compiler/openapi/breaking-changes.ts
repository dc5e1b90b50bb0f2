import { type Change, type DocumentSide, type JsonPath, MAX_SCHEMA_DEPTH, type Subject } from "../document-changes.js";
import { shownJson } from "../text/shown-json.js";
import type { Schema } from "./schema.js";

// The changes from a committed OpenAPI document to the program's current one
// that break a client written against the committed one (docs/guide/openapi-and-clients.md,
// "Stopping a breaking change"): an operation or a success status removed, a
// new required input, an input narrowed (a type, a value or a constraint
// less), and a response that may now lack what it had or hold a type it did
// not. Additive changes (a new operation, status, optional input or response
// property; an input widened) are not listed. Both documents are plain
// OpenAPI 3.1 data; `$ref`s are followed within each document, and a change
// inside a shared component is listed once, as honest reports a faulty DTO
// once, at the first operation that has it. Schemas are followed to
// MAX_SCHEMA_DEPTH levels, $refs included, and no deeper: past it the
// comparison stops with SchemaTooDeep, so that a document nested thousands
// of levels deep (or a chain of thousands of $refs) is answered with where,
// not with a stack overflow.

/** A schema nested deeper than MAX_SCHEMA_DEPTH: the comparison stops there. */
export class SchemaTooDeep extends Error {
  constructor(
    readonly document: DocumentSide,
    /** The operation, as a BreakingChange names it. */
    readonly operation: { readonly method: string; readonly path: string; readonly currentPath: string },
    readonly subject: Subject,
    /** The schema in the committed document from which the walk went too deep, as a JSON pointer. */
    readonly pointer: string,
  ) {
    super(`the ${document} document nests a schema more than ${MAX_SCHEMA_DEPTH} levels deep at ${pointer}`);
  }
}

export interface BreakingChange {
  /** The operation's method, upper-case: `GET`. */
  readonly method: string;
  /** Its path in the committed document. */
  readonly path: string;
  /** Its path in the current document; undefined when the operation is gone. */
  readonly currentPath: string | undefined;
  readonly change: Change;
  /** Where the committed document has what changed, as a JSON pointer. */
  readonly pointer: string;
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

/**
 * Every change from `committed` to `current` that breaks a client of `committed`, in the committed document's order.
 * Throws SchemaTooDeep at a schema nested more than MAX_SCHEMA_DEPTH levels.
 */
export function breakingChanges(committed: Schema, current: Schema): BreakingChange[] {
  const changes: BreakingChange[] = [];
  // A change inside a shared component (`#/components/schemas/Item`) is one change, listed at the first operation that has it.
  const shared = new Set<string>();
  const currentOperations = new Map<string, { readonly path: string; readonly operation: Schema }>();
  for (const [path, item] of entries(current.paths)) {
    for (const method of METHODS) {
      const operation = record(item[method]);
      if (operation) currentOperations.set(`${method} ${templateOf(path)}`, { path, operation });
    }
  }
  for (const [path, item] of entries(committed.paths)) {
    for (const method of METHODS) {
      const before = record(item[method]);
      if (!before) continue;
      const pointer = `/paths/${escapeToken(path)}/${method}`;
      const found = currentOperations.get(`${method} ${templateOf(path)}`);
      const report = (change: Change, at: string = pointer) => {
        if (at.startsWith("/components/")) {
          const { subject: _subject, at: _at, ...what } = change as Change & { subject?: unknown; at?: unknown };
          const key = `${at}\0${change.kind}\0${shownJson(what, MAX_SCHEMA_DEPTH)}`;
          if (shared.has(key)) return;
          shared.add(key);
        }
        changes.push({ method: method.toUpperCase(), path, currentPath: found?.path, change, pointer: at });
      };
      if (!found) report({ kind: "operationRemoved" });
      else {
        const operation = { method: method.toUpperCase(), path, currentPath: found.path };
        new OperationComparison(committed, current, operation, report).compare({ path, operation: before }, found, pointer);
      }
    }
  }
  return changes;
}

type Report = (change: Change, pointer?: string) => void;

/** Which way a schema may not move: an input may not reject what it took, a response may not give what it did not. */
type Direction = "request" | "response";

class OperationComparison {
  readonly #before: Schema;
  readonly #after: Schema;
  readonly #operation: SchemaTooDeep["operation"];
  readonly #report: Report;
  /** `$ref` pairs already compared, so that recursive schemas end. */
  readonly #compared = new Set<string>();

  constructor(before: Schema, after: Schema, operation: SchemaTooDeep["operation"], report: Report) {
    this.#before = before;
    this.#after = after;
    this.#operation = operation;
    this.#report = report;
  }

  /** What a walk from the committed document's schema at `pointer` calls past MAX_SCHEMA_DEPTH. */
  #tooDeep(document: DocumentSide, subject: Subject, pointer: string): () => never {
    return () => {
      throw new SchemaTooDeep(document, this.#operation, subject, pointer);
    };
  }

  /** One operation as each document has it, at its path there. */
  compare(
    { path: beforePath, operation: before }: { readonly path: string; readonly operation: Schema },
    { path: afterPath, operation: after }: { readonly path: string; readonly operation: Schema },
    pointer: string,
  ): void {
    this.#parameters(before, after, { before: beforePath, after: afterPath }, pointer);
    this.#requestBody(before, after, pointer);
    this.#responses(before, after, pointer);
    const hadSecurity = Array.isArray(before.security) && before.security.length > 0;
    const hasSecurity = Array.isArray(after.security) && after.security.length > 0;
    const allowsAnonymous = Array.isArray(after.security) && after.security.some((each) => Object.keys(record(each) ?? {}).length === 0);
    if (!hadSecurity && hasSecurity && !allowsAnonymous) this.#report({ kind: "securityAdded" });
  }

  /** Parameters matched by where and name (a header's in any case), a path parameter by its placeholder's place in the path. */
  #parameters(before: Schema, after: Schema, paths: { readonly before: string; readonly after: string }, pointer: string): void {
    const key = (parameter: Schema, path: string) =>
      parameter.in === "path"
        ? `path ${placeholdersOf(path).indexOf(String(parameter.name))}`
        : `${parameter.in} ${parameter.in === "header" ? String(parameter.name).toLowerCase() : String(parameter.name)}`;
    const old = new Map<string, { readonly parameter: Schema; readonly pointer: string }>();
    for (const [index, each] of list(before.parameters).entries()) {
      const parameter = resolved(this.#before, each).schema;
      old.set(key(parameter, paths.before), { parameter, pointer: `${pointer}/parameters/${index}` });
    }
    for (const each of list(after.parameters)) {
      const parameter = resolved(this.#after, each).schema;
      const name = String(parameter.name);
      const where = String(parameter.in);
      const had = old.get(key(parameter, paths.after));
      const required = parameter.required === true || where === "path";
      if (!had) {
        if (required) this.#report({ kind: "parameterRequired", in: where, name, added: true });
        continue;
      }
      if (required && had.parameter.required !== true && where !== "path") {
        this.#report({ kind: "parameterRequired", in: where, name, added: false }, had.pointer);
      }
      const subject: Subject = { kind: "parameter", in: where, name };
      this.#schema(record(had.parameter.schema) ?? {}, record(parameter.schema) ?? {}, "request", subject, "$", `${had.pointer}/schema`, 0);
    }
  }

  #requestBody(before: Schema, after: Schema, pointer: string): void {
    const old = before.requestBody === undefined ? undefined : resolved(this.#before, before.requestBody).schema;
    const now = after.requestBody === undefined ? undefined : resolved(this.#after, after.requestBody).schema;
    if (!now) return;
    if (!old) {
      if (now.required === true) this.#report({ kind: "bodyRequired", added: true });
      return;
    }
    const bodyPointer = `${pointer}/requestBody`;
    if (now.required === true && old.required !== true) this.#report({ kind: "bodyRequired", added: false }, bodyPointer);
    const nowContent = record(now.content) ?? {};
    for (const [mediaType, media] of entries(old.content)) {
      const mediaPointer = `${bodyPointer}/content/${escapeToken(mediaType)}`;
      const current = record(nowContent[mediaType]);
      if (!current) {
        this.#report({ kind: "requestMediaTypeRemoved", mediaType }, mediaPointer);
        continue;
      }
      const subject: Subject = { kind: "body", mediaType };
      this.#schema(record(media.schema) ?? {}, record(current.schema) ?? {}, "request", subject, "$", `${mediaPointer}/schema`, 0);
    }
  }

  #responses(before: Schema, after: Schema, pointer: string): void {
    const now = record(after.responses) ?? {};
    const statuses = Object.keys(now);
    for (const [status, each] of entries(before.responses)) {
      const statusPointer = `${pointer}/responses/${escapeToken(status)}`;
      const current = now[status] ?? now[`${status.charAt(0)}XX`];
      // An error answer gone is one the client no longer has to handle; a range (`2XX`) stays while the new document has a status in it.
      const kept = current !== undefined || (/^\dXX$/i.test(status) && statuses.some((code) => code.charAt(0) === status.charAt(0)));
      if (!kept) {
        if (!/^[45]/.test(status) && status !== "default") this.#report({ kind: "statusRemoved", status }, statusPointer);
        continue;
      }
      if (current === undefined) continue;
      const old = resolved(this.#before, each).schema;
      const response = resolved(this.#after, current).schema;
      const nowContent = record(response.content) ?? {};
      for (const [mediaType, media] of entries(old.content)) {
        const mediaPointer = `${statusPointer}/content/${escapeToken(mediaType)}`;
        const media2 = record(nowContent[mediaType]);
        if (!media2) {
          // A status answered with no body: an answer with one is read as before.
          if (Object.keys(nowContent).length === 0 || !/^[45]/.test(status))
            this.#report({ kind: "responseMediaTypeRemoved", status, mediaType }, mediaPointer);
          continue;
        }
        const subject: Subject = { kind: "response", status, mediaType };
        this.#schema(record(media.schema) ?? {}, record(media2.schema) ?? {}, "response", subject, "$", `${mediaPointer}/schema`, 0);
      }
    }
  }

  /** `before` and `after` at one place of a value, `depth` levels below the operation: its types and values, then each alternative's constraints and members. */
  #schema(before: Schema, after: Schema, direction: Direction, subject: Subject, at: JsonPath, pointer: string, depth: number): void {
    const committedTooDeep = this.#tooDeep("committed", subject, pointer);
    const currentTooDeep = this.#tooDeep("current", subject, pointer);
    if (depth > MAX_SCHEMA_DEPTH) committedTooDeep();
    const oldTypes = typesOf(this.#before, before, depth, committedTooDeep);
    const newTypes = typesOf(this.#after, after, depth, currentTooDeep);
    if (direction === "request") {
      const removed = [...(oldTypes ?? ALL_TYPES)].filter((type) => !covers(newTypes, type));
      if (removed.length > 0) this.#report({ kind: "typesNarrowed", subject, at, removed }, pointer);
      const oldValues = valuesOf(this.#before, before, depth, committedTooDeep);
      const newValues = valuesOf(this.#after, after, depth, currentTooDeep);
      if (newValues !== undefined) {
        if (oldValues === undefined) {
          if (removed.length === 0) this.#report({ kind: "valuesLimited", subject, at, values: newValues }, pointer);
        } else {
          const lost = oldValues.filter((value) => !newValues.some((each) => Object.is(each, value)));
          if (lost.length > 0) this.#report({ kind: "valuesRemoved", subject, at, values: lost }, pointer);
        }
      }
    } else {
      // A response's new enum value or new object alternative is not listed: a client is expected to
      // take an unknown value of a type it knows (docs/reference/choices.md, "OpenAPI").
      const added =
        newTypes === undefined ? (oldTypes === undefined ? [] : ["any type"]) : [...newTypes].filter((type) => !covers(oldTypes, type));
      if (added.length > 0) this.#report({ kind: "typesWidened", subject, at, added }, pointer);
    }
    this.#alternatives(before, after, direction, subject, at, pointer, depth);
  }

  /** Pairs the alternatives (`anyOf`, `oneOf` members, or the schema itself) by component name, else by type, and compares each pair. */
  #alternatives(before: Schema, after: Schema, direction: Direction, subject: Subject, at: JsonPath, pointer: string, depth: number): void {
    const olds = alternativesOf(this.#before, before, pointer, depth, this.#tooDeep("committed", subject, pointer));
    const news = alternativesOf(this.#after, after, "", depth, this.#tooDeep("current", subject, pointer));
    const paired = new Set<number>();
    for (const old of olds) {
      let index = news.findIndex((each, at) => !paired.has(at) && old.name !== undefined && each.name === old.name);
      if (index === -1)
        index = news.findIndex((each, at) => !paired.has(at) && each.name === undefined && old.name === undefined && sameKind(old, each));
      if (index === -1) index = news.findIndex((each, at) => !paired.has(at) && sameKind(old, each));
      if (index === -1) {
        if (direction === "request" && old.name !== undefined)
          this.#report({ kind: "alternativeRemoved", subject, at, name: old.name }, old.pointer);
        continue;
      }
      paired.add(index);
      const now = news[index]!;
      const key = `${direction}\0${old.ref ?? old.pointer}\0${now.ref ?? "inline"}\0${subject.kind === "response" ? subject.status : ""}`;
      if (old.ref !== undefined && now.ref !== undefined) {
        if (this.#compared.has(key)) continue;
        this.#compared.add(key);
      }
      this.#pair(old.schema, now.schema, direction, subject, at, old.pointer, old.depth);
    }
  }

  #pair(before: Schema, after: Schema, direction: Direction, subject: Subject, at: JsonPath, pointer: string, depth: number): void {
    if (direction === "request") this.#constraints(before, after, subject, at, pointer);
    const oldProperties = record(before.properties) ?? {};
    const newProperties = record(after.properties) ?? {};
    const oldRequired = new Set(list(before.required).map(String));
    const newRequired = new Set(list(after.required).map(String));
    if (direction === "request") {
      for (const name of newRequired) {
        if (!oldRequired.has(name)) {
          const where = oldProperties[name] === undefined ? pointer : `${pointer}/properties/${escapeToken(name)}`;
          this.#report({ kind: "propertyRequired", subject, at: member(at, name), added: oldProperties[name] === undefined }, where);
        }
      }
    } else {
      for (const name of Object.keys(oldProperties)) {
        const where = `${pointer}/properties/${escapeToken(name)}`;
        if (newProperties[name] === undefined) this.#report({ kind: "propertyRemoved", subject, at: member(at, name) }, where);
        else if (oldRequired.has(name) && !newRequired.has(name))
          this.#report({ kind: "propertyOptional", subject, at: member(at, name) }, where);
      }
    }
    for (const [name, old] of Object.entries(oldProperties)) {
      const now = record(newProperties[name]);
      if (now && record(old))
        this.#schema(old as Schema, now, direction, subject, member(at, name), `${pointer}/properties/${escapeToken(name)}`, depth + 1);
    }
    const oldItems = record(before.items);
    const newItems = record(after.items);
    if (oldItems && newItems) this.#schema(oldItems, newItems, direction, subject, `${at}[]`, `${pointer}/items`, depth + 1);
    const oldPrefix = list(before.prefixItems);
    const newPrefix = list(after.prefixItems);
    for (const [index, old] of oldPrefix.entries()) {
      const now = record(newPrefix[index]);
      if (now && record(old)) {
        this.#schema(old as Schema, now, direction, subject, `${at}[${index}]`, `${pointer}/prefixItems/${index}`, depth + 1);
      }
    }
    const oldAdditional = record(before.additionalProperties);
    const newAdditional = record(after.additionalProperties);
    if (oldAdditional && newAdditional) {
      this.#schema(oldAdditional, newAdditional, direction, subject, `${at}.*`, `${pointer}/additionalProperties`, depth + 1);
    }
  }

  /** A request's constraint added or made stricter: a value the client sent before may be refused. */
  #constraints(before: Schema, after: Schema, subject: Subject, at: JsonPath, pointer: string): void {
    for (const keyword of Object.keys(after)) {
      const was = before[keyword];
      const now = after[keyword];
      const tighter = LOWER_BOUNDS.includes(keyword)
        ? typeof now === "number" && (typeof was !== "number" || now > was)
        : UPPER_BOUNDS.includes(keyword)
          ? typeof now === "number" && (typeof was !== "number" || now < was)
          : EXACT.includes(keyword) && now !== was;
      if (tighter) this.#report({ kind: "constraintTightened", subject, at, keyword, before: was, after: now }, pointer);
    }
  }
}

const LOWER_BOUNDS = ["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties"];
const UPPER_BOUNDS = ["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties"];
const EXACT = ["pattern", "format", "multipleOf"];
const ALL_TYPES = ["string", "number", "boolean", "null", "array", "object"];

interface Alternative {
  readonly schema: Schema;
  /** The component it is, by `$ref`: `Card`. */
  readonly name: string | undefined;
  readonly ref: string | undefined;
  readonly pointer: string;
  /** Its levels below the operation: its schema's, and one for each `anyOf` or `oneOf` it is a member of. */
  readonly depth: number;
}

/**
 * A schema's members when it is `anyOf` or `oneOf` (their own members too), else the schema itself; each with its `$ref` followed.
 * The schema is `depth` levels below the operation; `tooDeep` is called past MAX_SCHEMA_DEPTH.
 */
function alternativesOf(
  document: Schema,
  schema: Schema,
  pointer: string,
  depth: number,
  tooDeep: () => never,
  seen = new Set<string>(),
): Alternative[] {
  if (depth > MAX_SCHEMA_DEPTH) tooDeep();
  const { schema: target, ref } = resolved(document, schema);
  if (ref !== undefined) {
    if (seen.has(ref)) return [];
    seen.add(ref);
  }
  const at = ref !== undefined && pointer !== "" ? ref.slice(1) : pointer;
  const members = Array.isArray(target.anyOf) ? "anyOf" : Array.isArray(target.oneOf) ? "oneOf" : undefined;
  if (members === undefined) return [{ schema: target, ref, name: ref?.split("/").pop(), pointer: at, depth }];
  const alternatives: Alternative[] = [];
  for (const [index, each] of list(target[members]).entries()) {
    if (!record(each)) continue;
    const memberPointer = pointer === "" ? "" : `${at}/${members}/${index}`;
    // One by one: a spread of an anyOf of 200 000 members would pass as many arguments.
    for (const alternative of alternativesOf(document, each as Schema, memberPointer, depth + 1, tooDeep, seen))
      alternatives.push(alternative);
  }
  return alternatives;
}

/** Whether two alternatives take the same JSON types. */
function sameKind(a: Alternative, b: Alternative): boolean {
  // An alternative has no anyOf or oneOf (alternativesOf took its members), so its own keywords say its types.
  const first = (schema: Schema) => [...(ownTypesOf(schema) ?? ["any"])].sort().join(",");
  return first(a.schema) === first(b.schema);
}

/** The JSON types a schema takes (`integer` among them when only whole numbers); undefined for any. `depth`, `tooDeep`: as alternativesOf's. */
function typesOf(document: Schema, schema: Schema, depth: number, tooDeep: () => never, seen = new Set<string>()): Set<string> | undefined {
  if (depth > MAX_SCHEMA_DEPTH) tooDeep();
  const { schema: target, ref } = resolved(document, schema);
  if (ref !== undefined) {
    if (seen.has(ref)) return undefined;
    seen.add(ref);
  }
  if (typeof target.type === "string" || Array.isArray(target.type)) return ownTypesOf(target);
  const members = Array.isArray(target.anyOf) ? target.anyOf : Array.isArray(target.oneOf) ? target.oneOf : undefined;
  if (members) {
    const types = new Set<string>();
    for (const each of members) {
      const of = record(each) ? typesOf(document, each as Schema, depth + 1, tooDeep, seen) : undefined;
      if (of === undefined) return undefined;
      for (const type of of) types.add(type);
    }
    return types;
  }
  return ownTypesOf(target);
}

/** The JSON types a schema's own `type`, `const` or `enum` allows, its members aside; undefined for any. */
function ownTypesOf(schema: Schema): Set<string> | undefined {
  if (typeof schema.type === "string") return new Set([schema.type]);
  if (Array.isArray(schema.type)) return new Set(schema.type.map(String));
  const values = "const" in schema ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : undefined;
  if (values) return new Set(values.map((value) => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value)));
  return undefined;
}

/**
 * The values a schema is limited to, by `enum` or `const` (through `anyOf` members that all are); undefined when not limited.
 * `depth`, `tooDeep`: as alternativesOf's.
 */
function valuesOf(document: Schema, schema: Schema, depth: number, tooDeep: () => never, seen = new Set<string>()): unknown[] | undefined {
  if (depth > MAX_SCHEMA_DEPTH) tooDeep();
  const { schema: target, ref } = resolved(document, schema);
  if (ref !== undefined) {
    if (seen.has(ref)) return undefined;
    seen.add(ref);
  }
  if ("const" in target) return [target.const];
  if (Array.isArray(target.enum)) return [...target.enum];
  const members = Array.isArray(target.anyOf) ? target.anyOf : Array.isArray(target.oneOf) ? target.oneOf : undefined;
  if (!members) return undefined;
  const values: unknown[] = [];
  for (const each of members) {
    const of = record(each) ? valuesOf(document, each as Schema, depth + 1, tooDeep, seen) : undefined;
    if (of === undefined) return undefined;
    for (const value of of) values.push(value);
  }
  return values;
}

/** Whether a schema of `types` takes `type`: undefined takes any; `number` takes `integer`. */
function covers(types: Set<string> | undefined, type: string): boolean {
  return types === undefined || types.has(type) || (type === "integer" && types.has("number"));
}

/** A value with its local `$ref`s followed (`#/components/schemas/Item`), and the last `$ref` taken. */
function resolved(document: Schema, value: unknown): { readonly schema: Schema; readonly ref: string | undefined } {
  let schema = record(value) ?? {};
  let ref: string | undefined;
  for (let hops = 0; typeof schema.$ref === "string" && hops < 32; hops++) {
    ref = schema.$ref;
    const target = ref.startsWith("#/") ? followPointer(document, ref.slice(1)) : undefined;
    const found = record(target);
    if (!found) return { schema: {}, ref };
    schema = found;
  }
  return { schema, ref };
}

function followPointer(document: Schema, pointer: string): unknown {
  let value: unknown = document;
  for (const token of pointer.slice(1).split("/")) {
    const key = token.replace(/~1/g, "/").replace(/~0/g, "~");
    value = Array.isArray(value) ? value[Number(key)] : record(value)?.[key];
  }
  return value;
}

/** The names of a path's placeholders, in order: `id` for `/items/{id}`. */
function placeholdersOf(path: string): string[] {
  return [...path.matchAll(/\{([^}]*)\}/g)].map((match) => match[1]!);
}

/** `/items/{id}` and `/items/{itemId}` are one path to a client. */
function templateOf(path: string): string {
  return path.replace(/\{[^}]*\}/g, "{}");
}

function member(at: JsonPath, name: string): JsonPath {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? `${at}.${name}` : `${at}[${JSON.stringify(name)}]`;
}

/** A JSON pointer's token for `key`. */
export function escapeToken(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

function record(value: unknown): Schema | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Schema) : undefined;
}

function entries(value: unknown): [string, Schema][] {
  return Object.entries(record(value) ?? {}).filter((entry): entry is [string, Schema] => record(entry[1]) !== undefined);
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
