import type {
  ControllerModel,
  DocComment,
  ErrorFormatEntryModel,
  InputPropertyModel,
  InputValueType,
  JsonShape,
  ProgramModel,
  RouteModel,
} from "../model.js";
import { controllerKeyOf, propertyAccess, propertyKey, UniqueNames } from "./client-names.js";
import { ClientChecks } from "./client-checks.js";
import { ClientReaders } from "./client-readers.js";
import { eventIdType, streamDataType, streamItemReader, streamReaderName } from "./client-streams.js";
import { arrayOf, ClientTypes, type TypeText, unionOf } from "./client-types.js";
import { CodeWriter, type ImportedName, importDeclaration, inlineTypeLiteral, type TypeMember } from "./code-writer.js";
import { SOCKET_IMPORTS, SOCKET_NAMES, socketCall, socketType } from "./client-sockets.js";

// The client module written with the app (docs/guide/openapi-and-clients.md, "A client generated with the app"):
// TypeScript source that declares its types (nothing is inferred from the
// app's), one object per controller with one function per route, and the
// readers its answers need, and the shapes of its response checks
// (client-checks.ts). It imports only honest/client. Each part is built from
// the model as data (a route's input members, its call, its check) and
// written once, through a code writer (code-writer.ts).

/** The inputs of a route, grouped as its function takes them. */
const GROUPS = [
  ["query", "query"],
  ["header", "headers"],
  ["cookie", "cookies"],
  ["form", "form"],
] as const;

/** What a route's input object holds besides its placeholders. */
const GROUP_NAMES: readonly string[] = ["path", "body", ...GROUPS.map(([, group]) => group)];

/** The module's own names, honest/client's it imports, and the globals it uses: a type of the program is never named so. */
const RESERVED = [
  ...["Client", "ApiProblem", "createClient", "send", "options", "input", "items", "value", "object"],
  ...["ResponseChecks", "responseChecks", "checks"],
  ...[
    "Answer",
    "CallOptions",
    "FileCallOptions",
    "FileData",
    "ClientOptions",
    "connect",
    "pathSegment",
    "ProblemDocument",
    "pagedRoute",
    "readArray",
    "readBigInt",
    "readBigIntOrNumber",
    "readDate",
    "readObject",
    "readPlain",
    "readRecord",
    "ReadConditions",
    "WriteConditions",
  ],
  ...[
    "AnswerCheck",
    "AnswerShape",
    "checkAnswer",
    "answer",
    "codePointLength",
    "isMultipleOf",
    "isEmail",
    "isUuid",
    "isUri",
    "isDateTime",
    "isDate",
  ],
  ...SOCKET_NAMES,
  ...["Array", "Blob", "Date", "Number", "Promise", "Record", "String", "encodeURIComponent"],
];

export function clientModule(model: ProgramModel): string {
  const unique = new UniqueNames(RESERVED);
  const types = new ClientTypes(model.shapes, unique);
  const readers = new ClientReaders(types);
  const checks = new ClientChecks(types);
  const problem = problemType(model, types);
  const failures = new RouteFailures(model, types);
  const keys = new UniqueNames();
  // Socket routes have an object of their own, so that a front end that opens no socket ships none of their code.
  const called = routesOf(model, "http");
  const objects = called.map((controller) =>
    controllerObject(controller, keys.take(controllerKeyOf(controller)), types, readers, checks, failures),
  );
  const socketKeys = new UniqueNames();
  const socketControllers = routesOf(model, "socket");
  const socketObjects = socketControllers.map((controller) =>
    controllerObject(controller, socketKeys.take(controllerKeyOf(controller)), types, readers, checks, failures),
  );
  // The app's error format may hold an i64 or a Date: its problems are read as answers are.
  const formats = model.errorFormat?.entries.flatMap((entry) => (entry.shape ? [entry.shape] : [])) ?? [];
  const problemReader = readers.needsReading({ kind: "union", members: formats })
    ? readers.readerOf({ kind: "union", members: formats })
    : undefined;

  // Declaring what is used may use more names: readers first, then types, then the checks' shapes, as names are taken.
  const readerFunctions = new CodeWriter();
  readers.writeFunctions(readerFunctions);
  const typeDeclarations = new CodeWriter();
  types.writeDeclarations(typeDeclarations);
  const shapeDeclarations = new CodeWriter();
  checks.writeDeclarations(shapeDeclarations);
  const checked = objects.filter((object) => object.routes.some((route) => route.check !== undefined));
  const imports: ImportedName[] = [
    { name: "Answer", type: true },
    { name: "AnswerCheck", type: true },
    { name: "CallOptions", type: true },
    { name: "ClientOptions", type: true },
    { name: "connect", type: false },
    ...[...new Set([...readers.imports, ...checks.imports, ...streamReaders(called)])].map((name) => ({ name, type: false })),
  ];
  if (!shapeDeclarations.empty) imports.push({ name: "AnswerShape", type: true });
  if (checked.length > 0) imports.push({ name: "checkAnswer", type: false });
  const placeholders = [...called, ...socketControllers].some((controller) => controller.routes.some((route) => route.path.includes("{")));
  if (placeholders) imports.push({ name: "pathSegment", type: false });
  if (problem.usesDocument || failures.usesDocument) imports.push({ name: "ProblemDocument", type: true });
  if (called.some((controller) => controller.routes.some((route) => route.response.download))) {
    imports.push({ name: "FileCallOptions", type: true }, { name: "FileData", type: true });
  }
  if (called.some((controller) => controller.routes.some((route) => route.paging))) imports.push({ name: "pagedRoute", type: false });
  for (const conditions of new Set(called.flatMap((controller) => controller.routes.flatMap((route) => conditionsOf(route) ?? [])))) {
    imports.push({ name: conditions, type: true });
  }
  if (socketObjects.length > 0) imports.push(...SOCKET_IMPORTS);

  const writer = new CodeWriter();
  writer
    .line("// Generated by honest from the app's controllers: do not edit, build again.")
    .line('// (docs/guide/openapi-and-clients.md, "A client generated with the app")')
    .line(importDeclaration(imports, "honest/client"))
    .line()
    .write(typeDeclarations)
    .line("/** What the app answers with when a call fails. */")
    .line(`export type ApiProblem = ${problem.type};`)
    .line()
    .line("/** The app's routes, one object per controller. */");
  writeInterface(writer, "Client", objects);
  writer
    .line()
    .line("/** The check of each route's answer, by controller and route, for `createClient({ checks: responseChecks })`. */")
    .line("export type ResponseChecks = { readonly [C in keyof Client]: { readonly [R in keyof Client[C]]?: AnswerCheck } };")
    .line()
    .line("/**")
    .line(" * A client of the app at `options.baseUrl`, or of the app itself with `{ fetch: app.request }`.")
    .line(" * With `checks: responseChecks`, an answer that does not match its declared type rejects with AnswerMismatch.")
    .line(" */")
    .block(
      "export function createClient(options: ClientOptions & { readonly checks?: ResponseChecks } = {}): Client {",
      () => {
        writer.line(`const send = connect(options${problemReader ? `, ${problemReader}` : ""});`);
        if (checked.length > 0) writer.line("const { checks } = options;");
        writeObjects(writer, objects);
      },
      "}",
    );
  writeSockets(writer, socketObjects);
  writer
    .write(readerFunctions)
    .line()
    .line("/** What each route answers, checked when the client is created with `checks: responseChecks` (off by default). */");
  if (objects.length === 0) writer.line("export const responseChecks: ResponseChecks = {};");
  else {
    writer.block(
      "export const responseChecks: ResponseChecks = {",
      () => {
        // Every controller has its entry, `{}` when no route of it answers JSON: ResponseChecks requires them all.
        for (const object of objects) {
          const routes = object.routes.filter((route) => route.check !== undefined);
          if (routes.length === 0) writer.line(`${object.key}: {},`);
          else {
            writer.block(
              `${object.key}: {`,
              () => {
                for (const route of routes) writer.line(`${route.key}: (answer) => checkAnswer(answer, ${route.check}),`);
              },
              "},",
            );
          }
        }
      },
      "};",
    );
  }
  return writer.write(shapeDeclarations).text();
}

/** The honest/client functions reading the controllers' streamed answers. */
function streamReaders(controllers: readonly ControllerModel[]): string[] {
  return controllers.flatMap((controller) =>
    controller.routes.flatMap((route) => (route.response.stream ? [streamReaderName(route.response.stream)] : [])),
  );
}

/** honest's problem document, or the app's error format (docs/guide/errors.md, "An error format the document shows"). */
function problemType(model: ProgramModel, types: ClientTypes): { readonly type: string; readonly usesDocument: boolean } {
  const entries = model.errorFormat?.entries ?? [];
  // An entry answered without a body gives the caller no problem to read.
  const formats = [...new Set(entries.map((entry) => (entry.shape ? types.typeOf(entry.shape) : "undefined")))];
  // A default entry answers every status without an entry: then no answer is a problem document.
  const usesDocument = !entries.some((entry) => entry.key === "default");
  return { type: [...(usesDocument ? ["ProblemDocument"] : []), ...formats].join(" | "), usesDocument };
}

/**
 * The error answers a route declares, as its Answer's third argument (docs/guide/errors.md, "Errors a route declares"):
 * `{ status: 404; problem: ProblemDocument } | { status: 401; problem: undefined }`, each under the status the
 * app sends it with and with the problem the app's error format gives it; and the statuses it answers without a body,
 * its own and the error format's.
 */
class RouteFailures {
  /** Whether some declared error is a problem document, which the module then imports. */
  usesDocument = false;
  readonly #format: ReadonlyMap<string, ErrorFormatEntryModel>;
  /** The statuses the error format answers without a body, on every route. */
  readonly #formatBodiless: readonly number[];

  constructor(
    model: ProgramModel,
    readonly types: ClientTypes,
  ) {
    this.#format = new Map(model.errorFormat?.entries.map((entry) => [entry.key, entry]));
    this.#formatBodiless = model.errorFormat?.entries.flatMap((entry) => (entry.shape ? [] : [entry.status!])) ?? [];
  }

  of(route: RouteModel): { readonly type: string | undefined; readonly bodiless: readonly number[] } {
    const problems = new Map<number, Set<string>>();
    // The format's bodiless answers may come from any route (a middleware's 401): each call knows them.
    const bodiless: number[] = [...this.#formatBodiless];
    const add = (status: number, problem: string) => (problems.get(status) ?? problems.set(status, new Set()).get(status)!).add(problem);
    for (const error of route.response.errors ?? []) {
      const entry = this.#format.get(String(error.status)) ?? this.#format.get("default");
      if (!error.body) {
        // The handler's answer has no body; honest's own answers of that status (a resolver's refusal) have the format's, if any.
        add(error.status, "undefined");
        if (!entry || entry.shape) add(error.status, this.#problemOf(entry, undefined));
        bodiless.push(error.status);
      } else {
        const status = entry?.status ?? error.status;
        add(status, this.#problemOf(entry, error.extensions));
        if (entry && !entry.shape) bodiless.push(status);
      }
    }
    const sorted = [...new Set(bodiless)].sort((a, b) => a - b);
    if (problems.size === 0) return { type: undefined, bodiless: sorted };
    const members = [...problems].map(([status, problem]) => `{ status: ${status}; problem: ${[...problem].join(" | ")} }`);
    return { type: members.join(" | "), bodiless: sorted };
  }

  /** The problem an error of the format's entry (none: honest's problem document, with the handler's extensions) carries. */
  #problemOf(entry: ErrorFormatEntryModel | undefined, extensions: JsonShape | undefined): string {
    if (entry) return entry.shape ? this.types.typeOf(entry.shape) : "undefined";
    this.usesDocument = true;
    if (!extensions) return "ProblemDocument";
    const members = this.types.typeTextOf(extensions);
    return `ProblemDocument & ${members.compound ? `(${members.text})` : members.text}`;
  }
}

/** The controllers with routes of one kind, each with those routes only. */
function routesOf(model: ProgramModel, kind: "http" | "socket"): ControllerModel[] {
  return model.controllers
    .map((controller) => ({
      ...controller,
      routes: controller.routes.filter((route) => (route.socket !== undefined) === (kind === "socket")),
    }))
    .filter((controller) => controller.routes.length > 0);
}

/** `Sockets` and `createSockets`, when the app has socket routes (docs/guide/websockets.md, "In the generated client"). */
function writeSockets(writer: CodeWriter, objects: readonly ControllerObject[]): void {
  if (objects.length === 0) return;
  writer.line().line("/** The app's WebSocket routes, one object per controller. */");
  writeInterface(writer, "Sockets", objects);
  writer
    .line()
    .line("/**")
    .line(" * The app's WebSocket routes at `options.baseUrl` (http becomes ws), each opened with the global WebSocket,")
    .line(" * or `options.WebSocket` (ws's, on Node 20).")
    .line(" */")
    .block(
      "export function createSockets(options: SocketClientOptions = {}): Sockets {",
      () => {
        writer.line("const openSocket = connectSockets(options);");
        writeObjects(writer, objects);
      },
      "}",
    );
}

/** The interface of the controllers' objects: `readonly item: { list(...): ...; };`, each route after its doc comment. */
function writeInterface(writer: CodeWriter, name: string, objects: readonly ControllerObject[]): void {
  if (objects.length === 0) {
    writer.line(`export interface ${name} {}`);
    return;
  }
  writer.block(
    `export interface ${name} {`,
    () => {
      for (const object of objects) {
        writer.block(
          `readonly ${object.key}: {`,
          () => {
            for (const route of object.routes) writer.doc(route.doc).line(`${route.key}${route.signature};`);
          },
          "};",
        );
      }
    },
    "}",
  );
}

/** `return { item: { list: (input, options) => send(...), }, };`: the controllers' objects, one function per route. */
function writeObjects(writer: CodeWriter, objects: readonly ControllerObject[]): void {
  writer.block(
    "return {",
    () => {
      for (const object of objects) {
        writer.block(
          `${object.key}: {`,
          () => {
            for (const route of object.routes) {
              if (route.paged) writer.line(`${route.key}: pagedRoute(${route.paged} =>`).indented(() => writer.line(`${route.call}),`));
              else
                writer.line(`${route.key}: (${route.takesInput ? "input, " : ""}options) =>`).indented(() => writer.line(`${route.call},`));
            }
          },
          "},",
        );
      }
    },
    "};",
  );
}

interface ControllerObject {
  readonly key: string;
  readonly routes: readonly RouteFunction[];
}

/** A route's function: its signature in the interface, and the call its body makes. */
interface RouteFunction {
  /** The function's key: its handler's name. */
  readonly key: string;
  readonly doc: DocComment | undefined;
  /** What follows the key in the interface: `(input: { id: bigint }, options?: CallOptions): Promise<...>`. */
  readonly signature: string;
  readonly takesInput: boolean;
  /** `send({ ... }, options)`, or `openSocket({ ... }, options)`. */
  readonly call: string;
  /** A paged route's call's parameters, typed, as honest/client's pagedRoute takes them: `(input: { ... } | undefined, options: CallOptions | undefined, search?: string)`. */
  readonly paged?: string;
  /** The AnswerShape its answer is checked against, for a route with a JSON answer: its entry of `responseChecks`. */
  readonly check: string | undefined;
}

function controllerObject(
  controller: ControllerModel,
  key: string,
  types: ClientTypes,
  readers: ClientReaders,
  checks: ClientChecks,
  failures: RouteFailures,
): ControllerObject {
  const routes: RouteFunction[] = [];
  for (const route of controller.routes) {
    const { members, nestedPath, groups } = routeInput(route, types);
    const required = members.some((member) => !member.optional);
    const parameters = members.length === 0 ? "" : `input${required ? "" : "?"}: ${inlineTypeLiteral(members)}, `;
    const given = groups.map((group) => `${group}: input${required ? "" : "?"}.${group}`);
    const common = { key: propertyKey(route.member), doc: withRateLimit(route), takesInput: members.length > 0 };
    if (route.socket) {
      const signature = `(${parameters}options?: SocketCallOptions): ${socketType(route.socket, types)}`;
      const call = `openSocket(${socketCall(route.socket, [`path: ${pathText(route, nestedPath)}`, ...given], readers)}, options)`;
      routes.push({ ...common, signature, call, check: undefined });
      continue;
    }
    const declaredErrors = failures.of(route);
    const conditions = conditionsOf(route);
    const callOptions = conditions ? `CallOptions & ${conditions}` : "CallOptions";
    const answer = `Answer<${[successType(route, types), "ApiProblem", ...(declaredErrors.type ? [declaredErrors.type] : [])].join(", ")}>`;
    const { json, stream, download } = route.response;
    const item = route.paging && json?.shape.kind === "array" ? types.typeOf(json.shape.element) : undefined;
    // A file route's call gives a Blob, or with `{ stream: true }` the body's stream (docs/guide/files.md, "In the client");
    // a paged route's also has `all()`, over every item of every page (docs/guide/pages.md, "In the client").
    const signature = download
      ? `<S extends boolean = false>(${parameters}options?: FileCallOptions<S>${conditions ? ` & ${conditions}` : ""}): Promise<${answer}>`
      : item === undefined
        ? `(${parameters}options?: ${callOptions}): Promise<${answer}>`
        : `: { (${parameters}options?: ${callOptions}): Promise<${answer}>; all(${parameters}options?: ${callOptions}): AsyncGenerator<${item}, void, undefined> }`;
    // An answer without an i64 or a Date is read by JSON.parse, which gives every position its type already; one with is read exactly, then by its reader.
    const read = stream
      ? streamItemReader(stream, readers)
      : json !== undefined && readers.needsReading(json.shape) && readers.readerOf(json.shape);
    // A status below 400 the route returns without a body is its answer, even when not 2xx (`Promise<204 | 304>`).
    // A GET with validators answers 304 to a copy that is current: an answer, without a body.
    const notModified = conditions === "ReadConditions" ? [304] : [];
    const declared = [...(route.response.exactStatuses ?? []).filter((code) => code < 200 || code > 299), ...notModified];
    const { bodiless } = declaredErrors;
    const entries = [
      `method: ${JSON.stringify(route.method.toUpperCase())}`,
      `path: ${pathText(route, nestedPath)}`,
      ...(route.parameters.some((parameter) => parameter.kind === "body") ? ["json: input.body"] : []),
      ...withVersionHeader(route, given, required),
      ...(item === undefined ? [] : ["search"]),
      ...(declared.length > 0 ? [`declared: [${declared.join(", ")}]`] : []),
      ...(bodiless.length > 0 ? [`bodiless: [${bodiless.join(", ")}]`] : []),
      ...(stream ? [`stream: ${streamReaderName(stream)}`] : []),
      ...(stream?.events && eventIdType(route) ? [`eventId: ${JSON.stringify(eventIdType(route))}`] : []),
      ...(download ? ["file: true"] : []),
      ...(read ? [`read: ${read}`] : []),
      ...(json ? [`check: ${propertyAccess(`checks?.${key}`, route.member)}`] : []),
      ...(conditions ? ["validators: true"] : []),
    ];
    const check = json ? checks.checkOf(json.shape) : undefined;
    if (item !== undefined) {
      // Typed in place: pagedRoute infers the route's types from its call, which nothing else gives them.
      const input = `input: ${members.length === 0 ? "undefined" : `${inlineTypeLiteral(members)}${required ? "" : " | undefined"}`}`;
      const paged = `(${input}, options: CallOptions | undefined, search?: string)`;
      routes.push({
        ...common,
        doc: withPages(common.doc),
        signature,
        call: `send<${answer}>({ ${entries.join(", ")} }, options)`,
        check,
        paged,
      });
      continue;
    }
    routes.push({ ...common, signature, call: `send({ ${entries.join(", ")} }, options)`, check });
  }
  return { key, routes };
}

/** A route's input type: its members (`id: bigint`, `query?: { ... }`), whether its placeholders are under `path`, and the groups of its RouteCall (`query`). */
interface RouteInput {
  readonly members: readonly TypeMember[];
  readonly nestedPath: boolean;
  readonly groups: readonly string[];
}

function routeInput(route: RouteModel, types: ClientTypes): RouteInput {
  const members: TypeMember[] = [];
  const groups: string[] = [];
  const values = route.parameters.flatMap((parameter) => (parameter.kind === "path" ? parameter.values : []));
  const placeholders = values.map((value) => ({ key: propertyKey(value.name), optional: false, type: valueType(value.type).text }));
  // A placeholder named as a group (`/search/{query}`) goes, with the others, under `path`.
  const nestedPath = values.some((value) => GROUP_NAMES.includes(value.name));
  if (nestedPath) members.push({ key: "path", optional: false, type: inlineTypeLiteral(placeholders) });
  else members.push(...placeholders);
  for (const parameter of route.parameters) {
    if (parameter.kind === "body") members.push({ key: "body", optional: false, type: types.typeOf(parameter.shape) });
  }
  for (const [source, group] of GROUPS) {
    const properties = route.parameters.flatMap((parameter) =>
      parameter.kind === "input" && parameter.source === source ? parameter.properties : [],
    );
    if (properties.length === 0) continue;
    const groupMembers = properties.map((property) => ({
      key: propertyKey(property.name),
      optional: property.optional,
      type: inputType(property),
    }));
    members.push({ key: group, optional: properties.every((property) => property.optional), type: inlineTypeLiteral(groupMembers) });
    groups.push(group);
  }
  return { members, nestedPath, groups };
}

function inputType(property: InputPropertyModel): string {
  const type = valueType(property.type);
  return property.array ? arrayOf(type) : type.text;
}

function valueType(type: InputValueType): TypeText {
  switch (type.kind) {
    case "i64":
      return { text: "bigint", compound: false };
    case "date":
      return { text: "Date", compound: false };
    case "file":
      return { text: "Blob", compound: false };
    case "literals":
      return unionOf(type.values.map((value) => ({ text: JSON.stringify(value), compound: false })));
    default:
      return { text: type.kind, compound: false };
  }
}
/** The path with each placeholder filled in from the input (or its `path`), percent-encoded by honest/client's pathSegment. */
function pathText(route: RouteModel, nested: boolean): string {
  if (!route.path.includes("{")) return JSON.stringify(route.path);
  const source = nested ? "input.path" : "input";
  const text = route.path.replace(/[`\\$]/g, "\\$&").replace(/\{([^}]+)\}/g, (_placeholder, name: string) => {
    return `\${pathSegment(${propertyAccess(source, name)})}`;
  });
  return `\`${text}\``;
}

/**
 * The call options of a route with validators (docs/guide/conditional-requests.md, "In the document and the client"):
 * a GET's revalidation, a write's preconditions; undefined for a route without.
 */
function conditionsOf(route: RouteModel): "ReadConditions" | "WriteConditions" | undefined {
  const { validator, bodyETag } = route.conditional ?? {};
  if (!validator && !bodyETag) return undefined;
  return route.method === "GET" ? "ReadConditions" : "WriteConditions";
}

/** The validators a route's answers give: `; etag?: string; lastModified?: Date`, or "" for a route without. */
function validatorMembers(route: RouteModel): string {
  const { validator, bodyETag } = route.conditional ?? {};
  const etag = bodyETag === true || validator?.validators.etag === true;
  const lastModified = validator?.validators.lastModified === true;
  return `${etag ? "; etag?: string" : ""}${lastModified ? "; lastModified?: Date" : ""}`;
}

/** The answers a route declares: `{ status: 201; data: Item }`, `{ status: 204; data: undefined }`; a GET with validators, its 304. */
function successType(route: RouteModel, types: ClientTypes): string {
  const answers = declaredAnswers(route, types);
  // A handler that only ever fails (`Promise<HttpError<410>>`) has no success to type.
  if (answers.length === 0) return "never";
  const validators = validatorMembers(route);
  if (validators === "") return answers.join(" | ");
  const withValidators = answers.map((answer) => answer.replace(/ }$/, `; notModified: false${validators} }`));
  if (route.method === "GET") withValidators.push(`{ status: 304; data: undefined; notModified: true${validators} }`);
  return withValidators.join(" | ");
}

function declaredAnswers(route: RouteModel, types: ClientTypes): string[] {
  const { json, status, exactStatuses, response, stream, download } = route.response;
  const answers: string[] = [];
  if (stream) answers.push(`{ status: 200; data: ${streamDataType(stream, types, eventIdType(route))} }`);
  if (download) answers.push(`{ status: ${route.method === "GET" ? "200 | 206" : "200"}; data: FileData<S> }`);
  if (json) answers.push(`{ status: ${json.status ?? 200}; data: ${types.typeOf(json.shape)} }`);
  if (status) {
    for (const code of exactStatuses ?? ["number"]) answers.push(`{ status: ${code}; data: undefined }`);
  }
  if (response) answers.push("{ status: number; data: unknown }");
  return answers;
}

/** A paged route's doc comment, and what its `all` gives (docs/guide/pages.md, "In the client"). */
function withPages(doc: DocComment | undefined): DocComment {
  const note =
    'Paged: `.all(input)` gives every item of every page, in order, following each answer\'s `Link: rel="next"`; a page refused rejects it with PageFailed.';
  return { ...doc, description: doc?.description ? `${doc.description}\n\n${note}` : note };
}

/** The route's doc comment, and for a `@RateLimit` route what its refusal gives: `retryAfter` (docs/guide/rate-limits.md, "In the document and the client"). */
function withRateLimit(route: RouteModel): DocComment | undefined {
  if (!route.rateLimit) return route.doc;
  const { limit, window } = route.rateLimit;
  const note = `Rate limited to ${limit} request${limit === 1 ? "" : "s"} per ${window / 1000} s; past it, the answer is \`{ ok: false, status: 429, retryAfter }\`, retryAfter in seconds.`;
  return { ...route.doc, description: route.doc?.description ? `${route.doc.description}\n\n${note}` : note };
}

/**
 * With versions in a header, a versioned route's call sends its version, over the route's own headers
 * (docs/guide/versions.md, "Where the version goes").
 */
function withVersionHeader(route: RouteModel, given: readonly string[], required: boolean): readonly string[] {
  if (route.versionHeader === undefined || route.version === undefined) return given;
  const version = `${JSON.stringify(route.versionHeader)}: ${JSON.stringify(route.version)}`;
  const own = given.some((group) => group.startsWith("headers:"));
  return [
    ...given.filter((group) => !group.startsWith("headers:")),
    `headers: { ${own ? `...input${required ? "" : "?"}.headers, ` : ""}${version} }`,
  ];
}
