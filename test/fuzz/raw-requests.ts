import fc from "fast-check";

// The socket fuzz run's requests (socket.fuzz.test.ts): what a Request object
// cannot carry and only raw bytes can, as data fast-check prints and shrinks.
// Targets with `.` and `..` segments left unresolved, plain or encoded; host,
// content-type, content-encoding and transfer-encoding given once, twice or
// not at all; bodies framed by content-length or chunked in pieces from one
// byte up.

export interface RawRequest {
  method: string;
  target: string;
  /** Header lines in order, each "name: value"; the framing ones are added from `framing`. */
  headers: string[];
  body: string | undefined;
  /** How the body is framed: by content-length, or chunked in pieces of this many bytes. */
  framing: { kind: "length" } | { kind: "chunked"; pieceSize: number; transferEncoding: string };
}

/** Routes of the example (example/src): a method and the path's segments. */
const ROUTES: readonly (readonly [method: string, segments: readonly string[]])[] = [
  ["GET", ["health"]],
  ["GET", ["items"]],
  ["GET", [""]],
  ["GET", ["items", "1"]],
  ["GET", ["items", "tagged", "usb"]],
  ["GET", ["items", "sorted", "desc"]],
  ["GET", ["items", "1", "quote", "2.5"]],
  ["GET", ["users", "1", "posts", "2"]],
  ["GET", ["api", "todos"]],
  ["GET", ["me"]],
  ["GET", ["admin", "stats"]],
  ["POST", ["items"]],
  ["POST", ["items"]],
  ["POST", ["items", "bulk"]],
  ["PUT", ["items", "2"]],
  ["PATCH", ["items", "1"]],
  ["DELETE", ["items", "3"]],
];

const DOTS = [".", "..", "%2e", "%2E", "%2e%2e", "%2E%2e", ".%2e", "%2e.", "..%2F"];

/** True when the target's path holds a `.` or `..` segment. */
export function hasDotSegment(target: string): boolean {
  const path = target.split("?")[0]!;
  return path.split("/").some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment));
}

/** Query strings for GET /items's Query<ItemFilter>, valid and hostile, as only raw bytes can send them. */
const hostileQuery = fc.oneof(
  fc.constantFrom("?limit=10&offset=1&tag=usb", "?limit=0", "?limit=101", "?offset=-1", "?limit=1.5", "?limit=1&limit=2"),
  fc.constantFrom("?tag=%zz", "?tag=%", "?%FF=1", "?__proto__=1&constructor=1", "?tag=a%00b", "?limit=%31%30"),
  fc.constantFrom("?limit=1&&&&offset=0", "?tag=%C3%A9", "?tag=a+b"),
  // Under Node's 16 KiB for the request head, past which Node answers 431 itself.
  fc.integer({ min: 100, max: 2_000 }).map((times) => `?${"tag=a&".repeat(times)}`),
  fc.integer({ min: 1_000, max: 12_000 }).map((length) => `?tag=${"x".repeat(length)}`),
);

/** x-request-id (POST /items/bulk) and the theme cookie (GET /): once, twice, malformed, or not at all. */
const inputHeaders = fc.oneof(
  { weight: 4, arbitrary: fc.constant([]) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      ["x-request-id: r1"],
      ["x-request-id: r1", "x-request-id: r2"],
      ["x-request-id: a b"],
      ["cookie: theme=dark"],
      ["cookie: theme=dark", "cookie: theme=light"],
      ["cookie: theme=sepia"],
      ["cookie: ;;theme"],
      ["cookie: theme=%zz; =x; __proto__=dark"],
    ),
  },
);

/** A route's target, perhaps with a dot segment put somewhere in its path. */
const route = fc
  .tuple(
    fc.constantFrom(...ROUTES),
    fc.option(fc.tuple(fc.nat(), fc.constantFrom(...DOTS)), { nil: undefined, freq: 2 }),
    fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom("", "", "?x=1", "?next=/../health", "?a=%2e%2e") },
      { weight: 3, arbitrary: hostileQuery },
    ),
  )
  .map(([[method, segments], dot, query]) => {
    const parts = [...segments];
    if (dot !== undefined) parts.splice(dot[0] % (parts.length + 1), 0, dot[1]);
    return { method, target: `/${parts.join("/")}${query}` };
  });

const validBody = fc
  .record(
    {
      name: fc.string({ maxLength: 10 }),
      price: fc.double({ noNaN: true, noDefaultInfinity: true }),
      tags: fc.array(fc.string({ maxLength: 12 }), { maxLength: 3000 }),
    },
    { requiredKeys: ["name", "price"] },
  )
  .map((dto) => JSON.stringify(dto));
const body = fc.oneof(
  { weight: 4, arbitrary: validBody },
  { weight: 1, arbitrary: fc.constantFrom("", "{", "null", '{"name":1}', "x".repeat(5000)) },
);

const contentTypes = fc.oneof(
  { weight: 6, arbitrary: fc.constant(["application/json"]) },
  { weight: 1, arbitrary: fc.constant([]) },
  {
    weight: 2,
    arbitrary: fc.array(fc.constantFrom("application/json", "text/plain", "application/json; charset=utf-8"), {
      minLength: 2,
      maxLength: 2,
    }),
  },
);
const hosts = fc.oneof(
  { weight: 8, arbitrary: fc.constant(["127.0.0.1"]) },
  { weight: 1, arbitrary: fc.constant([]) },
  { weight: 1, arbitrary: fc.constant(["127.0.0.1", "evil.example"]) },
);
const contentEncoding = fc.oneof(
  { weight: 6, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constantFrom("identity", "gzip", "br", "gzip, identity") },
);
/** The example's tokens, a wrong one, or none. */
const authorization = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constantFrom("Bearer ada-token", "Bearer admin-secret", "Bearer wrong") },
);
const framing: fc.Arbitrary<RawRequest["framing"]> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: "length" as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("chunked" as const),
      pieceSize: fc.oneof(fc.constantFrom(1, 2, 16, 31, 64), fc.integer({ min: 1, max: 4096 })),
      transferEncoding: fc.oneof(
        { weight: 6, arbitrary: fc.constant("chunked") },
        { weight: 1, arbitrary: fc.constantFrom("gzip, chunked", "Chunked", "deflate, chunked") },
      ),
    }),
  },
);

export const rawRequest: fc.Arbitrary<RawRequest> = fc
  .tuple(route, hosts, authorization, contentTypes, contentEncoding, body, framing, inputHeaders)
  .map(([{ method, target }, hostValues, token, types, encoding, text, frame, inputs]) => {
    const withBody = method !== "GET";
    const headers = [
      ...hostValues.map((host) => `host: ${host}`),
      ...(token === undefined ? [] : [`authorization: ${token}`]),
      ...inputs,
      ...(withBody ? types.map((type) => `content-type: ${type}`) : []),
      ...(withBody && encoding !== undefined ? [`content-encoding: ${encoding}`] : []),
    ];
    return { method, target, headers, body: withBody ? text : undefined, framing: frame };
  });

/** The request's bytes. */
export function rawBytes(request: RawRequest): Buffer {
  const lines = [`${request.method} ${request.target} HTTP/1.1`, ...request.headers, "connection: close"];
  const { body } = request;
  if (body === undefined) return Buffer.from(`${lines.join("\r\n")}\r\n\r\n`);
  if (request.framing.kind === "length")
    return Buffer.from(`${[...lines, `content-length: ${Buffer.byteLength(body)}`].join("\r\n")}\r\n\r\n${body}`);
  const parts = [`${[...lines, `transfer-encoding: ${request.framing.transferEncoding}`].join("\r\n")}\r\n\r\n`];
  for (let at = 0; at < body.length; at += request.framing.pieceSize) {
    const piece = body.slice(at, at + request.framing.pieceSize);
    parts.push(`${Buffer.byteLength(piece).toString(16)}\r\n${piece}\r\n`);
  }
  parts.push("0\r\n\r\n");
  return Buffer.from(parts.join(""));
}

/** The request in one line, its body cut short. */
export function describeRawRequest(request: RawRequest): string {
  const framing =
    request.framing.kind === "length"
      ? "content-length"
      : `${request.framing.transferEncoding} in ${request.framing.pieceSize}-byte pieces`;
  return `${request.method} ${request.target} [${request.headers.join(" | ")}] ${request.body === undefined ? "" : `${framing}, ${request.body.length} bytes`}`;
}
