import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { form, MULTIPART, part, startUploadFixture, type UploadFixture, badRequest } from "../support/upload-fixture.js";

// docs/guide/forms-and-uploads.md, "Forms and file uploads", One reading: each part of a multipart
// form has one reading, or none. @remix-run/multipart-parser alone let the
// last of two `name=` win, the last of two Content-Disposition headers win,
// dropped a part whose header said `NAME=`, and cut `filename="a\rb"` to
// `"a`; a proxy reading the other occurrence would have seen other fields.
// Parameter names are read in any case; anything else readers disagree on
// is a 400 naming it, and the handler never runs. Written byte for byte on
// a socket.

let fixture: UploadFixture;
beforeAll(async () => {
  fixture = await startUploadFixture("multipart-parameters");
});
afterAll(() => fixture.close());

function refusal(reason: string) {
  return badRequest(`the request body is not valid multipart/form-data: ${reason}`);
}

/** Sends a form of `parts`; expects the 400 naming `reason`. */
async function expectRefused(parts: readonly string[], reason: string): Promise<void> {
  expect(await fixture.send(form(...parts), MULTIPART)).toEqual(refusal(reason));
}

const title = part('Content-Disposition: form-data; name="title"', "hi");

describe("a parameter given twice", () => {
  it.each([
    ['form-data; name="title"; name="file"', "name"],
    ['form-data; name="title"; NAME="file"', "name"],
    ['form-data; name="file"; filename="a.txt"; filename="b.txt"', "filename"],
    ["form-data; name=\"file\"; filename*=UTF-8''a.txt; Filename*=UTF-8''b.txt", "filename*"],
  ])("Content-Disposition: %s is a 400", async (disposition, parameter) => {
    await expectRefused(
      [title, part(`Content-Disposition: ${disposition}`, "x")],
      `part 2 has a Content-Disposition that gives the ${parameter} parameter twice; a repeated parameter is refused`,
    );
  });

  it("in a part's Content-Type is a 400", async () => {
    const headers =
      'Content-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain; charset=utf-8; charset=utf-8';
    await expectRefused(
      [part(headers, "x")],
      "part 1 has a Content-Type that gives the charset parameter twice; a repeated parameter is refused",
    );
  });
});

describe("a header given twice", () => {
  it.each(["Content-Disposition", "Content-Type", "Content-Transfer-Encoding"])("%s is a 400, in any case", async (header) => {
    const value = { "Content-Disposition": 'form-data; name="title"', "Content-Type": "text/plain", "Content-Transfer-Encoding": "8bit" }[
      header
    ];
    const twice = part(
      `Content-Disposition: form-data; name="title"\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: 8bit\r\n${header.toUpperCase()}: ${value}`,
      "hi",
    );
    await expectRefused([twice], `part 1 has two ${header} headers; a repeated header is refused`);
  });

  it("two Content-Dispositions naming two fields are a 400, not the last one's field", async () => {
    const headers = 'Content-Disposition: form-data; name="file"; filename="evil.txt"\r\nContent-Disposition: form-data; name="title"';
    await expectRefused([part(headers, "hi")], "part 1 has two Content-Disposition headers; a repeated header is refused");
  });
});

describe("a parameter name in another case", () => {
  it("is the same parameter: NAME is name, FILENAME is filename, Form-Data is form-data", async () => {
    const text = part('Content-Disposition: Form-Data; NAME="title"', "hi");
    const file = part('content-disposition: form-data; Name="file"; FILENAME="a.txt"\r\nCONTENT-TYPE: text/plain', "x");
    expect(await fixture.send(form(text, file), MULTIPART)).toEqual({
      status: 201,
      received: { title: "hi", files: [{ name: "a.txt", type: "text/plain", text: "x" }] },
    });
  });
});

describe("a control character in a part's headers", () => {
  it.each([
    ['form-data; name="file"; filename="a\rb"', "U+000D"],
    ['form-data; name="file"; filename="a\nb"', "U+000A"],
    ['form-data; name="file"; filename="a.txt"\r; name="title"', "U+000D"],
    ['form-data; name="file"; filename="a\u0000.txt"', "U+0000"],
    ['form-data; name="file"; filename="a\u007f.txt"', "U+007F"],
    ['form-data; name="file"; filename="a\u0085.txt"', "U+0085"],
  ])("Content-Disposition: %j is a 400", async (disposition, code) => {
    await expectRefused([part(`Content-Disposition: ${disposition}`, "x")], `part 1 has a control character (${code}) in its headers`);
  });

  it("a tab, allowed between a header's words, is a 400 in a name or a file name", async () => {
    expect(await fixture.send(form(part('Content-Disposition:\tform-data;\tname="title"', "hi")), MULTIPART)).toMatchObject({
      status: 201,
      received: { title: "hi" },
    });
    await expectRefused(
      [part('Content-Disposition: form-data; name="ti\ttle"', "hi")],
      'part 1 has the name "ti\\ttle", with a control character (U+0009)',
    );
    await expectRefused(
      [part('Content-Disposition: form-data; name="file"; filename="a\tb"', "x")],
      'part 1 has the file name "a\\tb", with a control character (U+0009)',
    );
  });

  it("%0D and %0A, a browser's escapes for CR and LF, are a 400; %22 is a quote", async () => {
    await expectRefused(
      [part('Content-Disposition: form-data; name="title%0D%0Ax"', "hi")],
      `part 1 has the name "title%0D%0Ax", with %0D: a browser's escape for a control character`,
    );
    await expectRefused(
      [part('Content-Disposition: form-data; name="file"; filename="a%0ab.txt"', "x")],
      `part 1 has the file name "a%0ab.txt", with %0a: a browser's escape for a control character`,
    );
    expect(
      await fixture.send(form(part('Content-Disposition: form-data; name="file"; filename="say %22hi%22.txt"', "x")), MULTIPART),
    ).toMatchObject({
      status: 201,
      received: { files: [{ name: 'say "hi".txt' }] },
    });
  });
});

describe("a header written so that readers could disagree", () => {
  it.each([
    [
      'Content-Disposition: form-data; name="file"; filename="a\\"; name="title"',
      "part 1 has a Content-Disposition that has a backslash in the quoted filename parameter, which readers take two ways (an escape, or as written); it is refused",
    ],
    [
      'Content-Disposition: form-data; name = "title"',
      'part 1 has a Content-Disposition that has a space around the "=" of its name parameter; write name=value',
    ],
    [
      'Content-Disposition: form-data; name="title',
      "part 1 has a Content-Disposition that has a name parameter whose quoted value does not end",
    ],
    [
      "Content-Disposition: form-data; name*=UTF-8''title",
      "part 1 has a name* parameter in its Content-Disposition, which readers take differently; it is refused",
    ],
    [
      'Content-Disposition: form-data; name="file"; filename*0="a"; filename*1=".txt"',
      "part 1 has a filename*0 parameter in its Content-Disposition, which readers take differently; it is refused",
    ],
    [
      'Content-Disposition: attachment; name="title"',
      'part 1 has Content-Disposition "attachment; name=\\"title\\""; a form\'s parts are form-data',
    ],
    ['Content-Disposition: form-data;\r\n name="title"', 'part 1 has a folded header line, " name=\\"title\\""'],
    ['Content-Disposition: form-data; name="title"\r\nnonsense', 'part 1 has a header line that is not "name: value", "nonsense"'],
    [
      'Content-Disposition : form-data; name="title"',
      'part 1 has a header line that is not "name: value", "Content-Disposition : form-data; name=\\"t"',
    ],
    [
      'Content-Disposition: form-data; name="title"\r\nContent-Transfer-Encoding: base64',
      'part 1 has Content-Transfer-Encoding "base64"; only 7bit, 8bit and binary are read',
    ],
    [
      'Content-Disposition: form-data; name="title"\r\nContent-Type: text/plain; charset=utf-16le',
      `part 1 has Content-Type "text/plain; charset=utf-16le"; a form's text is read as UTF-8`,
    ],
    ['Content-Disposition: form-data; name="title"\r\nContent-Type: text', 'part 1 has Content-Type "text", which is not a media type'],
  ])("%j is a 400", async (headers, reason) => {
    await expectRefused([part(headers, "aGk=")], reason);
  });

  it("headers that are not UTF-8 are a 400", async () => {
    const body = Buffer.concat([
      Buffer.from('--b\r\nContent-Disposition: form-data; name="ti'),
      Buffer.from([0xff]),
      Buffer.from('tle"\r\n\r\nhi\r\n--b--\r\n'),
    ]);
    expect(await fixture.send(body, MULTIPART)).toEqual(refusal("part 1's headers are not UTF-8"));
  });

  it("what all readers agree on is read: binary, a UTF-8 charset, a charset on a file, a name in UTF-8", async () => {
    const text = part(
      'Content-Disposition: form-data; name="title"\r\nContent-Transfer-Encoding: binary\r\nContent-Type: text/plain; charset=UTF-8',
      "hé",
    );
    const file = part('Content-Disposition: form-data; name="file"; filename="été.txt"\r\nContent-Type: text/plain; charset=latin1', "x");
    expect(await fixture.send(form(text, file), MULTIPART)).toEqual({
      status: 201,
      received: { title: "hé", files: [{ name: "été.txt", type: "text/plain", text: "x" }] },
    });
  });
});

describe("the framing around the parts", () => {
  it("a boundary followed by anything but a line break is a 400", async () => {
    expect(await fixture.send(`--b \r\nContent-Disposition: form-data; name="title"\r\n\r\nhi\r\n--b--\r\n`, MULTIPART)).toEqual(
      refusal('the boundary before part 1 is followed by " \\r", not a line break'),
    );
    await expectRefused(
      [title, `--bx\r\nContent-Disposition: form-data; name="file"\r\n\r\nx\r\n`],
      'the boundary before part 2 is followed by "x\\r", not a line break',
    );
  });

  it("a part's headers of exactly 8 KiB are read however the body is cut; a byte more is a 400", async () => {
    const padded = (size: number) => {
      const start = 'Content-Disposition: form-data; name="title"\r\nX-Pad: ';
      return form(part(start + "p".repeat(size - start.length), "hi"));
    };
    // A piece that ends inside the CRLF CRLF after the headers: the parser alone counted the headers as more than 8 KiB.
    for (const pieceSize of [undefined, 5 + 8192 + 1, 5 + 8192 + 3]) {
      expect(await fixture.send(padded(8192), MULTIPART, pieceSize)).toEqual({ status: 201, received: { title: "hi", files: [] } });
    }
    for (const pieceSize of [undefined, 5 + 8193 + 1, 1000]) {
      expect(await fixture.send(padded(8193), MULTIPART, pieceSize)).toEqual(refusal("a part's headers are over 8192 bytes"));
    }
  });

  it("anything but CRLFs after the closing boundary is a 400, however the body is cut", async () => {
    for (const pieceSize of [undefined, 7]) {
      expect(
        await fixture.send(`${form(title)}--b\r\nContent-Disposition: form-data; name="file"\r\n\r\nx\r\n`, MULTIPART, pieceSize),
      ).toEqual(refusal("something other than CRLF follows the closing boundary"));
    }
  });

  it("a closing boundary with or without CRLFs after it is read, however the body is cut", async () => {
    const body = form(title);
    for (const [ending, pieceSize] of [
      ["", undefined],
      ["", 1],
      ["\r\n", undefined],
      ["\r\n\r\n", 5],
    ] as const) {
      const cut = body.slice(0, -2) + ending;
      expect(await fixture.send(cut, MULTIPART, pieceSize), JSON.stringify([ending, pieceSize])).toEqual({
        status: 201,
        received: { title: "hi", files: [] },
      });
    }
    // The closing CRLF on its own: @remix-run/multipart-parser alone refused it ("Unexpected data after end of stream").
    const split = Buffer.from(body);
    expect(await fixture.send(split, MULTIPART, split.length - 2)).toEqual({ status: 201, received: { title: "hi", files: [] } });
  });
});
