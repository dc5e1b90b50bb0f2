import type { HttpMethod } from "../common/http-method.js";
import type { ErrorFormatWriters } from "../errors/error-format.js";
import { joinPaths } from "../common/join-paths.js";
import { decoratedControllers, existingRecordsOf, type RecordedRoute, recordsOf } from "../declarations/decorator-records.js";

// The app the module `honest generate` writes describes (docs/setup/typescript-7.md, "TypeScript
// 7: generator mode"): its last statement hands it over, and an untransformed
// createApp() builds it. The module also repeats each decorator's arguments
// as written, so that createApp() can prove the module is current: the
// decorators recorded what they decorate when their classes were defined,
// and a route added, removed or changed since the module was generated makes
// startup refuse, naming the route and the command that writes it again.

export interface GeneratedApp {
  /** The command that writes the module again, as the user runs it. */
  readonly command: string;
  readonly controllers: readonly GeneratedController[];
  /** honest's errors in the program: the app refuses to start. */
  readonly errors?: readonly string[];
  /** The OpenAPI document's JSON text, when a createApp() call may serve it. */
  readonly openapi?: string;
  /** The writers of renderError's entries, by key, when the program declares an error format. */
  readonly errorWriters?: ErrorFormatWriters;
  /** The classes with @Every or @Cron methods, which the app builds and whose jobs it runs. */
  readonly scheduled?: readonly Function[];
}

export interface GeneratedController {
  readonly controller: Function;
  /** `@Controller({ prefix })` as written; absent without one. */
  readonly prefix?: string;
  /** Each route decorator as written: method, path, and the method it decorates. */
  readonly routes: readonly (readonly [method: HttpMethod, path: string, member: string])[];
}

const appKey = Symbol.for("honest.generatedApp");
const shared = globalThis as unknown as Record<symbol, GeneratedApp | undefined>;

/** What the generated module calls last. A second call (the module loaded again) replaces the first. */
export function defineGeneratedApp(app: GeneratedApp): void {
  shared[appKey] = app;
}

export function generatedApp(): GeneratedApp | undefined {
  return shared[appKey];
}

/** Every difference between the decorators that ran and the module's copy of them, as a sentence each. */
export function staleRoutes(app: GeneratedApp): string[] {
  const differences: string[] = [];
  const generated = new Set(app.controllers.map((entry) => entry.controller));
  for (const controller of decoratedControllers()) {
    if (generated.has(controller)) continue;
    const records = existingRecordsOf(controller)!;
    const routes = records.routes.map((route) => `${label(controller, records.prefix, route)} was added`);
    differences.push(...(routes.length > 0 ? routes : [`the controller ${controller.name} was added`]));
  }
  for (const entry of app.controllers) {
    const records = recordsOf(entry.controller);
    const name = entry.controller.name;
    if (!records.controller) {
      differences.push(`${name} is no longer a @Controller`);
      continue;
    }
    const before = entry.prefix ?? "";
    const now = records.prefix ?? "";
    if (before !== now) differences.push(`${name}'s prefix changed from "${before}" to "${now}"`);
    const recorded = new Map(records.routes.map((route) => [route.member, route]));
    const declared = new Map(entry.routes.map(([method, path, member]) => [member, { method, path, member }]));
    for (const [member, route] of recorded) {
      const old = declared.get(member);
      if (!old) differences.push(`${label(entry.controller, records.prefix, route)} was added`);
      else if (old.method !== route.method || old.path !== route.path) {
        const changed = label(entry.controller, records.prefix, route);
        differences.push(`${changed} was changed from ${old.method} ${joinPaths(entry.prefix ?? "", old.path)}`);
      }
    }
    for (const [member, route] of declared) {
      if (!recorded.has(member)) differences.push(`${label(entry.controller, entry.prefix, route)} was removed`);
    }
  }
  return differences;
}

/** `GET /api/todos/count (TodoController.count)`, as the transformer's messages name a route. */
function label(controller: Function, prefix: string | undefined, route: RecordedRoute): string {
  return `${route.method} ${joinPaths(prefix ?? "", route.path)} (${controller.name}.${route.member})`;
}
