import { reasonPhrase } from "../../../runtime/declarations/status-code.js";
import { isDeepStrictEqual } from "node:util";
import type { ErrorFormatEntryModel, ErrorFormatModel, RouteModel } from "../model.js";
import type { JsonSchemas } from "./json-schemas.js";
import { componentRef, type Schema } from "./schema.js";
import { answersPreconditionFailed } from "./conditional-answers.js";

// honest's error answers (docs/guide/errors.md, "Errors") as OpenAPI responses: one shared
// `Problem` schema, RFC 9457's members as its Appendix A types them plus
// `errors`, and the answers each route can give because of what it reads.

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
    const byStatus = new Map<string, StatusAnswers>();
    const at = (status: string) => byStatus.get(status) ?? byStatus.set(status, { problems: [], formatted: [] }).get(status)!;
    for (const [status, name] of listed) {
      const entry = this.#format.get(String(status)) ?? this.#format.get("default");
      const answers = at(String(entry?.status ?? status));
      if (!entry) answers.problems.push(name);
      else answers.formatted.push({ description: descriptionOf(name), schema: this.#schemas.schema(entry.shape) });
      const headers = PROBLEM_RESPONSES[name].headers as Schema | undefined;
      if (headers) answers.headers = { ...answers.headers, ...headers };
    }
    // Anything else: a handler's HttpError or a server failure, rendered by whichever entry has its status.
    const others = at("default");
    if (!this.#format.has("default")) others.problems.push("Problem");
    for (const entry of this.#format.values()) {
      others.formatted.push({ description: descriptionOf("Problem"), schema: this.#schemas.schema(entry.shape) });
    }
    return [...byStatus].map(([status, answers]) => [status, this.#response(answers)]);
  }

  /** `components.responses`: the answers referred to so far, in a fixed order. */
  components(): Record<string, Schema> {
    return Object.fromEntries(Object.entries(PROBLEM_RESPONSES).filter(([name]) => this.#used.has(name as ProblemName)));
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
  #response({ problems, formatted, headers }: StatusAnswers): Schema {
    if (problems.length > 0) this.#problemSchemaUsed = true;
    if (formatted.length === 0 && problems.length === 1) {
      this.#used.add(problems[0]!);
      return componentRef("responses", problems[0]!);
    }
    const schemas = unique(formatted.map(({ schema }) => schema));
    const descriptions = unique([...problems.map(descriptionOf), ...formatted.map(({ description }) => description)]);
    return {
      description: descriptions.join(" "),
      ...(headers && { headers }),
      content: {
        ...(problems.length > 0 && { "application/problem+json": { schema: componentRef("schemas", "Problem") } }),
        ...(schemas.length > 0 && { "application/json": { schema: schemas.length === 1 ? schemas[0] : { anyOf: schemas } } }),
      },
    };
  }
}

/** Each value once, in order, by equal content. */
function unique<T>(values: readonly T[]): T[] {
  return values.filter((value, index) => values.findIndex((other) => isDeepStrictEqual(other, value)) === index);
}
