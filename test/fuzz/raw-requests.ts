import fc from "fast-check";

// The socket fuzz run's requests (socket.fuzz.test.ts): what a Request object
// cannot carry and only raw bytes can, as data fast-check prints and shrinks.
// Targets with `.` and `..` segments left unresolved, plain or encoded; host,
// content-type, content-encoding and transfer-encoding given once, twice or
// not at all; bodies framed by content-length or chunked in pieces from one
// byte up; multipart uploads to the example's photo route whose parameters,
// part headers, file names and framing readers could take two ways; and any
// of these asking for an upgrade (`Upgrade: websocket`, `h2c` or `foo`, with
// and without a WebSocket key), of any method, beside WebSocket handshakes to
// the chat, valid and not (docs/guide/websockets.md, "Limits and liveness").

export interface RawRequest {
  method: string;
  target: string;
  /** Header lines in order, each "name: value"; the framing ones are added from `framing`. */
  headers: string[];
  body: string | undefined;
  /** How the body is framed: by content-length, or chunked in pieces of this many bytes. */
  framing: { kind: "length" } | { kind: "chunked"; pieceSize: number; transferEncoding: string };
  /** For a multipart upload to POST /items/1/photo: its tricks, and whether honest must refuse it. */
  upload?: Upload;
  /** The upgrade it asks for, if any: its header lines are among `headers`. */
  upgrade?: UpgradeAsk;
}

export interface UpgradeAsk {
  readonly protocol: "websocket" | "h2c" | "foo";
  /** With a Sec-WebSocket-Key and the version (13 unless said), as a WebSocket client's handshake has. */
  readonly key: boolean;
  /** The Sec-WebSocket-Version sent with the key. */
  readonly version: string;
}

/** The Sec-WebSocket-Key the fuzz sends, and the Sec-WebSocket-Accept of a 101 to it (RFC 6455, section 1.3). */
export const WEBSOCKET_KEY = "dGhlIHNhbXBsZSBub25jZQ==";
export const WEBSOCKET_ACCEPT = "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=";

export interface Upload {
  readonly tricks: readonly string[];
  /** A trick that readers take two ways is in it: never a 2xx. */
  readonly mustRefuse: boolean;
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
  // The live feed (server-sent events), the chat's WebSocket route, and paths no route has.
  ["GET", ["items", "changes"]],
  ["GET", ["chat"]],
  ["GET", ["nowhere"]],
  ["GET", ["items", "1", "nowhere"]],
];

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

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

/** A trick: what it writes, and whether it must be refused (docs/guide/forms-and-uploads.md, "Forms and file uploads"). */
type Trick = readonly [label: string, text: string, refuse: boolean];

const ok = (text: string, label = text): Trick => [label, text, false];
const bad = (text: string, label = text): Trick => [label, text, true];

/** One of these tricks, a harmless one four times out of five, so that a fair share of uploads has one reading. */
function tricks(...all: Trick[]): fc.Arbitrary<Trick> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...all.filter(([, , refuse]) => !refuse)) },
    { weight: 1, arbitrary: fc.constantFrom(...all.filter(([, , refuse]) => refuse)) },
  );
}

/** The upload's content-type; {b} stands for the boundary. */
const uploadContentType = tricks(
  ok("multipart/form-data; boundary={b}"),
  ok("multipart/form-data; BOUNDARY={b}"),
  ok('Multipart/Form-Data;boundary="{b}"'),
  ok("multipart/form-data; charset=utf-8; boundary={b};"),
  bad("multipart/form-data; boundary={b}; boundary={b}"),
  bad("multipart/form-data; boundary={b}; Boundary=other"),
  bad("multipart/form-data; boundary ={b}"),
  bad("multipart/form-data; charset=utf-8; charset=latin1; boundary={b}"),
  bad('multipart/form-data; boundary="{b}\\"'),
  bad("multipart/form-data"),
);

/** The photo part's Content-Disposition: names and file names, plain, hostile and ambiguous. */
const photoDisposition = tricks(
  ok('form-data; name="photo"; filename="me.png"'),
  ok('form-data; NAME="photo"; FILENAME="me.png"'),
  ok("Form-Data; name=photo; filename=me.png"),
  ok('form-data; name="photo"; filename="../../etc/passwd"'),
  ok('form-data; name="photo"; filename="/etc/passwd.png"'),
  ok('form-data; name="photo"; filename="a/b/c.png"'),
  ok('form-data; name="photo"; filename="dir/"'),
  ok('form-data; name="photo"; filename=".."'),
  ok('form-data; name="photo"; filename="..%2F..%2Fetc%2Fpasswd"'),
  ok('form-data; name="photo"; filename="say %22hi%22.png"'),
  ok("form-data; name=\"photo\"; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd"),
  ok("form-data; name=\"photo\"; filename*=utf-8''C%3A%5Cphotos%5Cme.png"),
  ok('form-data; name="photo"; filename="a.png"; filename*=UTF-8\'en\'b%20%E2%9C%93.png'),
  ok('form-data; name="photo"; filename="été.png"'),
  bad('form-data; name="caption"; name="photo"; filename="a.png"'),
  bad('form-data; name="photo"; NAME="caption"; filename="a.png"'),
  bad('form-data; name="photo"; filename="a.png"; filename="b.png"'),
  bad("form-data; name=\"photo\"; filename*=UTF-8''a.png; Filename*=UTF-8''b.png"),
  bad('form-data; name="photo"; filename="a\rb.png"'),
  bad('form-data; name="photo"; filename="a.png"\r; name="caption"'),
  bad('form-data; name="photo"; filename="a\nb.png"'),
  bad('form-data; name="photo"; filename="../../etc/passwd\u0000.png"'),
  bad('form-data; name="photo"; filename="a\tb.png"'),
  bad('form-data; name="photo"; filename="a\u007fb.png"'),
  bad('form-data; name="photo"; filename="a\u0085b.png"'),
  bad('form-data; name="photo"; filename="a%0D%0Ab.png"'),
  bad('form-data; name="photo"; filename="a%0ab.png"'),
  bad("form-data; name=\"photo\"; filename*=UTF-8''passwd%00.png"),
  bad("form-data; name=\"photo\"; filename*=UTF-8''a%0A.png"),
  bad("form-data; name=\"photo\"; filename*=UTF-8''%FF.png"),
  bad("form-data; name=\"photo\"; filename*=ISO-8859-1''a.png"),
  bad('form-data; name="photo"; filename="ok.png"; filename*=UTF-8\'\'a%0D.png'),
  bad('form-data; name="photo"; filename="..\\..\\win.ini"'),
  bad('form-data; name="photo"; filename="a\\"; name="caption"'),
  bad("form-data; name*=UTF-8''photo; filename=\"a.png\""),
  bad('form-data; name="photo"; filename*0="a"; filename*1=".png"'),
  bad('attachment; name="photo"; filename="a.png"'),
  bad('form-data; name = "photo"; filename="a.png"'),
);

/** Header lines after the photo part's Content-Disposition. */
const photoHeaders = tricks(
  ok(""),
  ok("\r\nContent-Type: image/png"),
  ok("\r\ncontent-type: IMAGE/PNG\r\nContent-Transfer-Encoding: binary"),
  bad('\r\nContent-Disposition: form-data; name="caption"'),
  bad("\r\nContent-Type: image/png\r\nCONTENT-TYPE: text/plain"),
  bad("\r\nContent-Transfer-Encoding: base64"),
  bad('\r\n name="caption"', "a folded line"),
  bad("\r\nnonsense"),
  bad("\r\nContent-Type: image/png\rX-Evil: 1", "a lone CR"),
);

/** The caption part, if any. */
const captionPart = fc.option(
  tricks(
    ok('Content-Disposition: form-data; name="caption"'),
    ok('Content-Disposition: form-data; NAME="caption"\r\nContent-Type: text/plain; charset=UTF-8'),
    bad('Content-Disposition: form-data; name="caption"\r\nContent-Type: text/plain; charset=latin1'),
    bad('Content-Disposition: form-data; name="caption"\r\nContent-Disposition: form-data; name="photo"; filename="x.png"'),
  ),
  { nil: undefined },
);

/** The first boundary line's ending and what follows the closing boundary. */
const uploadFraming = fc.record({
  opening: tricks(ok("\r\n", "CRLF after the boundary"), bad("  \r\n", "padding after the boundary")),
  closing: tricks(ok("", "nothing after the end"), ok("\r\n"), ok("\r\n\r\n"), bad("\r\njunk"), bad("\r\n--{b}--\r\n")),
});

const upload: fc.Arbitrary<RawRequest> = fc
  .record({
    boundary: fc.constantFrom("b", "----WebKitFormBoundaryZ9xQ"),
    contentType: uploadContentType,
    disposition: photoDisposition,
    headers: photoHeaders,
    caption: captionPart,
    photo: fc.constantFrom("", "PNG", "PNG\r\n--\r\n", "\u0000\u0001\r\n\r\n", "x".repeat(3000)),
    framing: uploadFraming,
    pieces: framing,
  })
  .map(({ boundary, contentType, disposition, headers, caption, photo, framing: around, pieces }) => {
    const tricks = [contentType, disposition, headers, ...(caption === undefined ? [] : [caption]), around.opening, around.closing];
    const parts = [`--${boundary}${around.opening[1]}Content-Disposition: ${disposition[1]}${headers[1]}\r\n\r\n${photo}\r\n`];
    if (caption !== undefined) parts.push(`--${boundary}\r\n${caption[1]}\r\n\r\non the desk\r\n`);
    const text = `${parts.join("")}--${boundary}--${around.closing[1].replaceAll("{b}", boundary)}`;
    return {
      method: "POST",
      target: "/items/1/photo",
      headers: ["host: 127.0.0.1", `content-type: ${contentType[1].replaceAll("{b}", boundary)}`],
      body: text,
      framing: pieces,
      upload: { tricks: tricks.map(([label]) => label), mustRefuse: tricks.some(([, , refuse]) => refuse) },
    };
  });

/** What an upgrade asks for: a WebSocket (with a key or not), HTTP/2 over cleartext as curl --http2 asks, or a protocol no one speaks. */
const upgradeAsk: fc.Arbitrary<UpgradeAsk> = fc.oneof(
  fc.record({ protocol: fc.constant("websocket" as const), key: fc.boolean(), version: fc.constant("13") }),
  fc.record({ protocol: fc.constantFrom("h2c" as const, "foo" as const), key: fc.boolean(), version: fc.constant("13") }),
);

/** The upgrade's header lines, `Connection` spelt as clients spell it. */
function upgradeLines(ask: UpgradeAsk, connection: string): string[] {
  const lines = [`connection: ${ask.protocol === "h2c" ? "Upgrade, HTTP2-Settings" : connection}`, `upgrade: ${ask.protocol}`];
  if (ask.protocol === "h2c") lines.push("http2-settings: AAMAAABkAARAAAAAAAIAAAAA");
  if (ask.key) lines.push(`sec-websocket-key: ${WEBSOCKET_KEY}`, `sec-websocket-version: ${ask.version}`);
  return lines;
}

const connectionSpelling = fc.constantFrom("Upgrade", "upgrade", "keep-alive, Upgrade");

/** A request, any of the others, asking for an upgrade, its method changed at random one time in two (an upload keeps its POST). */
function askingForUpgrade(request: fc.Arbitrary<RawRequest>): fc.Arbitrary<RawRequest> {
  return fc
    .tuple(request, upgradeAsk, connectionSpelling, fc.option(fc.constantFrom(...METHODS), { nil: undefined }))
    .map(([plain, ask, connection, method]) => ({
      ...plain,
      method: plain.upload === undefined && method !== undefined ? method : plain.method,
      headers: [...plain.headers, ...upgradeLines(ask, connection)],
      upgrade: ask,
    }));
}

/** WebSocket handshakes to the chat, which needs a bearer token: with and without one, a key, the version, the GET. */
const chatHandshake: fc.Arbitrary<RawRequest> = fc
  .record({
    target: fc.constantFrom("/chat", "/chat", "/chat?room=1", "/chat/", "/./chat", "/chat/.."),
    method: fc.oneof({ weight: 4, arbitrary: fc.constant("GET") }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }),
    token: fc.constantFrom("Bearer ada-token", "Bearer ada-token", "Bearer wrong", undefined),
    key: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    version: fc.oneof({ weight: 3, arbitrary: fc.constant("13") }, { weight: 1, arbitrary: fc.constantFrom("8", "99", "") }),
    connection: connectionSpelling,
  })
  .map(({ target, method, token, key, version, connection }) => {
    const ask: UpgradeAsk = { protocol: "websocket", key, version };
    const headers = ["host: 127.0.0.1", ...(token === undefined ? [] : [`authorization: ${token}`]), ...upgradeLines(ask, connection)];
    return { method, target, headers, body: undefined, framing: { kind: "length" as const }, upgrade: ask };
  });

const plainRequest: fc.Arbitrary<RawRequest> = fc
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

export const rawRequest: fc.Arbitrary<RawRequest> = fc.oneof(
  { weight: 5, arbitrary: plainRequest },
  { weight: 1, arbitrary: upload },
  { weight: 2, arbitrary: askingForUpgrade(fc.oneof({ weight: 5, arbitrary: plainRequest }, { weight: 1, arbitrary: upload })) },
  { weight: 1, arbitrary: chatHandshake },
);

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
  const upload = request.upload === undefined ? "" : ` (upload: ${request.upload.tricks.map((trick) => JSON.stringify(trick)).join(", ")})`;
  return `${request.method} ${request.target} [${request.headers.join(" | ")}] ${request.body === undefined ? "" : `${framing}, ${request.body.length} bytes`}${upload}`;
}

/** The request as it would be without asking for an upgrade: no `Upgrade` line, no `upgrade` token in `Connection`. */
export function withoutUpgrade(request: RawRequest): RawRequest {
  const headers: string[] = [];
  for (const line of request.headers) {
    const [name = "", value = ""] = line.split(/:\s*/, 2);
    if (name.toLowerCase() === "upgrade") continue;
    if (name.toLowerCase() !== "connection") {
      headers.push(line);
      continue;
    }
    const kept = value
      .split(",")
      .map((token) => token.trim())
      .filter((token) => token !== "" && token.toLowerCase() !== "upgrade");
    if (kept.length > 0) headers.push(`${name}: ${kept.join(", ")}`);
  }
  const { upgrade: _asked, ...rest } = request;
  return { ...rest, headers };
}
