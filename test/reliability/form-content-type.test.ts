import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { form, MULTIPART, part, startUploadFixture, type UploadFixture, badRequest } from "../support/upload-fixture.js";

// docs/guide/forms-and-uploads.md, "Forms and file uploads", One reading: a form's content-type has
// one reading, or none. Its parameter names are read in any case (RFC 9110
// §5.6.6); a parameter given twice, a space around "=", or a backslash in a
// quoted value is a 400 naming it, never the first or the last occurrence,
// which a proxy in front could have read the other way. Written byte for
// byte on a socket; a refused form never reaches the handler.

let fixture: UploadFixture;
beforeAll(async () => {
  fixture = await startUploadFixture("form-content-type");
});
afterAll(() => fixture.close());

const titled = form(part('Content-Disposition: form-data; name="title"', "hi"));

function refusal(contentType: string, problem: string) {
  return badRequest(`the request body's content-type ${JSON.stringify(contentType)} ${problem}`);
}

describe("a urlencoded form's charset", () => {
  it.each([
    "application/x-www-form-urlencoded; charset=utf-8; charset=latin1",
    "application/x-www-form-urlencoded; charset=latin1; charset=utf-8",
    "application/x-www-form-urlencoded; charset=utf-8; CHARSET=utf-8",
  ])("given twice is a 400 whatever the order: %j", async (contentType) => {
    expect(await fixture.send("title=hi", contentType)).toEqual(
      refusal(contentType, "gives the charset parameter twice; a repeated parameter is refused"),
    );
  });

  it("is read in any case, and a charset other than UTF-8 stays a 415", async () => {
    expect(await fixture.send("title=hi", "application/x-www-form-urlencoded; Charset=UTF-8")).toMatchObject({
      status: 201,
      received: { title: "hi", files: [] },
    });
    const latin1 = await fixture.send("title=hi", "application/x-www-form-urlencoded; CHARSET=latin1");
    expect(latin1.status).toBe(415);
    expect(latin1.problem!.detail).toBe('a form body must be UTF-8; got content-type "application/x-www-form-urlencoded; CHARSET=latin1"');
  });
});

describe("a multipart form's boundary", () => {
  it.each([
    ["multipart/form-data; boundary=b; boundary=c", "gives the boundary parameter twice; a repeated parameter is refused"],
    ["multipart/form-data; boundary=c; Boundary=b", "gives the boundary parameter twice; a repeated parameter is refused"],
    ["multipart/form-data; boundary=b; boundary=b", "gives the boundary parameter twice; a repeated parameter is refused"],
    ["multipart/form-data; boundary =b", 'has a space around the "=" of its boundary parameter; write boundary=value'],
    ["multipart/form-data; boundary= b", 'has a space around the "=" of its boundary parameter; write boundary=value'],
    [
      'multipart/form-data; boundary="\\b"',
      "has a backslash in the quoted boundary parameter, which readers take two ways (an escape, or as written); it is refused",
    ],
    ['multipart/form-data; boundary="b', "has a boundary parameter whose quoted value does not end"],
    ["multipart/form-data; boundary=b c", 'has "c" where a ";" should come'],
    ["multipart/form-data; =b", 'has a parameter without a name at "=b"'],
  ])("%j is a 400", async (contentType, problem) => {
    expect(await fixture.send(titled, contentType)).toEqual(refusal(contentType, problem));
  });

  it("is read in any case, quoted or not, with other parameters beside it", async () => {
    for (const contentType of [
      MULTIPART,
      "multipart/form-data; BOUNDARY=b",
      'Multipart/Form-Data; Boundary="b"',
      "multipart/form-data;boundary=b;charset=utf-8",
      "multipart/form-data; charset=utf-8; boundary=b;",
    ]) {
      expect(await fixture.send(titled, contentType), contentType).toEqual({ status: 201, received: { title: "hi", files: [] } });
    }
  });
});
