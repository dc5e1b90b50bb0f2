import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { form, MULTIPART, part, startUploadFixture, type UploadFixture, badRequest } from "../support/upload-fixture.js";

// docs/guide/forms-and-uploads.md, "Forms and file uploads": `File.name` is a base name. A client's
// `filename="../../etc/passwd"`, or `filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`
// once decoded, reached the handler as written; now what follows the last
// `/` or `\` does, `.` and `..` give "", and a control character is a 400.
// The name the handler sees is asserted, written byte for byte on a socket.

let fixture: UploadFixture;
beforeAll(async () => {
  fixture = await startUploadFixture("multipart-file-names");
});
afterAll(() => fixture.close());

/** The name the handler's File has, for a file part whose Content-Disposition ends with `parameters`. */
async function nameSeen(parameters: string): Promise<string> {
  const sent = await fixture.send(form(part(`Content-Disposition: form-data; name="file"; ${parameters}`, "x")), MULTIPART);
  expect(sent.status, JSON.stringify(sent.problem)).toBe(201);
  expect(sent.received!.files).toHaveLength(1);
  expect(sent.received!.files[0]!.text).toBe("x");
  return sent.received!.files[0]!.name;
}

function refusal(reason: string) {
  return badRequest(`the request body is not valid multipart/form-data: part 1 ${reason}`);
}

describe("a file name with directories", () => {
  it.each([
    ['filename="../../etc/passwd"', "passwd"],
    ['filename="/etc/passwd.png"', "passwd.png"],
    ["filename*=UTF-8''C%3A%5Cphotos%5Cme.png", "me.png"],
    ["filename*=utf-8''..%5C..%5Cwindows%2Fwin.ini", "win.ini"],
    ["filename*=UTF-8''..%2F..%2Fetc%2Fpasswd", "passwd"],
    ["filename*=UTF-8'en'%E2%9C%93%20ok.txt", "✓ ok.txt"],
    ["filename=\"a.png\"; filename*=UTF-8''..%2Fb.php", "b.php"],
    ['filename="..%2F..%2Fetc%2Fpasswd"', "..%2F..%2Fetc%2Fpasswd"],
    ['filename="..."', "..."],
    ['filename="a..b.txt"', "a..b.txt"],
  ])("%s reaches the handler as %j", async (parameters, name) => {
    expect(await nameSeen(parameters)).toBe(name);
  });

  it.each([
    'filename=".."',
    'filename="."',
    'filename="dir/"',
    'filename="a/b/.."',
    "filename*=UTF-8''C%3A%5C",
    "filename*=UTF-8''..%2F..",
  ])("%s reaches the handler as an empty name, its bytes kept", async (parameters) => {
    expect(await nameSeen(parameters)).toBe("");
  });
});

describe("a file name with a backslash in its quotes", () => {
  it("is a 400, as the backslash is an escape to RFC 9110 and a character to browsers", async () => {
    expect(
      await fixture.send(form(part('Content-Disposition: form-data; name="file"; filename="C:\\photos\\me.png"', "x")), MULTIPART),
    ).toEqual(
      refusal(
        "has a Content-Disposition that has a backslash in the quoted filename parameter, which readers take two ways (an escape, or as written); it is refused",
      ),
    );
  });
});

describe("a file name with a control character", () => {
  it("written raw in the header is a 400", async () => {
    expect(
      await fixture.send(form(part('Content-Disposition: form-data; name="file"; filename="../../etc/passwd\u0000.png"', "x")), MULTIPART),
    ).toEqual(refusal("has a control character (U+0000) in its headers"));
  });

  it.each([
    ["filename*=UTF-8''passwd%00.png", 'has the file name "passwd\\u0000.png", with a control character (U+0000)'],
    ["filename*=UTF-8''a%0D%0Ab.txt", 'has the file name "a\\r\\nb.txt", with a control character (U+000D)'],
    ["filename*=UTF-8''a%C2%85b.txt", 'has the file name "a\u0085b.txt", with a control character (U+0085)'],
    ["filename*=UTF-8''a%FFb.txt", `has the filename* "UTF-8''a%FFb.txt", which is not UTF-8 once decoded`],
    ["filename*=ISO-8859-1''caf%E9.txt", 'has a filename* in "ISO-8859-1"; only UTF-8 is read'],
    ["filename*=\"UTF-8''a.txt\"", `has the filename* "UTF-8''a.txt", not charset'language'value (RFC 8187)`],
    ["filename*=UTF-8''a*b.txt", `has the filename* "UTF-8''a*b.txt", with "*" where RFC 8187 writes an escape`],
    ["filename*=a.txt", `has the filename* "a.txt", not charset'language'value (RFC 8187)`],
  ])("or decoded from %s, or a filename* that does not decode, is a 400", async (parameters, reason) => {
    expect(await fixture.send(form(part(`Content-Disposition: form-data; name="file"; ${parameters}`, "x")), MULTIPART)).toEqual(
      refusal(reason),
    );
  });

  it("in the filename that filename* overrides is a 400 too: a reader that takes filename would see it", async () => {
    expect(
      await fixture.send(
        form(part(`Content-Disposition: form-data; name="file"; filename="a%0D.txt"; filename*=UTF-8''a.txt`, "x")),
        MULTIPART,
      ),
    ).toEqual(refusal(`has the file name "a%0D.txt", with %0D: a browser's escape for a control character`));
  });
});

describe("an empty file input", () => {
  it('filename="" with no bytes is no file; with bytes, a file named ""', async () => {
    const empty = part('Content-Disposition: form-data; name="file"; filename=""\r\nContent-Type: application/octet-stream', "");
    expect(await fixture.send(form(empty), MULTIPART)).toEqual({ status: 201, received: { title: null, files: [] } });
    expect(await nameSeen('filename=""')).toBe("");
  });
});
