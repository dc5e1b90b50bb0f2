import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { analyseWithTypeScript6, analyseWithTypeScript7 } from "../support/analysis-by-compiler.js";
import { generateAndCompile, honest, MODULE_IMPORT, writeGeneratorProject } from "../support/generated-example.js";
import { HonestCode, printedCode } from "../support/honest-codes.js";
import { nodeTsconfig } from "../support/node-tsconfig.js";

// docs/setup/typescript-7.md, "TypeScript 7: generator mode", and
// docs/guide/request-scope.md: per-request components built as a
// TypeScript 7 user builds them, `honest generate` then TypeScript 7's tsc.
// The module it writes marks the routes that reach a @PerRequest()
// component, as the transformer does, and they run in a request scope: one
// instance per request, shared by the controller, a service and a resolver,
// closed with how the request ended; a route that reaches none runs without.
// The mistakes (TS991038, TS991039, a cycle in TS991016) are the same, at
// the same places, through `honest check` on TypeScript 7 as through the
// transformer on TypeScript 6.

const root = path.resolve(import.meta.dirname, "../..");
const dir = path.join(root, "test/.out/generator-request-scope");
const mistakesDir = path.join(root, "test/.out/generator-request-scope-mistakes");

const WORK = `import { PerRequest } from "honest";
import type { Inject, RequestEnd } from "honest";

/** What each close(end) heard, in order. */
export const ends: string[] = [];

export class Pool {
  readonly name = "pool";
}

@PerRequest()
export class UnitOfWork {
  static built = 0;
  declare readonly pool: Inject<Pool>;
  readonly id = ++UnitOfWork.built;

  async close(end: RequestEnd): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 5));
    ends.push(\`UnitOfWork#\${this.id} \${end.outcome === "gone" ? "gone" : \`\${end.outcome} \${end.status}\`} (\${this.pool.name})\`);
  }
}
`;

const ITEMS = `import { Controller, Get, HttpError, Post } from "honest";
import type { Current, From, Inject, Json, Sse } from "honest";
import type { Context } from "hono";
import { UnitOfWork } from "./work.js";

export class ItemService {
  declare readonly work: Current<UnitOfWork>;
  id(): number {
    return this.work.id;
  }
}

export class WorkOwner {
  declare readonly work: Current<UnitOfWork>;
  resolve(_c: Context): number {
    return this.work.id;
  }
}

@Controller({ prefix: "/items" })
export class ItemController {
  declare readonly items: Inject<ItemService>;
  declare readonly work: Current<UnitOfWork>;

  @Get("/ids")
  async ids(owner: From<WorkOwner>): Promise<Json<number[]>> {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return [this.work.id, this.items.id(), owner];
  }

  @Post("/taken")
  async taken(): Promise<Json<number>> {
    throw new HttpError(409, \`work \${this.work.id} found the name taken\`);
  }

  @Get("/feed")
  async *feed(): Sse<number> {
    for (let n = 0; n < 2; n++) yield this.items.id();
  }
}

@Controller()
export class HealthController {
  @Get("/health")
  async health(): Promise<Json<string>> {
    return "ok";
  }
}
`;

const APP = `import { createApp } from "honest";
export const app = createApp({ log: false });
`;

interface Built {
  readonly app: Hono;
  readonly ends: string[];
}

let built: Built;

beforeAll(async () => {
  writeGeneratorProject(dir, { "src/work.ts": WORK, "src/items.ts": ITEMS, "src/app.ts": APP }, {});
  generateAndCompile(dir);
  const { app } = await import(pathToFileURL(path.join(dir, "dist/app.js")).href);
  const { ends } = await import(pathToFileURL(path.join(dir, "dist/work.js")).href);
  built = { app, ends };
}, 120_000);

describe("per-request components in generator mode", () => {
  it("marks the routes that reach one, and only those, in the generated module", () => {
    const text = readFileSync(path.join(dir, "src/honest.generated.ts"), "utf8");
    expect(text.match(/requestScope: true/g)).toHaveLength(3);
    const health = text.slice(text.indexOf('path: "/health"'));
    expect(health.slice(0, health.indexOf("handler"))).not.toContain("requestScope");
  });

  it("builds one instance per request, shared by the controller, a service and a resolver, and closes it once answered", async () => {
    built.ends.length = 0;
    const [first, second] = await Promise.all([built.app.request("/items/ids"), built.app.request("/items/ids")]);
    const [a, b] = [(await first.json()) as number[], (await second.json()) as number[]];
    expect(new Set(a).size).toBe(1);
    expect(new Set(b).size).toBe(1);
    expect(a[0]).not.toBe(b[0]);
    expect([...built.ends].sort()).toEqual([`UnitOfWork#${a[0]} answered 200 (pool)`, `UnitOfWork#${b[0]} answered 200 (pool)`].sort());
  });

  it("tells close(end) of a refusal, with its status, before the refusal is sent", async () => {
    built.ends.length = 0;
    const response = await built.app.request("/items/taken", { method: "POST" });
    expect(response.status).toBe(409);
    const { detail } = (await response.json()) as { detail: string };
    const id = /work (\d+)/.exec(detail)?.[1];
    expect(built.ends).toEqual([`UnitOfWork#${id} refused 409 (pool)`]);
  });

  it("keeps one instance for a stream's items, closed when it ends", async () => {
    built.ends.length = 0;
    const text = await (await built.app.request("/items/feed")).text();
    const ids = [...text.matchAll(/^data: (\d+)$/gm)].map((match) => match[1]);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    await expect.poll(() => built.ends).toEqual([`UnitOfWork#${ids[0]} answered 200 (pool)`]);
  });

  it("builds none for a route that reaches none", async () => {
    built.ends.length = 0;
    expect(await (await built.app.request("/health")).json()).toBe("ok");
    expect(built.ends).toEqual([]);
  });
});

const MISTAKES = `import { Controller, Get, PerRequest } from "honest";
import type { Current, From, Inject, Json } from "honest";
import type { Context } from "hono";

@PerRequest()
export class UnitOfWork {
  readonly id = 1;
}

export class Clock {
  now(): number {
    return 0;
  }
}

export class ItemService {
  declare readonly work: Inject<UnitOfWork>;
  declare readonly current: Current<UnitOfWork>;

  init(): void {
    this.current.id;
  }
}

@PerRequest()
export class Owner {
  resolve(_c: Context): string {
    return "owner";
  }
}

@PerRequest()
export class Left {
  declare readonly right: Inject<Right>;
}

@PerRequest()
export class Right {
  declare readonly left: Inject<Left>;
}

@Controller()
export class ItemController {
  declare readonly items: Inject<ItemService>;
  declare readonly clock: Current<Clock>;
  declare readonly left: Current<Left>;

  @Get("/items")
  async list(owner: From<Owner>): Promise<Json<string>> {
    return owner;
  }
}
`;

/** honest's diagnostics about request scope, as printed: `src/items.ts(17,3): error TS991038: …`. */
const SCOPE_CODES = [HonestCode.PerRequestHeld, HonestCode.RequestScope, HonestCode.DependencyCycle].map(printedCode);
const scopeLines = (lines: readonly string[]): string[] => lines.filter((line) => SCOPE_CODES.some((code) => line.includes(` ${code}: `)));

describe("per-request mistakes in generator mode", () => {
  it("are reported by honest check on TypeScript 7 as the transformer reports them on TypeScript 6", () => {
    rmSync(mistakesDir, { recursive: true, force: true });
    mkdirSync(path.join(mistakesDir, "src"), { recursive: true });
    const tsconfig = nodeTsconfig({ moduleResolution: "nodenext", lib: ["es2023"], types: ["node"], rootDir: "src", outDir: "dist" });
    writeFileSync(path.join(mistakesDir, "tsconfig.json"), tsconfig);
    writeFileSync(path.join(mistakesDir, "src/items.ts"), MISTAKES);
    writeFileSync(path.join(mistakesDir, "src/app.ts"), `${MODULE_IMPORT}${APP}`);
    const config = path.join(mistakesDir, "tsconfig.json");

    const six = scopeLines(analyseWithTypeScript6(config).diagnostics);
    const at = (place: string, code: HonestCode, message: string) => `src/items.ts(${place}): error ${printedCode(code)}: ${message}`;
    expect(six).toEqual([
      at(
        "39,3",
        HonestCode.DependencyCycle,
        "dependency cycle among per-request components: Left.right → Right.left → Left; each is built for the request with its Inject<T> fields filled first, so none can be; make one of these fields a Current<T>, which reads this request's instance when it is used",
      ),
      at(
        "17,26",
        HonestCode.PerRequestHeld,
        "ItemService.work holds UnitOfWork, which lives for one request, in an Inject<T> field of a class the app builds once; write `declare readonly work: Current<UnitOfWork>`, which reads this request's instance each time it is used, or mark the class @PerRequest().",
      ),
      at(
        "21,5",
        HonestCode.RequestScope,
        "ItemService.init() reads this.current, a Current<T> field, but init() runs when the app starts, where no request exists; read it in code that handles a request, and take what init() needs through Inject<T>.",
      ),
      at(
        "45,27",
        HonestCode.RequestScope,
        "ItemController.clock: Current<Clock> reads this request's instance of a @PerRequest() component, and Clock is not one; mark Clock @PerRequest(), or write Inject<Clock> for the app's one instance.",
      ),
      at(
        "49,14",
        HonestCode.RequestScope,
        "From<Owner> names a @PerRequest() component, and a resolver is built once for the app; remove @PerRequest() from Owner, and read this request's components in it through Current<T> fields.",
      ),
    ]);
    expect(scopeLines(analyseWithTypeScript7(config).diagnostics)).toEqual(six);
    const check = honest(["check"], mistakesDir);
    expect(check.status).toBe(1);
    expect(scopeLines(check.stdout.split("\n"))).toEqual(six);
  });
});
