import { reasonPhrase } from "../../../runtime/declarations/status-code.js";
import { isDeepStrictEqual } from "node:util";
import type { ErrorFormatEntryModel, ErrorFormatModel, RouteModel } from "../model.js";
import type { JsonSchemas } from "./json-schemas.js";
import { componentRef, type Schema } from "./schema.js";
import { answersPreconditionFailed } from "./conditional-answers.js";

// honest's error answers (docs/guide/errors.md, "Errors") as OpenAPI responses: one shared
// `Problem` schema, RFC 9457's members as its Appendix A types them plus
// `errors`, the answers each route can give because of what it reads, and
// those its handler declares (docs/guide/errors.md, "Errors a route declares").

export const PROBLEM_SCHEMA: Schema = {
  type: "object",
  description: "An RFC 9457 problem document: every error answer honest gives.",
  properties: {
    type: {
      type: "string",
      format: "uri-reference",
      description: 'A URI reference that identifies the problem type; "about:blank" by default.',
    },
    title: { type: "string", description: "The status code's reason phrase." },
    status: { type: "integer", minimum: 400, maximum: 599, description: "The HTTP status code: every problem honest answers is an error." },
    detail: { type: "string", description: "What was wrong with this request, in words." },
    requestId: {
      type: "string",
      description: "The request's id, as in its X-Request-Id header and the server's log lines for it.",
    },
    errors: {
      type: "array",
      description: "One entry per faulty value, when the request's path, query, headers, cookies, form or body do not match their types.",
      items: {
        type: "object",
        properties: {
          path: { type: "string", description: "Where the value was: `$.tags[2]` in a body, `query.limit`, `header.x-request-id`." },
          expected: { type: "string", description: "What the declared type needs there." },
          got: { type: "string", description: "What the request had instead." },
        },
        required: ["path", "expected", "got"],
      },
    },
  },
  required: ["type", "title", "status", "detail"],
};

/**
 * A problem response, with an example of what honest answers for it: a
 * documentation page shows the example rather than one it makes up from
 * the schema (which would give every answer the schema's first status and
 * an invented `type`).
 */
function problemResponse(description: string, status: number, detail: string, extensions: Schema = {}, headers?: Schema): Schema {
  const example = { type: "about:blank", title: reasonPhrase(status), status, detail, ...extensions };
  return {
    description,
    ...(headers && { headers }),
    content: { "application/problem+json": { schema: componentRef("schemas", "Problem"), example } },
  };
}

/**
 * What a `@RateLimit` route's every answer says of its limit, in draft-ietf-httpapi-ratelimit-headers-10's
 * Structured Field syntax (docs/guide/rate-limits.md, "The headers").
 */
export const RATE_LIMIT_HEADERS: Schema = {
  RateLimit: {
    description: 'What is left of the client\'s quota: `r` requests remain in the window, which ends in `t` seconds ("default";r=4;t=60).',
    schema: { type: "string" },
  },
  "RateLimit-Policy": {
    description: 'The route\'s quota: `q` requests per window of `w` seconds ("default";q=5;w=60).',
    schema: { type: "string" },
  },
};

/** A 429's headers: the RateLimit pair and Retry-After. */
const REFUSAL_HEADERS: Schema = {
  "Retry-After": {
    description: "Seconds until the window ends and the route takes the client's requests again.",
    schema: { type: "integer", minimum: 1 },
  },
  ...RATE_LIMIT_HEADERS,
};

/** Every error answer an operation may refer to, by name. */
const PROBLEM_RESPONSES = {
  BadRequest: problemResponse(
    "The request does not match what the route declares (a path parameter, the query string, headers, cookies, form or body); `errors` lists each fault.",
    400,
    "the request body does not match its declared type (1 error)",
    { errors: [{ path: "$.price", expected: "number", got: '"5"' }] },
  ),
  Unauthorized: problemResponse(
    "The request lacks valid credentials for the route's security scheme: the resolver that declares it refused them.",
    401,
    "the request has no valid credentials",
  ),
  ContentTooLarge: problemResponse(
    "The request body is larger than the app's body limit.",
    413,
    "the request body is larger than the limit of 1048576 bytes",
  ),
  UnsupportedMediaType: problemResponse(
    "The request body's content type is not the one the route reads, or it has a content-encoding.",
    415,
    'expected a JSON body with content-type application/json; got "text/plain"',
  ),
  PreconditionFailed: problemResponse(
    "A precondition the request sent (If-Match, If-Unmodified-Since, or If-None-Match on a write) does not hold for the resource as it is: nothing was changed.",
    412,
    "If-Match lists no current entity tag of the resource",
  ),
  TooManyRequests: problemResponse(
    "The client sent more requests than the route's rate limit allows in its window; Retry-After says when to try again.",
    429,
    "more than 5 requests in 1 minute; try again in 42 s",
    {},
    REFUSAL_HEADERS,
  ),
  RangeNotSatisfiable: problemResponse(
    "The one range `Range` asked for starts past the file's end; Content-Range gives the file's length.",
    416,
    'the range "bytes=5000-" asks for no byte of the file\'s 1234',
    {},
    { "Content-Range": { description: "The file's length: `bytes */1234`.", schema: { type: "string" } } },
  ),
  Problem: problemResponse(
    "Any other error answer: an HttpError the handler throws, a refusal by middleware or a resolver (401, 403), or a server failure (500, 504).",
    500,
    "the server failed to complete the request",
  ),
} as const satisfies Readonly<Record<string, Schema>>;

type ProblemName = keyof typeof PROBLEM_RESPONSES;

function descriptionOf(name: ProblemName): string {
  return PROBLEM_RESPONSES[name].description as string;
}

/** The answers of one status in one operation, as they are gathered. */
interface StatusAnswers {
  /** Problem documents sent with this status, by their `components.responses` name. */
  readonly problems: ProblemName[];
  /** What the error format's entries send with this status: why, and the body's schema. */
  readonly formatted: { readonly description: string; readonly schema: Schema }[];
  /** Problem documents the handler declares (`HttpError<404>`): why, the schema (Problem, with its extensions), an example. */
  readonly declared: { readonly status: number; readonly description: string; readonly schema: Schema; readonly example: Schema }[];
  /** Whether an answer of this status may have no body: a bare status the handler declares, or a bodiless entry of the format. */
  bodiless?: string;
  /** The headers the answers carry whatever their format (a 429's Retry-After). */
  headers?: Schema;
}

/**
 * The error answers routes can give: references into `components.responses`
 * for honest's problem documents (remembering which were referred to, so
 * that `components.responses` holds only those), or, where the program
 * declares an error format, its entries' bodies under the statuses they send
 * (docs/guide/errors.md, "An error format the document shows").
 */
export class ProblemAnswers {
  readonly #used = new Set<ProblemName>();
  /** The problem answers handlers declare, shared by name (`NotFoundProblem`), by status: those referred to so far. */
  readonly #declaredUsed = new Map<number, readonly [name: string, response: Schema]>();
  #problemSchemaUsed = false;
  readonly #schemas: JsonSchemas;
  readonly #format: ReadonlyMap<string, ErrorFormatEntryModel>;

  constructor(schemas: JsonSchemas, format: ErrorFormatModel | undefined) {
    this.#schemas = schemas;
    this.#format = new Map(format?.entries.map((entry) => [entry.key, entry]));
  }

  /** A route's error answers by status: a 401 when one of its resolvers declares a security scheme, since that is how a resolver refuses credentials. */
  of(route: RouteModel): [string, Schema][] {
    const reads = route.parameters.some(
      (parameter) => parameter.kind === "path" || parameter.kind === "input" || parameter.kind === "body",
    );
    const secured = route.parameters.some((parameter) => parameter.kind === "resolver" && parameter.securityScheme !== undefined);
    const hasBody = route.parameters.some(
      (parameter) => parameter.kind === "body" || (parameter.kind === "input" && parameter.source === "form"),
    );
    const listed: [number, ProblemName][] = [];
    if (reads) listed.push([400, "BadRequest"]);
    if (secured) listed.push([401, "Unauthorized"]);
    if (hasBody) listed.push([413, "ContentTooLarge"], [415, "UnsupportedMediaType"]);
    if (answersPreconditionFailed(route)) listed.push([412, "PreconditionFailed"]);
    if (route.rateLimit) listed.push([429, "TooManyRequests"]);
    if (route.response.download && route.method === "GET") listed.push([416, "RangeNotSatisfiable"]);
    const byStatus = new Map<string, StatusAnswers>();
    const at = (status: string) => byStatus.get(status) ?? byStatus.set(status, { problems: [], formatted: [], declared: [] }).get(status)!;
    for (const [status, name] of listed) {
      const entry = this.#format.get(String(status)) ?? this.#format.get("default");
      const answers = at(String(entry?.status ?? status));
      if (!entry) answers.problems.push(name);
      else this.#formatted(answers, entry, descriptionOf(name));
      const headers = PROBLEM_RESPONSES[name].headers as Schema | undefined;
      if (headers) answers.headers = { ...answers.headers, ...headers };
    }
    this.#declared(route, at);
    // Anything else: a handler's HttpError or a server failure, rendered by whichever entry has its status.
    const others = at("default");
    if (!this.#format.has("default")) others.problems.push("Problem");
    for (const entry of this.#format.values()) this.#formatted(others, entry, descriptionOf("Problem"));
    return [...byStatus].map(([status, answers]) => [status, this.#response(answers)]);
  }

  /**
   * The errors the handler declares (docs/guide/errors.md, "Errors a route declares"): a bare status without a body,
   * an `HttpError<S, X>` as the error format's entry for S answers it, or else as a problem document with X's members.
   */
  #declared(route: RouteModel, at: (status: string) => StatusAnswers): void {
    for (const error of route.response.errors ?? []) {
      const phrase = reasonPhrase(error.status);
      if (!error.body) {
        at(String(error.status)).bodiless = `${phrase}: the handler answers with this status, without a body.`;
        continue;
      }
      const description = `${phrase}: the handler answers with this error.`;
      const entry = this.#format.get(String(error.status)) ?? this.#format.get("default");
      if (entry) {
        this.#formatted(at(String(entry.status ?? error.status)), entry, description);
        continue;
      }
      const problem = componentRef("schemas", "Problem");
      const schema = error.extensions ? { allOf: [problem, this.#schemas.schema(error.extensions)] } : problem;
      const example = { type: "about:blank", title: phrase, status: error.status, detail: phrase };
      at(String(error.status)).declared.push({ status: error.status, description, schema, example });
    }
  }

  /** An entry of the error format answering at this status: its body's schema, or, for a bare status, no body. */
  #formatted(answers: StatusAnswers, entry: ErrorFormatEntryModel, description: string): void {
    if (entry.shape) answers.formatted.push({ description, schema: this.#schemas.schema(entry.shape) });
    else answers.bodiless = `${description} The error format answers it without a body.`;
  }

  /** `components.responses`: the answers referred to so far, in a fixed order. */
  components(): Record<string, Schema> {
    const declared = [...this.#declaredUsed].sort(([a], [b]) => a - b).map(([, entry]) => entry);
    return Object.fromEntries([...Object.entries(PROBLEM_RESPONSES).filter(([name]) => this.#used.has(name as ProblemName)), ...declared]);
  }

  /** The `Problem` schema, for a stream's fault, which is always a problem document (docs/guide/streams.md, "Faults"). */
  problemSchema(): Schema {
    this.#problemSchemaUsed = true;
    return componentRef("schemas", "Problem");
  }

  /** Whether some answer is a problem document, so `components.schemas` needs `Problem`. */
  get problemSchemaUsed(): boolean {
    return this.#problemSchemaUsed;
  }

  /** One status's response: a reference to honest's answer when it is alone, else the bodies it may have, by media type. */
  #response({ problems, formatted, declared, bodiless, headers }: StatusAnswers): Schema {
    if (problems.length > 0 || declared.length > 0) this.#problemSchemaUsed = true;
    if (formatted.length === 0 && declared.length === 0 && bodiless === undefined && problems.length === 1) {
      this.#used.add(problems[0]!);
      return componentRef("responses", problems[0]!);
    }
    const only = declared[0];
    if (formatted.length === 0 && problems.length === 0 && bodiless === undefined && declared.length === 1 && !only!.schema.allOf) {
      // A declared HttpError<S> without extensions is the same answer in every operation: one response, referred to.
      const response = {
        description: only!.description,
        content: { "application/problem+json": { schema: only!.schema, example: only!.example } },
      };
      const name = declaredResponseName(only!.status);
      this.#declaredUsed.set(only!.status, [name, response]);
      return componentRef("responses", name);
    }
    const schemas = unique(formatted.map(({ schema }) => schema));
    const documents = unique([
      ...(problems.length > 0 ? [componentRef("schemas", "Problem")] : []),
      ...declared.map(({ schema }) => schema),
    ]);
    // A status only the handler declares shows what honest answers for it, as the shared answers do.
    const example = problems.length === 0 && declared.length === 1 ? { example: declared[0]!.example } : {};
    const descriptions = unique([
      ...problems.map(descriptionOf),
      ...declared.map(({ description }) => description),
      ...formatted.map(({ description }) => description),
      ...(bodiless === undefined ? [] : [bodiless]),
    ]);
    const content = {
      ...(documents.length > 0 && {
        "application/problem+json": { schema: documents.length === 1 ? documents[0] : { anyOf: documents }, ...example },
      }),
      ...(schemas.length > 0 && { "application/json": { schema: schemas.length === 1 ? schemas[0] : { anyOf: schemas } } }),
    };
    return {
      description: descriptions.join(" "),
      ...(headers && { headers }),
      ...(Object.keys(content).length > 0 && { content }),
    };
  }
}

/**
 * The name of a declared error's shared response: its reason phrase, `NotFoundProblem`; `Status499Problem` for a status
 * without one. Never one of honest's own (`Unauthorized`), whose descriptions say why honest answers them.
 */
function declaredResponseName(status: number): string {
  const phrase = reasonPhrase(status);
  if (phrase === "Client Error" || phrase === "Server Error") return `Status${status}Problem`;
  return `${phrase.replace(/[^A-Za-z0-9 ]/g, "").replace(/(?:^|\s+)(\w)/g, (_match, letter: string) => letter.toUpperCase())}Problem`;
}

/** Each value once, in order, by equal content. */
function unique<T>(values: readonly T[]): T[] {
  return values.filter((value, index) => values.findIndex((other) => isDeepStrictEqual(other, value)) === index);
}
