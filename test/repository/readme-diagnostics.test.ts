import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  breakingChangeAccept,
  inJsonType,
  messages,
  onInputProperty,
  onRoute,
  routeLabel,
} from "../../transformer/compiler/diagnostic-messages.js";
import { HonestCode, type HonestMessage } from "../../transformer/compiler/diagnostics.js";

// docs/reference/diagnostics.md, "Compile-time diagnostics" lists every code with an example
// message. Each example here is the catalogue (diagnostic-messages.ts) called
// with the example's parts, so a message changed in the catalogue and not in
// the page, or the reverse, fails; one example per code, or this file does not
// compile. An example that ends in "..." is the beginning of its message.

const root = path.resolve(import.meta.dirname, "../..");

const itemsList = routeLabel({ method: "GET", path: "/items", handler: "ItemController.list" });
const search = routeLabel({ method: "GET", path: "/search", handler: "SearchController.search" });
const userMe = routeLabel({ method: "GET", path: "/user", handler: "UserController.me" });

const examples: { readonly [Name in keyof typeof HonestCode]: () => HonestMessage } = {
  RouteOutsideController: () => messages.RouteOutsideController({ className: "NotAController", member: "list" }),
  SeveralRouteDecorators: () => messages.SeveralRouteDecorators({ handler: "ItemController.list", count: 2 }),
  PathNotStringLiteral: () => messages.PathNotStringLiteral({ handler: "ItemController.list", decorator: "Get" }),
  MalformedPath: () =>
    onRoute(
      routeLabel({ method: "GET", path: "/items/{}", handler: "ItemController.list" }),
      messages.MalformedPath.malformedSegment({ path: "/items/{}", segment: "{}" }),
    ),
  ControllerOptions: () => messages.ControllerOptions.options({ className: "ItemController" }),
  HandlerNotAsyncMethod: () => onRoute(itemsList, messages.HandlerNotAsyncMethod.notAsync({ member: "list" })),
  ReturnType: () => onRoute(itemsList, messages.ReturnType.cannotSend({ type: "string[]" })),
  UnsupportedParameter: () => onRoute(itemsList, messages.UnsupportedParameter.unknown({ name: "limit", type: "number" })),
  PlaceholderMismatch: () =>
    onRoute(
      routeLabel({ method: "GET", path: "/users/{user_id}/posts/{post_id}", handler: "PostController.get" }),
      messages.PlaceholderMismatch.tupleLength({ written: "[i64]", elements: 1, placeholders: ["user_id", "post_id"] }),
    ),
  UnsupportedPathType: () =>
    onRoute(
      routeLabel({ method: "GET", path: "/events/{day}", handler: "EventController.get" }),
      messages.UnsupportedPathType({ placeholder: "day", type: "{ year: number; }" }),
    ),
  InjectNotClass: () =>
    messages.InjectNotClass.unreachable({ field: "ClockController.clock", why: { kind: "not-a-class", name: "Clock" } }),
  ControllerNotExported: () => messages.ControllerNotExported.forCreateApp({ className: "HiddenController", createAppFile: "main.ts" }),
  DuplicateRoute: () =>
    messages.DuplicateRoute({
      route: routeLabel({ method: "GET", path: "/a/{y}", handler: "OtherController.get" }),
      earlier: routeLabel({ method: "GET", path: "/a/{x}", handler: "FirstController.get" }),
    }),
  UnsupportedJsonType: () =>
    inJsonType(
      {
        label: routeLabel({ method: "GET", path: "/account", handler: "AccountController.get" }),
        written: "Account",
        role: "response",
        path: ".roles",
      },
      messages.UnsupportedJsonType.standardLibrary({ name: "Map" }),
    ),
  BodyOnBodilessMethod: () => onRoute(search, messages.BodyOnBodilessMethod({ method: "GET" })),
  DependencyCycle: () => messages.DependencyCycle({ chain: ["Chicken.egg", "Egg.chicken"], target: "Chicken" }),
  UnbuildableComponent: () =>
    messages.UnbuildableComponent({ component: "Database", parameters: ["url"], chain: ["FarmController.repository", "Repository.db"] }),
  ResolverNotClass: () => onRoute(userMe, messages.ResolverNotClass.notAClass({ written: "UserLookup", name: "UserLookup" })),
  ResolverWithoutResolve: () => onRoute(userMe, messages.ResolverWithoutResolve.noResolve({ written: "Session", className: "Session" })),
  ResolverUnreachable: () =>
    onRoute(userMe, messages.ResolverUnreachable({ className: "GlobalUser", why: { kind: "not-imported", name: "GlobalUser" } })),
  UseOutsideController: () => messages.UseOutsideController({ className: "AuditLog" }),
  UseWithoutRoute: () => messages.UseWithoutRoute({ handler: "AdminController.helper" }),
  MisusedConstraint: () =>
    inJsonType(
      { label: routeLabel({ method: "POST", path: "/signup", handler: "Signups.create" }), written: "Signup", role: "body", path: ".age" },
      messages.MisusedConstraint.wrongTarget({ constraint: "MinLength<1>", wanted: "string", value: { kind: "number" }, target: "number" }),
    ),
  InputNotObject: () =>
    onRoute(search, messages.InputNotObject({ written: "Query<string>", tag: "Query", source: "query", type: "string" })),
  UnsupportedInputType: () =>
    onRoute(
      search,
      onInputProperty(
        { written: "Query<Filter>", name: "range" },
        messages.UnsupportedInputType.notText({ type: "{ from: number; }", source: "query" }),
      ),
    ),
  HeaderNameCase: () =>
    onRoute(
      routeLabel({ method: "GET", path: "/who", handler: "WhoController.who" }),
      messages.HeaderNameCase({ written: "Header<{ Authorization: string }>", name: "Authorization" }),
    ),
  SeveralInputParameters: () => onRoute(search, messages.SeveralInputParameters({ tag: "Query" })),
  FormOnBodilessMethod: () => onRoute(search, messages.FormOnBodilessMethod({ method: "GET" })),
  SeveralBodies: () =>
    onRoute(
      routeLabel({ method: "POST", path: "/avatars", handler: "AvatarController.upload" }),
      messages.SeveralBodies({ taken: "Form" }),
    ),
  SecuritySchemeNotConstant: () =>
    messages.SecuritySchemeNotConstant.notConstant({ className: "BearerUser", path: ".scheme", type: "string" }),
  PluginOptions: () => messages.PluginOptions.field({ name: "servers", value: ["http://x"] }),
  GeneratedModuleImport: () => messages.GeneratedModuleImport({ className: "ItemStore", module: "../honest.generated.ts" }),
  BacktrackingPattern: () =>
    inJsonType(
      { label: routeLabel({ method: "POST", path: "/signup", handler: "Users.signup" }), written: "Signup", role: "body", path: ".email" },
      messages.BacktrackingPattern.polynomial({
        pattern: String.raw`Pattern<"^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$">`,
        maxLength: undefined,
        limit: 256,
        cause: { kind: "overlapping", first: String.raw`[^@\s]+`, second: String.raw`[^@\s]+`, run: "." },
        fix: String.raw`^[^@\s]+@[^\s@][^\s.@]*\.[^\s@]+$`,
      }),
    ),
  OperationDocTag: () =>
    messages.OperationDocTag.duplicateOperationId({
      operationId: "createArticle",
      route: routeLabel({ method: "POST", path: "/articles", handler: "ArticleController.create" }),
      earlier: routeLabel({ method: "POST", path: "/drafts", handler: "DraftController.create" }),
    }),
  ErrorFormat: () => messages.ErrorFormat.notJson({ key: "400", written: "Response" }),
  BreakingChange: () =>
    messages.BreakingChange.change({
      label: itemsList,
      change: { kind: "parameterRequired", in: "query", name: "limit", added: false },
      committed: "openapi.json",
      accept: breakingChangeAccept({ committed: "openapi.json", writtenByBuild: true }),
    }),
  SocketRoute: () =>
    onRoute(
      routeLabel({ method: "WS", path: "/chat", handler: "ChatController.chat" }),
      messages.SocketRoute.noConnection({ member: "chat" }),
    ),
  PerRequestHeld: () => messages.PerRequestHeld({ field: "ItemService.work", component: "UnitOfWork", name: "work" }),
  RequestScope: () => messages.RequestScope.currentNotPerRequest({ field: "ItemController.clock", component: "Clock" }),
  EnvField: () => ({
    ...messages.EnvField.variableName({ written: "Env<Settings>", name: "database-url" }),
    text: `Config.env: ${messages.EnvField.variableName({ written: "Env<Settings>", name: "database-url" }).text}`,
  }),
  RateLimit: () => messages.RateLimit.window({ on: "ItemController.createMany", written: '"1 minute"' }),
  TopicField: () =>
    messages.TopicField.conflictingTypes({
      field: "Mirror.other",
      name: "items.changes",
      written: "{ name: string }",
      other: "Change",
      otherField: "Feed.changes",
    }),
  Schedule: () => messages.Schedule.duration({ job: "StockCount.take", written: '"1.5s"' }),
  UnmarkedSecret: () =>
    messages.UnmarkedSecret({ where: "Json<SignIn> at $.password", name: "password", declared: "password: Secret<string>" }),
  Versions: () => messages.Versions.leadingV({ on: "BController", written: "v2", bare: "2" }),
  FileAnswer: () =>
    onRoute(
      routeLabel({ method: "GET", path: "/export", handler: "ReportController.export" }),
      messages.FileAnswer.mediaType({ written: '"csv"' }),
    ),
  Paging: () => onRoute(itemsList, messages.Paging.noPagingQuery({ written: "Paged<Item>" })),
  DeclaredError: () =>
    onRoute(
      routeLabel({ method: "GET", path: "/items/{id}", handler: "ItemController.get" }),
      messages.DeclaredError.status({ status: "200" }),
    ),
  ConditionalRequest: () =>
    onRoute(
      routeLabel({ method: "PUT", path: "/items/{id}", handler: "ItemController.update" }),
      messages.ConditionalRequest.bodyETagOnWrite({ method: "PUT" }),
    ),
};

/** The page's lines, from its title to its first section. */
function pageLines(file: string): string[] {
  const lines = readFileSync(path.join(root, file), "utf8").split("\n");
  const end = lines.findIndex((line) => line.startsWith("## "));
  return lines.slice(1, end < 0 ? undefined : end);
}

/** The table's rows as code and example message: `| TS991015 (warning) | mistake | \`message\` |`. */
function tableRows(section: readonly string[]): { readonly code: number; readonly example: string }[] {
  return section
    .filter((line) => line.startsWith("| TS"))
    .map((line) => {
      const cells = line.split(/(?<!\\)\|/).slice(1, -1);
      const code = Number(/^ TS(\d+)/.exec(cells[0]!)?.[1]);
      return { code, example: codeSpanText(cells.at(-1)!.trim()) };
    });
}

/** A Markdown code span's text: backticks around it (two when it holds one), `\|` for a `|` in a table. */
function codeSpanText(cell: string): string {
  const span = /^(`+)(.*)\1$/.exec(cell);
  // Inside, a run of as many backticks would end the span: `\`` is no escape there.
  if (!span || span[2]!.split(/[^`]+/).includes(span[1]!)) throw new Error(`not one code span: ${cell}`);
  const text = span[1]!.length > 1 && /^ .* $/.test(span[2]!) ? span[2]!.slice(1, -1) : span[2]!;
  return text.replaceAll("\\|", "|");
}

function expectExample(message: HonestMessage, example: string): void {
  if (example.endsWith("..."))
    expect(message.text.startsWith(example.slice(0, -"...".length)), `${message.text}\nstarts with\n${example}`).toBe(true);
  else expect(message.text).toBe(example);
}

describe('docs/reference/diagnostics.md, "Compile-time diagnostics"', () => {
  const section = pageLines("docs/reference/diagnostics.md");
  const rows = tableRows(section);
  const codes = Object.entries(HonestCode).flatMap(([, code]) => (typeof code === "number" ? [code] : []));

  it("has one row per code, in order", () => {
    expect(rows.map((row) => row.code)).toEqual(codes);
    expect(Object.keys(messages)).toEqual(Object.keys(examples));
  });

  it.each(Object.entries(examples))("shows what the catalogue says for %s", (name, example) => {
    const message = example();
    expect(message.code).toBe(HonestCode[name as keyof typeof HonestCode]);
    expectExample(message, rows.find((row) => row.code === message.code)!.example);
  });

  it("shows a diagnostic as tspc prints it", () => {
    const printed = section[section.indexOf("```") + 1]!;
    const message = onRoute(
      routeLabel({ method: "GET", path: "/items/{id}", handler: "ItemController.get" }),
      messages.PlaceholderMismatch.noPathParameter({ placeholders: ["id"] }),
    );
    expect(printed).toBe(`src/items.ts(7,9): error TS${message.code}: ${message.text}`);
  });
});
