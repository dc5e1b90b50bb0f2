import fc from "fast-check";

// The fuzz run's requests (example.fuzz.test.ts), as data that fast-check
// can print and shrink: methods, paths built from the example's routes with
// parameters valid, nearly valid or anything, headers, and bodies from the
// example's DTOs, near misses and arbitrary bytes.

/** createApp's default bodyLimit, which the example keeps. */
export const BODY_LIMIT = 1024 * 1024;

export interface FuzzRequest {
  method: string;
  /** Path and query, as written after `http://localhost`. */
  target: string;
  headers: [name: string, value: string][];
  body: Body | undefined;
  /** Sent as a stream in pieces of this many bytes (no content-length), or whole. */
  pieceSize?: number | undefined;
}

type Body = string | Uint8Array | RepeatedBody;

/** Each text repeated so many times, in order: a deep or huge body that prints short. */
interface RepeatedBody {
  repeated: [text: string, times: number][];
}

const encoder = new TextEncoder();

export function toRequest({ method, target, headers, body, pieceSize }: FuzzRequest): Request {
  if (body === undefined || pieceSize === undefined) {
    return new Request(`http://localhost${target}`, { method, headers, body: body === undefined ? undefined : bytesOf(body) });
  }
  return new Request(`http://localhost${target}`, {
    method,
    headers,
    body: inPieces(bytesOf(body), pieceSize),
    duplex: "half",
  } as RequestInit);
}

/** The bytes as a stream of pieces, made as the reader pulls them: a refused body leaves the rest unmade. */
function inPieces(bytes: Uint8Array, pieceSize: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, (at += pieceSize)));
    },
  });
}

/** Bytes rather than text, so that a missing content-type stays missing (a string body would get text/plain). */
function bytesOf(body: Body): Uint8Array<ArrayBuffer> {
  if (typeof body === "string") return encoder.encode(body);
  if (body instanceof Uint8Array) return Uint8Array.from(body);
  return encoder.encode(body.repeated.map(([text, times]) => text.repeat(times)).join(""));
}

/** The request in one line, its body cut short. */
export function describeRequest(request: FuzzRequest): string {
  const { body, pieceSize } = request;
  const pieces = pieceSize === undefined ? "" : `in ${pieceSize}-byte pieces`;
  const shown =
    body === undefined
      ? ""
      : typeof body === "string"
        ? JSON.stringify(body.slice(0, 200))
        : body instanceof Uint8Array
          ? `bytes [${body.slice(0, 64).join(",")}]`
          : JSON.stringify(body);
  return [request.method, request.target, JSON.stringify(request.headers), shown, pieces].filter(Boolean).join(" ");
}

// ---------------------------------------------------------------------------
// Path segments: valid for their parameter's type, nearly valid, or anything

const SEGMENT_ESCAPES = [
  "%FF",
  "%E0%A4%A",
  "%zz",
  "%",
  "%2",
  "%2F",
  "%2f",
  "%25",
  "%2520",
  "%C0%AF",
  "%ED%A0%80",
  "%00",
  "%20",
  "%C3%A9",
  "%F0%9F%98%80",
  "%3F",
  "%23",
  "%2E%2E",
];

/** Text no parameter type asks for: empty, raw, unicode, escaped, broken escapes, dot segments, huge digits. */
const anySegment: fc.Arbitrary<string> = fc.oneof(
  fc.constant(""),
  fc.string({ maxLength: 12 }), // raw '/', '?', '#', '\', spaces: the URL parser takes them as it will
  fc.string({ unit: "binary", maxLength: 6 }), // lone surrogates and controls, encoded by the URL parser
  fc.string({ unit: "grapheme", maxLength: 6 }).map(encodeURIComponent),
  fc
    .array(fc.oneof(fc.constantFrom(...SEGMENT_ESCAPES), fc.string({ maxLength: 3 })), { minLength: 1, maxLength: 4 })
    .map((parts) => parts.join("")),
  fc.constantFrom(".", "..", "%2e", "items", "ITEMS", "Items", "todos", "api"),
  fc.integer({ min: 20, max: 12_000 }).map((length) => "9".repeat(length)),
);

/** A parameter's segment: mostly of its type, else anything. */
function param(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: anySegment });
}

const i64Text = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 0, max: 6 }).map(String) }, // the ids the store holds, and the next it gives
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      ...["9223372036854775807", "-9223372036854775808", "9223372036854775808", "-9223372036854775809", "18446744073709551616"],
      ...["007", "-0", "00", "1.0", "1e3", "+1", "0x10", " 1", "1 ", "-", "١"],
    ),
  },
);
const numberText = fc.oneof(
  fc.integer({ min: -5, max: 100 }).map(String),
  fc.double().map(String), // also "Infinity", "NaN", "5e-324"
  fc.constantFrom(
    "2.5",
    "-3",
    "1e3",
    "1E3",
    "1e400",
    "-1e400",
    "1e-400",
    "Infinity",
    "NaN",
    ".5",
    "5.",
    "+1",
    "0x10",
    "1e",
    "1_000",
    "0.1e1",
    "-0",
    "00.5",
  ),
);
const tagText = fc.oneof(
  fc.constantFrom("input", "usb", "display", "usb%20c", "a%2Fb", "%2520", "%C3%A9"),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 8 }).map(encodeURIComponent),
);
const orderText = fc.constantFrom("asc", "desc", "ASC", "Desc", "asc ", "%61sc", "asc%00", "ascending", "0");
const booleanText = fc.constantFrom("true", "false", "TRUE", "True", "1", "0", "yes", "%74rue", "true ");

// ---------------------------------------------------------------------------
// Routes: the example's (example/src), and paths next to them that none matches

type DtoKind = "create" | "update" | "patch" | "bulk";

interface RouteShape {
  method: string;
  /** A fixed segment, or a parameter's arbitrary. */
  segments: readonly (string | fc.Arbitrary<string>)[];
  body?: DtoKind;
  /** How often, next to the others: the routes that change state more, to reach more states. */
  weight?: number;
  /** The query strings of a route with a Query<T>, beside anyone's. */
  query?: fc.Arbitrary<string>;
}

const id = param(i64Text);

// GET /items's Query<ItemFilter>: limit an integer from 1 to 100, offset an
// integer from 0, tag any string; in range, on the edges, beyond them, and
// hostile (huge values, a key thousands of times, broken escapes).
const pageNumber = fc.oneof(
  fc.integer({ min: -2, max: 102 }).map(String),
  numberText,
  fc.constantFrom("0", "1", "100", "101", "-0", "1.5", "1e2", "", "%31", "%zz", "%FF", "9".repeat(400)),
);
const itemQuery: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      pageNumber.map((value) => `limit=${value}`),
      pageNumber.map((value) => `offset=${value}`),
      tagText.map((value) => `tag=${value}`),
      fc.constantFrom("tag", "limit", "offset=", "LIMIT=1", "limit%3D1", "__proto__=1", "constructor=1", "tag=%E0%A4%A", "%zz=1"),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((pairs) => `?${pairs.join("&")}`);

const ROUTES: readonly RouteShape[] = [
  { method: "GET", segments: [] },
  { method: "GET", segments: ["health"] },
  { method: "GET", segments: ["info"] },
  { method: "GET", segments: ["items"], query: itemQuery, weight: 2 },
  { method: "POST", segments: ["items"], body: "create", weight: 3 },
  { method: "POST", segments: ["items", "bulk"], body: "bulk", weight: 2 },
  { method: "GET", segments: ["items", id] },
  { method: "PUT", segments: ["items", id], body: "update", weight: 3 },
  { method: "PATCH", segments: ["items", id], body: "patch", weight: 3 },
  { method: "DELETE", segments: ["items", id], weight: 2 },
  { method: "GET", segments: ["items", "tagged", param(tagText)] },
  { method: "GET", segments: ["items", "sorted", param(orderText)] },
  { method: "GET", segments: ["items", "in-stock", param(booleanText)] },
  { method: "GET", segments: ["items", id, "quote", param(numberText)] },
  { method: "GET", segments: ["users", id, "posts", id] },
  { method: "GET", segments: ["api", "todos"] },
  { method: "GET", segments: ["me"] },
  { method: "GET", segments: ["admin", "stats"] },
];

const NEAR_MISSES: readonly RouteShape[] = [
  { method: "GET", segments: ["api"] },
  { method: "GET", segments: ["todos"] },
  { method: "GET", segments: ["api", "todos", id] },
  { method: "GET", segments: ["items", id, "quote"] },
  { method: "GET", segments: ["users", id, "posts"] },
  { method: "POST", segments: ["items", id, "quote", param(numberText)], body: "create" },
  { method: "GET", segments: [anySegment] },
  { method: "POST", segments: [anySegment, anySegment], body: "create" },
  { method: "GET", segments: [anySegment, anySegment, anySegment] },
];

/** Changes to a whole path: each makes another path, or the same one once the URL parser has read it. */
const PATH_TWISTS: Record<string, (path: string) => string> = {
  "trailing slash": (path) => `${path}/`,
  "double slash": (path) => `/${path}`,
  "upper case": (path) => path.toUpperCase(),
  "dot segment": (path) => `/.${path}`,
  "dot-dot segment": (path) => `/x/..${path}`,
  "escaped slashes": (path) => `/${path.slice(1).replaceAll("/", "%2F")}`,
  backslashes: (path) => path.replaceAll("/", "\\"),
};

const pathTwist = fc.oneof(
  { weight: 12, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constantFrom(...Object.keys(PATH_TWISTS)) },
);

const query = fc.oneof(
  { weight: 6, arbitrary: fc.constant("") },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.tuple(fc.string({ maxLength: 6 }), fc.string({ maxLength: 8 })), { minLength: 1, maxLength: 3 })
      .map((pairs) => `?${pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join("&")}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "?",
      "?%FF",
      "?q=%E0%A4%A",
      "?&&=&",
      "?a=1&a=2",
      "?__proto__[x]=1",
      "#fragment",
      "?q=1#frag",
      "?%zz=%zz",
      "#%FF",
      "?__proto__=1&constructor=2&prototype=3&limit=1",
      "?limit=%",
      "?tag=%C0%AF",
      "?tag=a%00b",
      "?limit=1&limit=1",
    ),
  },
  { weight: 1, arbitrary: hostileQuery() },
);

/** Query strings that cost a careless reader: huge values and keys, one key thousands of times, thousands of keys. */
function hostileQuery(): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom("limit", "offset", "tag", "x", "__proto__", "%zz", "t%61g"),
      fc.constantFrom("1", "a", "%zz", "%FF", "9".repeat(30), ""),
      fc.integer({ min: 1, max: 5_000 }),
      fc.constantFrom("repeated", "huge value", "huge key", "many keys"),
    )
    .map(([key, value, times, kind]) => {
      if (kind === "huge value") return `?${key}=${value.repeat(Math.ceil(50_000 / Math.max(1, value.length)))}`;
      if (kind === "huge key") return `?${key.repeat(10_000)}=${value}`;
      if (kind === "many keys") return `?${Array.from({ length: times }, (_, index) => `k${index}=${value}`).join("&")}`;
      return `?${`${key}=${value}&`.repeat(times)}`;
    });
}

// ---------------------------------------------------------------------------
// Methods and headers

/** Methods Request accepts: lower case ones it upper-cases (get, delete) and ones it leaves (Patch), unknown ones. */
const ANY_METHODS = [
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
  "PROPFIND",
  "M-SEARCH",
  "BREW",
  "LINK",
  "QUERY",
  "Patch",
  "get",
  "delete",
  "post",
];

function methodFor(route: RouteShape): fc.Arbitrary<string> {
  return fc.oneof({ weight: 5, arbitrary: fc.constant(route.method) }, { weight: 2, arbitrary: fc.constantFrom(...ANY_METHODS) });
}

function canHaveBody(method: string): boolean {
  const upper = method.toUpperCase();
  return upper !== "GET" && upper !== "HEAD";
}

const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 40 });

const CONTENT_TYPES = [
  ...[
    "APPLICATION/JSON",
    "Application/Json",
    " application/json ",
    "application/json;",
    "application/json; charset=utf-8",
    "application/json;charset=UTF-8",
  ],
  ...[
    'application/json ; charset = "utf-8"',
    "application/json; charset=utf8",
    "application/json; charset=latin1",
    "application/json; charset=utf-16",
    "application/json; charset=",
  ],
  ...[
    "application/json; boundary=x",
    "application/merge-patch+json",
    "application/problem+json",
    "application/vnd.api+json; charset=utf-8",
    "application/+json",
  ],
  ...[
    "application/json+xml",
    "application/jsonx",
    "application/json, text/plain",
    "text/json",
    "text/plain",
    "text/plain;charset=UTF-8",
    "*/*",
    "json",
    ";",
    "",
  ],
  ...["application/x-www-form-urlencoded", "multipart/form-data; boundary=----x"],
];

const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant("application/json") },
  { weight: 4, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
  { weight: 1, arbitrary: printable },
);

/** A content-length that is not the body's: honest trusts one above the limit, and reads the body otherwise. */
const wrongContentLength = fc.constantFrom(
  "0",
  "1",
  "3",
  "-1",
  "abc",
  "1e3",
  String(BODY_LIMIT),
  String(BODY_LIMIT + 1),
  "99999999999999999999",
);

const HEADER_NAMES = [
  "accept",
  "accept-encoding",
  "content-encoding",
  "content-language",
  "authorization",
  "cookie",
  "origin",
  "range",
  "expect",
  "transfer-encoding",
];
/** Values of the headers that frame or code a body, which honest refuses but for the ones it reads. */
const FRAMING_HEADERS: readonly [string, string][] = [
  ...["gzip", "br", "identity", "IDENTITY", "gzip, identity", "deflate"].map((value): [string, string] => ["content-encoding", value]),
  ...["chunked", "gzip, chunked", "Chunked", "identity"].map((value): [string, string] => ["transfer-encoding", value]),
  ["content-type", "application/json"],
  ["content-type", "text/plain"],
  // The example's tokens: a signed-in user (GET /me) and the admin (GET /admin/stats).
  ...["Bearer ada-token", "Bearer grace-token", "Bearer admin-secret", "Bearer ", "ada-token"].map((value): [string, string] => [
    "authorization",
    value,
  ]),
];
/** The example's typed headers and cookies (x-request-id on POST /items/bulk, theme on GET /), well formed or not. */
const INPUT_HEADERS: readonly [string, string][] = [
  ...["req-1", "a b", "", "x".repeat(65), "%41", "é"].map((value): [string, string] => ["x-request-id", value]),
  ...["theme=dark", "theme=light", "theme=sepia", "theme", "=dark", ";;;", "theme=dark; theme=light", 'theme="dark"', 'theme="dark']
    .concat(["theme=%zz", "theme=%64ark", "__proto__=dark; theme=dark", "theme=dark;", `theme=${"d".repeat(8000)}`])
    .map((value): [string, string] => ["cookie", value]),
];

const extraHeader = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.tuple(
      fc.oneof(fc.constantFrom(...HEADER_NAMES, "x-http-method-override", "content-type"), fc.stringMatching(/^x-[a-z0-9-]{1,12}$/)),
      printable,
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(...FRAMING_HEADERS).map(([name, value]): [string, string] => [name, value]) },
  { weight: 2, arbitrary: fc.constantFrom(...INPUT_HEADERS).map(([name, value]): [string, string] => [name, value]) },
);

const headers: fc.Arbitrary<[string, string][]> = fc
  .tuple(
    fc.option(contentType, { nil: undefined, freq: 6 }),
    fc.oneof({ weight: 12, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: wrongContentLength }),
    fc.array(extraHeader, { maxLength: 3 }),
  )
  .map(([type, length, extra]) => [
    ...(type === undefined ? [] : [["content-type", type] as [string, string]]),
    ...(length === undefined ? [] : [["content-length", length] as [string, string]]),
    ...extra,
  ]);

// ---------------------------------------------------------------------------
// Bodies: the example's DTOs (example/src/items/item.ts), near misses, and anything

const FIELD_NAMES = ["name", "price", "tags", "inStock"] as const;
type FieldName = (typeof FIELD_NAMES)[number];

const REQUIRED: Record<Exclude<DtoKind, "bulk">, FieldName[]> = {
  create: ["name", "price"],
  update: ["name", "price", "tags", "inStock"],
  patch: [],
};

const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
);
const price = fc.double({ noNaN: true, noDefaultInfinity: true });
const tags = fc.array(text, { maxLength: 4 });

function validDto(kind: DtoKind): fc.Arbitrary<string> {
  if (kind === "bulk") {
    // NewItem[]: mostly within its constraints (a name, a price from 0), at times not.
    const item = fc.record(
      {
        name: fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), text),
        price: fc.oneof(fc.double({ min: 0, noNaN: true }), price),
        tags,
      },
      { requiredKeys: ["name", "price"] },
    );
    return fc.array(item, { minLength: 0, maxLength: 4 }).map((items) => JSON.stringify(items));
  }
  return fc.record({ name: text, price, tags, inStock: fc.boolean() }, { requiredKeys: REQUIRED[kind] }).map((dto) => JSON.stringify(dto));
}

/** Number texts JSON.parse rounds, refuses as not finite, or an i64 would read differently. */
const numberLiteral = fc.constantFrom(
  "1e400",
  "-1e400",
  "1e-400",
  "9007199254740993",
  "9223372036854775807",
  "9223372036854775808",
  "123456789012345678901234567890",
  "1.0",
  "-0",
  "0.1e1",
  "1E5",
  "5e-324",
);
const anyJsonText = fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value));

const validValueText: Record<FieldName, fc.Arbitrary<string>> = {
  name: text.map((value) => JSON.stringify(value)),
  price: fc.oneof(
    price.map((value) => JSON.stringify(value)),
    numberLiteral,
  ),
  tags: tags.map((value) => JSON.stringify(value)),
  inStock: fc.boolean().map(String),
};
const wrongValueText = fc.oneof(
  anyJsonText,
  numberLiteral,
  fc.constantFrom("null", "[]", "{}", '"1"', "true", '["a",1]', '{"__proto__":{"polluted":true}}'),
);

const EXTRA_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "id",
  "Name",
  "price ",
  "",
  "tags[0]",
];

/** A `"key":value` pair: a declared field with a value of its type or not, or an undeclared key. */
const entry: fc.Arbitrary<readonly [string, string]> = fc.oneof(
  { weight: 2, arbitrary: fc.oneof(...FIELD_NAMES.map((name) => validValueText[name].map((value) => [name, value] as const))) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...FIELD_NAMES), wrongValueText) },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 8 })), fc.oneof(anyJsonText, wrongValueText)),
  },
);

function objectText(entries: readonly (readonly [string, string])[]): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(",")}}`;
}

/** Some of the declared fields, valid, with other pairs before or after (a repeated key takes the last value). */
function nearMissDto(): fc.Arbitrary<string> {
  const declared = fc.record(validValueText, { requiredKeys: [] }).map((fields) => Object.entries(fields));
  return fc
    .tuple(declared, fc.array(entry, { minLength: 1, maxLength: 4 }), fc.boolean())
    .map(([valid, others, othersFirst]) => objectText(othersFirst ? [...others, ...valid] : [...valid, ...others]));
}

/** What goes wrong with JSON text on the way: cut, doubled, wrapped, decorated. */
const TEXT_FAULTS: Record<string, (json: string, at: number) => string> = {
  truncated: (json, at) => json.slice(0, at % json.length),
  "trailing comma": (json) => json.replace(/}$/, ",}"),
  "trailing garbage": (json) => `${json}x`,
  "two documents": (json) => json + json,
  "byte-order mark": (json) => `\uFEFF${json}`,
  "two byte-order marks": (json) => `\uFEFF\uFEFF${json}`,
  "in an array": (json) => `[${json}]`,
  "in whitespace": (json) => `\n\t ${json} \r\n`,
  "single quotes": (json) => json.replaceAll('"', "'"),
  comment: (json) => `/* c */${json}`,
};

function faulty(json: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(json, fc.constantFrom(...Object.keys(TEXT_FAULTS)), fc.nat()).map(([body, fault, at]) => TEXT_FAULTS[fault]!(body, at));
}

const oddText = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "\n",
    "null",
    "{}",
    "[]",
    "0",
    '""',
    "NaN",
    "Infinity",
    "undefined",
    "{",
    "}",
    '{"name":"a","price":1,"name":2}',
  ),
  fc.constantFrom(
    '{"__proto__":{"price":1},"name":"a","price":1}',
    '{"constructor":{"prototype":{"polluted":true}},"name":"a","price":1}',
    '{"name":"\\ud800","price":1}',
  ),
  fc.string(),
  fc.string({ unit: "binary" }),
);

const INVALID_UTF8 = [[0xff], [0x80], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe0, 0xa4], [0xf8, 0x88, 0x80, 0x80, 0x80]];

function utf16le(value: string): Uint8Array {
  const bytes = [0xff, 0xfe];
  for (let i = 0; i < value.length; i++) bytes.push(value.charCodeAt(i) & 0xff, value.charCodeAt(i) >> 8);
  return Uint8Array.from(bytes);
}

const bytesBody: fc.Arbitrary<Uint8Array> = fc.oneof(
  fc.uint8Array({ maxLength: 64 }),
  fc.tuple(validDto("create"), fc.constantFrom(...INVALID_UTF8), fc.nat()).map(([json, bad, at]) => {
    const valid = encoder.encode(json);
    const cut = at % (valid.length + 1);
    return Uint8Array.from([...valid.subarray(0, cut), ...bad, ...valid.subarray(cut)]);
  }),
  validDto("create").map(utf16le),
);

/** Nesting past 256 levels, bodies at and past the limit, arrays of 100 000 elements. */
const repeatedBody: fc.Arbitrary<RepeatedBody> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(["[", "1", "]"], ['{"a":', "1", "}"], ['{"__proto__":', "{}", "}"], ['{"name":"a","price":1,"tags":[', '"t"', "]}"]),
      fc.constantFrom(255, 256, 257, 1_000, 100_000),
    )
    .map(
      ([[open, inner, close], depth]): RepeatedBody => ({
        repeated: [
          [open, depth],
          [inner, 1],
          [close, depth],
        ],
      }),
    ),
  fc.constantFrom<RepeatedBody>(
    {
      repeated: [
        [" ", BODY_LIMIT + 1],
        ['{"name":"a","price":1}', 1],
      ],
    },
    {
      repeated: [
        ['{"name":"', 1],
        ["x", BODY_LIMIT - 21],
        ['","price":1}', 1],
      ],
    }, // exactly the limit
    {
      repeated: [
        ['{"name":"', 1],
        ["x", BODY_LIMIT - 20],
        ['","price":1}', 1],
      ],
    }, // one byte over
    {
      repeated: [
        ['{"name":"a","price":1,"tags":[', 1],
        ['"t",', 50_000],
        ['"t"]}', 1],
      ],
    },
    {
      repeated: [
        ['{"name":"a","price":1,"tags":[', 1],
        ["1,", 100_000],
        ["1]}", 1],
      ],
    },
    { repeated: [["[", 100_000]] },
  ),
);

function bodyFor(kind: DtoKind | undefined): fc.Arbitrary<Body> {
  return fc.oneof(
    { weight: kind === undefined ? 1 : 6, arbitrary: validDto(kind ?? "create") },
    { weight: 4, arbitrary: nearMissDto() },
    { weight: 1, arbitrary: faulty(validDto(kind ?? "create")) },
    { weight: 1, arbitrary: anyJsonText },
    { weight: 1, arbitrary: oddText },
    { weight: 1, arbitrary: bytesBody },
    { weight: 1, arbitrary: repeatedBody },
  );
}

// ---------------------------------------------------------------------------
// Whole requests

function requestFor(route: RouteShape): fc.Arbitrary<FuzzRequest> {
  const path = fc
    .tuple(...route.segments.map((segment) => (typeof segment === "string" ? fc.constant(segment) : segment)))
    .map((segments) => `/${segments.join("/")}`);
  const routeQuery = route.query === undefined ? query : fc.oneof({ weight: 2, arbitrary: route.query }, { weight: 1, arbitrary: query });
  return fc
    .tuple(methodFor(route), path, pathTwist, routeQuery, headers, pieceSize)
    .chain(([method, path, twist, query, headers, pieces]) =>
      // GET and HEAD cannot carry a body in a Request.
      (canHaveBody(method) ? fc.option(bodyFor(route.body), { nil: undefined, freq: 10 }) : fc.constant(undefined)).map(
        (body): FuzzRequest => ({
          method,
          target: (twist === undefined ? path : PATH_TWISTS[twist]!(path)) + query,
          headers,
          body,
          pieceSize: pieces,
        }),
      ),
    );
}

/** Mostly whole; sometimes a stream of pieces, tiny ones among them. */
const pieceSize = fc.oneof(
  { weight: 8, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.oneof(fc.constantFrom(1, 2, 31, 32, 64), fc.integer({ min: 1, max: 65_536 })) },
);

function anyOf(routes: readonly RouteShape[]): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(...routes.map((route) => ({ weight: route.weight ?? 1, arbitrary: requestFor(route) })));
}

export const fuzzRequest = fc.oneof({ weight: 6, arbitrary: anyOf(ROUTES) }, { weight: 1, arbitrary: anyOf(NEAR_MISSES) });
