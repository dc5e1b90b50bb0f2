import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sliceWithTypeScript6, sliceWithTypeScript7 } from "../support/facts-slice.js";

// Issue 20 (spike): one analysis, two compilers. The analysis steps that read
// compiler facts give the same routes, parameters, responses, JSON shape table
// and diagnostics (file, line, column, message) whether TypeScript 6 answers
// in-process or TypeScript 7 answers over IPC from its native binary.

const root = path.resolve(import.meta.dirname, "../..");

describe("TypeScript 6 and TypeScript 7 give one model", () => {
  // TypeScript 7 orders a union's members by a comparison of the types
  // (literals by value); TypeScript 6 by when the checker created them,
  // unless `stableTypeOrdering` (a TypeScript 6 option made for moving to 7)
  // asks for 7's order. TS7-API-NOTES.md, "Union order", has what honest
  // must do about it; until then the comparison asks TypeScript 6 for 7's order.
  it("for the example app", () => {
    const config = path.join(root, "example/tsconfig.json");
    const six = sliceWithTypeScript6(config, { stableTypeOrdering: true });
    const seven = sliceWithTypeScript7(config);
    expect(six.routes.map((route) => route.label)).toContain("GET /items/{id}/quote/{quantity} (ItemController.quote)");
    expect(six.routes).toHaveLength(19);
    expect((six.shapes as readonly unknown[]).length).toBeGreaterThan(10);
    expect(six.diagnostics).toEqual([]);
    expect(seven.routes).toEqual(six.routes);
    expect(seven.shapes).toEqual(six.shapes);
    expect(seven.diagnostics).toEqual(six.diagnostics);
  });

  it("but for the order of a union's members, which only stableTypeOrdering makes TypeScript 6 give as 7 does", () => {
    const config = path.join(root, "example/tsconfig.json");
    const themeValues = (slice: ReturnType<typeof sliceWithTypeScript6>) =>
      JSON.stringify(slice.routes.find((route) => route.label === "GET / (HomeController.welcome)")!.parameters);
    expect(themeValues(sliceWithTypeScript6(config))).toContain('"values":["light","dark"]');
    expect(themeValues(sliceWithTypeScript7(config))).toContain('"values":["dark","light"]');
  });

  it("for a project with every kind of JSON, input and response mistake", () => {
    const dir = path.join(root, "test/.out/compiler-facts-mistakes");
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(path.join(dir, "src"), { recursive: true });
    writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "es2022",
          module: "nodenext",
          moduleResolution: "nodenext",
          lib: ["es2023"],
          types: ["node"],
          strict: true,
          skipLibCheck: true,
          noEmit: true,
        },
        include: ["src"],
      }),
    );
    writeFileSync(path.join(dir, "src/controller.ts"), MISTAKES);
    const config = path.join(dir, "tsconfig.json");
    const six = sliceWithTypeScript6(config, { stableTypeOrdering: true });
    const seven = sliceWithTypeScript7(config);
    expect(six.diagnostics).toContain(
      "src/controller.ts(6,3): error TS991014: GET /api/account (AccountController.get): Json<Account> cannot be sent as a response: $.createdAt is a Date, which JSON cannot carry; declare it as string (an ISO 8601 date) and convert where you use it.",
    );
    expect(six.diagnostics.length).toBeGreaterThan(10);
    expect(seven.diagnostics).toEqual(six.diagnostics);
    expect(seven.routes).toEqual(six.routes);
    expect(seven.shapes).toEqual(six.shapes);
  });
});

const MISTAKES = `import { Controller, Get, Post, StatusCode } from "honest";
import type { Json, Query, Header, Form, Path, MinLength, MaxLength, Pattern, Minimum, Maximum, Integer, MaxItems, i64 } from "honest";
interface Account {
  name: string;
  onSave: () => void;
  createdAt: Date;
  roles: Map<string, boolean>;
  key: symbol;
  history: { at: Date }[];
}
/** A tree of comments. */
interface Comment {
  /** The text, at most 280 characters. */
  text: string & MinLength<1> & MaxLength<280>;
  replies: Comment[];
  flagged: true | false;
  score?: number & Integer & Minimum<0>;
  /** @deprecated use score */
  rank: number | null;
}
interface Wrong {
  age: number & MinLength<1>;
  slug: string & Pattern<"[a-">;
  range: number & Minimum<10> & Maximum<5>;
  pair: [string, number?, ...boolean[]];
  bag: Record<string, number>;
  byNumber: { [index: number]: string };
  later: Promise<string>;
}
type Page<T> = { items: T[]; next: string | null };
interface Filter {
  limit?: number & Integer & Minimum<1>;
  tags?: string[] & MaxItems<3>;
  since: Date;
  order?: "asc" | "desc";
}
@Controller({ prefix: "/api" })
export class AccountController {
  @Get("/account")
  async get(): Promise<Json<Account>> { throw new Error(); }
  @Post("/comments")
  async comment(body: Json<Comment>): Promise<Json<Comment, 201>> { return body; }
  @Post("/wrong")
  async wrong(body: Json<Wrong>): Promise<StatusCode> { return 204; }
  @Get("/page/{id}/{n}")
  async page([id, n]: Path<[i64, 1 | 2]>, q: Query<Filter>): Promise<Json<Page<Comment>> | StatusCode> { throw new Error(); }
  @Get("/generic")
  async generic<T>(): Promise<Json<Page<T>>> { throw new Error(); }
  @Post("/upload")
  async upload(form: Form<{ photo: File; caption?: string & MaxLength<80> }>, h: Header<{ "X-Id": string }>): Promise<Json<number, 204>> { return 1; }
  @Get("/number")
  async number(): Promise<Json<number> | StatusCode> { return 1; }
}
`;
