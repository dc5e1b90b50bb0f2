import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { UpgradeWebSocket } from "hono/ws";
import { rememberComponents } from "../lifecycle/app-components.js";
import { initBeforeServing } from "../lifecycle/app-readiness.js";
import {
  controllerDefinition,
  type ControllerMethod,
  type RouteDefinition,
  type RouteHandler,
  type RouteSettings,
} from "../compiled/controller-definition.js";
import { HonestRouter } from "../routing/honest-router.js";
import { Injector, type Provider } from "../injection/injector.js";
import { VariableReads } from "../configuration/variable-reads.js";
import type { EnvironmentVariables } from "../configuration/environment-variables.js";
import { notFoundAnswer } from "./not-found.js";
import { rawPath, requestPath } from "../routing/request-path.js";
import { controllerMethodFor } from "./controller-method.js";
import { scopedHandler } from "./scoped-handler.js";
import { HandlerDeadlines } from "./handler-timeout.js";
import { formatRouteTable } from "./route-table.js";
import { answerThrownValues } from "../errors/thrown-values.js";
import { ErrorAnswers, type ErrorRenderer } from "../errors/error-answers.js";
import type { ErrorFormat, ErrorFormatWriters } from "../errors/error-format.js";
import { forbidLateMiddleware } from "../middleware/late-middleware.js";
import { withMiddleware } from "../middleware/middleware-chain.js";
import type { OpenApiOptions } from "../openapi/openapi-options.js";
import { openApiRoutes } from "../openapi/openapi-routes.js";
import { mapDocuments } from "../openapi/document-set.js";
import type { ServedRoute } from "./served-route.js";
import { refuseCollisions } from "../openapi/route-collisions.js";
import { generatedApp, staleRoutes } from "../compiled/generated-app.js";
import { buildAdvice } from "../compiled/build-advice.js";
import { refusingToStart } from "../lifecycle/startup-refusal.js";
import { existingRecordsOf } from "../declarations/decorator-records.js";
import { OpenStreams, rememberStreams } from "../response/open-streams.js";
import { rememberSockets } from "./app-sockets.js";
import { noWayToUpgrade, routeTableMethod, socketPathMatcher } from "./socket-routes.js";
import { type SocketOptions, socketSettings } from "../socket/socket-settings.js";
import { type RedisOption, redisLinkFor, rememberRedis } from "../redis/app-redis.js";
import { AppSchedule } from "../schedule/app-schedule.js";
import { rememberSchedule } from "../schedule/app-schedules.js";
import { AppRateLimits } from "../rate-limit/app-rate-limits.js";
import type { ClientAddress } from "../rate-limit/client-address.js";
import { type HealthOptions, type HealthSettings, healthSettings } from "../health/health-options.js";
import { AppHealth, rememberHealth } from "../health/app-health.js";
import { healthRoutes, readinessChecks } from "../health/health-routes.js";
import { documentWithProbes } from "../health/health-document.js";
import { ReadinessChecks } from "../health/readiness-checks.js";
import { AppTopics, rememberTopics } from "../topics/app-topics.js";
import { AppLog, type LoggerSetting, rememberLog } from "../telemetry/app-log.js";
import { Logger } from "../telemetry/logger.js";
import { RequestLogger, requestIdStorage } from "../telemetry/request-logger.js";
import { entered, type RequestEntry } from "../telemetry/request-entry.js";
import { type RequestIdOptions, requestIdsFor } from "../telemetry/request-id.js";
import { AppTracing, type TracingOption } from "../tracing/app-tracing.js";
import { lifecycleHeaders } from "../versions/lifecycle-headers.js";
import { versionDispatch } from "../versions/version-dispatch.js";

export interface AppOptions {
  /** The controllers to mount, in this order. Leave it out to mount every controller of the compilation. */
  readonly controllers?: readonly Function[];
  /** `[Component, instance]` pairs that replace components (test doubles, configuration). */
  readonly providers?: readonly Provider<any>[];
  /**
   * Where `Env<T>` fields read their variables, instead of the runtime's environment (process.env, or Deno.env on
   * Deno): a test's own variables, `{ PORT: "8080" }`, or on Cloudflare Workers the env bindings, as
   * `import { env } from "cloudflare:workers"` gives them (docs/guide/configuration.md, "Where the variables come from").
   */
  readonly env?: EnvironmentVariables;
  /** `false` prints no route table; a function receives the table instead of standard output. */
  readonly log?: boolean | ((text: string) => void);
  /** Largest accepted request body in bytes: 1 MiB unless set. */
  readonly bodyLimit?: number;
  /** How long a handler may take to settle, in ms, before the client gets 504: 30 000 unless set, 0 for no limit. */
  readonly timeout?: number;
  /**
   * How long an `Sse<T>` stream may stay silent, in ms, before honest sends a comment line that keeps proxies and
   * load balancers from closing it: 15 000 unless set, 0 for none (docs/guide/streams.md, "Heartbeats").
   */
  readonly heartbeat?: number;
  /**
   * How long an `Sse<T>` or `Ndjson<T>` stream may wait for its client to take what it sent, in ms, before honest
   * cuts it off and closes the connection: 60 000 unless set, 0 for ever (docs/guide/streams.md, "A client that stops reading").
   */
  readonly streamStallTimeout?: number;
  /**
   * What upgrades a `@Socket(path)` route's request to a WebSocket: `upgradeWebSocket` from "hono/bun", "hono/deno"
   * or "hono/cloudflare-workers", where the app runs there (an app with socket routes refuses to start without it);
   * on Node, honest/node's `serve` upgrades without it (docs/guide/websockets.md, "On each runtime").
   */
  readonly upgradeWebSocket?: UpgradeWebSocket<any, any>;
  /**
   * The `@Socket(path)` routes' limits: which other origins' pages may open them, how much a connection's outgoing
   * messages may queue, and how often serve pings (docs/guide/websockets.md, "Limits and liveness").
   */
  readonly sockets?: SocketOptions;
  /** Hono middleware run before every route, and before honest's 404 and 405 answers, in this order. */
  readonly use?: readonly MiddlewareHandler[];
  /**
   * Every error answer as a typed Problem: a function returns a Response to send instead of the problem document; or
   * entries by status whose result types the OpenAPI document shows, `{ 400: (problem): Json<ErrorBody, 422> => ... }`
   * (docs/guide/errors.md, "Errors in your own format").
   */
  readonly renderError?: ErrorRenderer | ErrorFormat;
  /**
   * Serves the program's OpenAPI document (at "/openapi.json" unless `path` is set) and, with `docs`, a documentation
   * page there (docs/guide/openapi-and-clients.md, "Serving the document and the documentation page"). Needs the call compiled by the transformer.
   */
  readonly openapi?: OpenApiOptions;
  /**
   * The Redis server the app's instances share, `redis://host:port` (`rediss://` for TLS), or a function of the app's
   * components that gives one or `undefined`: `redis: (component) => component(AppConfig).env.REDIS_URL`. Topics, rate
   * limits and scheduled work then hold across instances; without it they stay in this process, and the ioredis
   * package is never loaded (docs/guide/several-instances.md, "Several instances").
   */
  readonly redis?: RedisOption;
  /**
   * Where a request comes from, for `@RateLimit` routes keyed by client address: the connection's peer unless set
   * (on Node, Bun, Deno and Workers); behind proxies, `forwardedFor(n)` for n trusted proxies, or your own function
   * (docs/guide/rate-limits.md, "Behind a proxy").
   */
  readonly clientAddress?: ClientAddress;
  /**
   * The liveness and readiness probes honest answers, `GET /livez` and `GET /readyz` unless set: their paths, how long
   * each check may take, whether the OpenAPI document lists them; `false` for none (docs/guide/health.md, "Health").
   */
  readonly health?: HealthOptions | boolean;
  /**
   * Every request's id: its `X-Request-Id` when that is a safe token, else a new UUID; sent back in the header, in
   * `c.get("requestId")`, in every problem document and log line. `{ header, generate }` to read another header or
   * make ids otherwise; `false` for none (docs/guide/logs-and-traces.md, "Request ids").
   */
  readonly requestId?: false | RequestIdOptions;
  /**
   * Structured logs: `true` or `{ level, pretty }` for pino's JSON lines on standard output (an optional peer:
   * npm install pino), one access line per request, faults with their stack; a pino instance to use as it is. Unless
   * set, faults and startup go to the console as text, and no request is logged. Or a function of the app's components
   * that gives one: `logger: (component) => ({ level: component(AppConfig).env.LOG_LEVEL })` (docs/guide/logs-and-traces.md, "Logs").
   */
  readonly logger?: LoggerSetting;
  /**
   * Spans and the `http.server.request.duration` histogram for every request, when an OpenTelemetry SDK has registered
   * a provider before createApp runs; `false` records nothing even then; `{ api }` gives @opentelemetry/api where a
   * bundle cannot import it at run time (Workers: `import * as api from "@opentelemetry/api"`)
   * (docs/guide/logs-and-traces.md, "Traces").
   */
  readonly tracing?: TracingOption;
}

const DEFAULT_BODY_LIMIT = 1024 * 1024;
const DEFAULT_TIMEOUT = 30_000;
const DEFAULT_HEARTBEAT = 15_000;
const DEFAULT_STREAM_STALL = 60_000;

/**
 * Builds a Hono app serving the controllers: creates every component, prints
 * the route table, and answers errors with problem documents.
 * @honest createApp
 */
export function createApp(options: AppOptions = {}): Hono {
  return refusingToStart(() => createAppNow(options));
}

function createAppNow(options: AppOptions): Hono {
  if (options.controllers) {
    const generated = generatedApp();
    return buildApp(options.controllers, options, { errorWriters: generated?.errorWriters, scheduled: generated?.scheduled });
  }
  const generated = generatedApp();
  if (!generated) {
    // A controllers list needs the same build: each controller's routes come from the transformer or the generated module.
    throw new Error(
      "honest: this createApp() call was not compiled by honest: the honest transformer did not build it, " +
        `and no module written by \`honest generate\` was imported. ${buildAdvice()}`,
    );
  }
  const errors = generated.errors ?? [];
  if (errors.length > 0) {
    throw new Error(
      `honest: \`honest generate\` found ${errors.length} honest error${errors.length === 1 ? "" : "s"} in this program; ` +
        `fix ${errors.length === 1 ? "it" : "them"}, run \`${generated.command}\`, and build again:\n  ${errors.join("\n  ")}`,
    );
  }
  const stale = staleRoutes(generated);
  if (stale.length > 0) {
    throw new Error(
      `honest: the module \`honest generate\` wrote is older than the controllers:\n  ${stale.join("\n  ")}\n` +
        `Run \`${generated.command}\`, build again, and restart.`,
    );
  }
  return createDiscoveredApp(
    generated.controllers.map((entry) => entry.controller),
    options,
    { openapi: generated.openapi, errorWriters: generated.errorWriters, scheduled: generated.scheduled },
  );
}

/** What the transformer knows about the whole program, handed to each `createApp()` it compiles. */
export interface BuildOutcome {
  /** honest's errors in the program, as tspc prints them (ts-patch emits even then, so such an app must not start with routes missing). */
  readonly errors?: readonly string[];
  /** The program's OpenAPI document as JSON text, when the call asks for `openapi` (docs/guide/openapi-and-clients.md, "OpenAPI and clients"). */
  readonly openapi?: string;
  /** The writers of renderError's entries, by key, when the program declares an error format (errors/error-format.ts). */
  readonly errorWriters?: ErrorFormatWriters;
  /**
   * The program's classes with @Every or @Cron methods: the app builds them, whether or not anything injects them,
   * and runs their jobs (docs/guide/scheduled-work.md, "Scheduled work").
   */
  readonly scheduled?: readonly Function[];
}

/** What `createApp()` becomes once compiled: `discovered` lists every controller of the program. */
export function createDiscoveredApp(discovered: readonly Function[], options: AppOptions = {}, build: BuildOutcome = {}): Hono {
  return refusingToStart(() => createDiscoveredAppNow(discovered, options, build));
}

function createDiscoveredAppNow(discovered: readonly Function[], options: AppOptions, build: BuildOutcome): Hono {
  const buildErrors = build.errors ?? [];
  if (buildErrors.length > 0) {
    throw new Error(
      `honest: this app was built from a program with ${buildErrors.length} honest error${buildErrors.length === 1 ? "" : "s"}; fix ${buildErrors.length === 1 ? "it" : "them"} and build again:\n  ${buildErrors.join("\n  ")}`,
    );
  }
  return buildApp(options.controllers ?? discovered, options, build);
}

interface MountedRoute {
  readonly route: RouteDefinition;
  /** The controller's middleware (`@Use` on the class). */
  readonly controllerUse: readonly MiddlewareHandler[];
  readonly controller: Function;
  readonly instance: object;
  /** What the handler calls when the route has a synchronous copy. */
  readonly controllerMethod: ControllerMethod;
}

function buildApp(controllers: readonly Function[], options: AppOptions, build: BuildOutcome): Hono {
  // Checked before any component is built.
  const healthSet = healthSettings(options.health);
  const served = openApiRoutes(options.openapi, servedDocument(options, build.openapi, healthSet));
  const health = healthSet && new AppHealth(healthSet);
  const probes = health ? healthRoutes(health) : [];
  refuseProbesOver(probes, served);
  const own = [...served, ...probes];
  const log = new AppLog(options.logger);
  const ids = requestIdsFor(options.requestId);
  const errors = new ErrorAnswers(options.renderError, build.errorWriters, log, ids);
  // Decided now, from what an SDK has registered: without one, routes are built as if honest knew nothing of tracing.
  const tracing = AppTracing.forApp(options.tracing);
  const trace = tracing?.marks();
  const variables = new VariableReads(options.env);
  const topics = new AppTopics(log);
  const injector = new Injector(options.providers, variables, topics, log);
  // Inject<Logger>: the app's logger, carrying the request's id once the storage is opened below.
  const requestLogger = new RequestLogger(log.logger);
  injector.holdOwn(Logger, requestLogger);
  const settings: RouteSettings = {
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    heartbeat: msOption("heartbeat", options.heartbeat, DEFAULT_HEARTBEAT),
    streamStallTimeout: msOption("streamStallTimeout", options.streamStallTimeout, DEFAULT_STREAM_STALL),
    streams: new OpenStreams(),
    upgradeWebSocket: options.upgradeWebSocket,
    sockets: socketSettings(options.sockets),
    log,
  };
  const timeout = options.timeout ?? DEFAULT_TIMEOUT;
  // One clock for every route of the app (handler-timeout.ts).
  const deadlines = timeout === 0 ? undefined : new HandlerDeadlines(timeout, log);
  const mounted: MountedRoute[] = [];
  for (const controller of new Set(controllers)) {
    const definition = controllerDefinition(controller);
    if (!definition) {
      const name = controller?.name || String(controller);
      throw new Error(
        typeof controller === "function" && existingRecordsOf(controller)?.controller
          ? `honest: ${name} has @Controller() but was not compiled by honest, so its routes are unknown. ${buildAdvice()}`
          : `honest: ${name} is not a controller: mark it with @Controller(), and build with honest. ${buildAdvice()}`,
      );
    }
    const instance = injector.get(controller as abstract new () => object);
    for (const route of definition.routes)
      mounted.push({
        route,
        controllerUse: definition.use ?? [],
        controller,
        instance,
        controllerMethod: controllerMethodFor(definition, controller, route, instance, deadlines),
      });
  }
  // Built with the controllers, so that they count among what the app uses (providers, Env<T> fields) and start and close with it.
  const scheduled = [...new Set(build.scheduled ?? [])].map((component) => ({
    component,
    instance: injector.get(component as abstract new () => object),
  }));
  const socketMounts = mounted.filter(({ route }) => route.socket);
  const socketRoutes = socketMounts.map(({ route, controller }) => routeLabel(route, controller));
  const missingUpgrade = socketRoutes.length > 0 && !settings.upgradeWebSocket ? noWayToUpgrade(socketRoutes) : undefined;
  if (missingUpgrade !== undefined) throw new Error(missingUpgrade);
  // Only what the app serves itself can collide with a route, so without the document and the probes there is nothing to check.
  if (own.length > 0) {
    refuseCollisions(
      own,
      mounted.map(({ route, controller }) => ({
        method: route.method,
        path: route.path,
        honoPath: route.honoPath,
        handlerName: `${controller.name}.${route.member}`,
      })),
    );
  }

  const app = new Hono({ router: new HonestRouter(), getPath: requestPath });
  const onError = (error: Error, c: Context) => errors.thrown(c, error);
  const appUse = options.use ?? [];
  // Static paths first, so /items/search wins over /items/{id} whatever the declaration order.
  // Split rather than sorted: the same order, each route looked at once.
  const registrationOrder = [...mounted.filter(({ route }) => !isParametric(route)), ...mounted.filter(({ route }) => isParametric(route))];
  const component = injector.get.bind(injector);
  const statusOf = (error: unknown) => errors.statusOf(error);
  const rateLimits = new AppRateLimits(options.clientAddress);
  const chains: { readonly route: RouteDefinition; readonly chain: RouteHandler }[] = [];
  for (const { route, controllerUse, controller, instance, controllerMethod } of registrationOrder) {
    const lifecycle = route.lifecycleHeaders ? [lifecycleHeaders(route.lifecycleHeaders)] : [];
    const middleware = [...lifecycle, ...appUse, ...controllerUse, ...(route.use ?? [])];
    const rateLimit =
      route.rateLimit && rateLimits.forRoute(route.rateLimit, `${route.method} ${route.path}`, routeLabel(route, controller));
    const own = route.handler({ controller: instance, settings, controllerMethod, component, rateLimit, trace });
    // Only where the compiler found a per-request component within reach: other routes pay nothing (docs/guide/request-scope.md, "What it costs").
    const handler = route.requestScope ? scopedHandler(own, injector, statusOf, routeLabel(route, controller)) : own;
    const chain = withMiddleware(middleware, handler, onError, route.answersWithResponse ? "any" : "context");
    chains.push({ route, chain });
  }
  // After the handlers, whose setup takes the resolvers their From<R> parameters name: every Env<T> field the app reaches is read by now.
  variables.refuseFaults();
  injector.checkProvidersUsed();
  // Once the settings are known good, so that the level can come from them; before the entries, which ask it.
  log.decide(component);
  // Only an app where something injects the logger carries the request's id through its awaits (request-logger.ts).
  requestLogger.ids.storage = injector.wants(Logger) ? requestIdStorage() : undefined;
  const entry: RequestEntry = { ids, log, storage: requestLogger.ids.storage, onError };
  // The span inside the entry: its request id is set by then, and the errors are answered within it.
  // With versions in a header, the routes of one method and path are served by one handler (versions/version-dispatch.ts),
  // registered where the first of them is, so static paths still come first.
  const byVersion = new Map<string, Map<string, RouteHandler>>();
  const handlers = chains.map(({ route, chain }) => {
    const handler = tracing ? tracing.served(route, chain, onError) : chain;
    if (route.versionHeader === undefined || route.version === undefined) return { route, handler };
    const key = `${route.method} ${route.honoPath}`;
    const versions = byVersion.get(key) ?? new Map<string, RouteHandler>();
    byVersion.set(key, versions.set(route.version, handler));
    return { route, handler, key, header: route.versionHeader };
  });
  for (const { route, handler, key, header } of handlers) {
    if (key === undefined) app.on(route.method, route.honoPath, entered(handler, route.path, entry));
    else if (byVersion.has(key)) {
      const dispatch = versionDispatch(header!, byVersion.get(key)!, `${route.method} ${route.path}`, (refusal) =>
        withMiddleware(appUse, refusal, onError, "context"),
      );
      byVersion.delete(key);
      app.on(route.method, route.honoPath, entered(dispatch, route.path, entry));
    }
  }
  // The document and the documentation page, behind the app's middleware too: auth and CORS apply to them as to any route.
  // The probes are not: an orchestrator sends no token (docs/guide/health.md, "Middleware").
  for (const { path, handler, behindMiddleware } of own) {
    const chain = withMiddleware(behindMiddleware ? appUse : [], handler, onError, "context");
    app.get(path, entered(tracing ? tracing.served({ method: "GET", path }, chain, onError) : chain, path, entry));
  }
  // Once the components are built, so that the URL can come from their settings.
  const redis = redisLinkFor(options.redis, component, log);
  if (redis) {
    rememberRedis(app, redis);
    rateLimits.countIn(redis);
    // Before any component's init(), the first moment a topic may be used: through Redis given one, else in this process.
    topics.useRedis(redis);
  }
  rememberTopics(app, topics);
  const schedule = new AppSchedule(scheduled, redis, log);
  // Once everything the app holds is built, its own components and those the redis option asked for.
  if (health) {
    health.watch(new ReadinessChecks(readinessChecks(injector.healthChecks(), redis), health.settings.timeout, log));
    rememberHealth(app, health);
  }

  // The app's middleware wraps honest's own 404 and 405 too: a CORS preflight gets its 204, errors their CORS headers.
  const notFound = withMiddleware(
    appUse,
    notFoundAnswer([...mounted.map(({ route }) => route), ...own.map(({ path }) => ({ method: "GET" as const, honoPath: path }))], errors),
    onError,
  );
  // Spans without a route: no template matched (docs/guide/logs-and-traces.md, "Traces").
  app.notFound(entered(tracing ? tracing.served(undefined, notFound, onError) : notFound, undefined, entry));
  app.onError(onError);
  answerThrownValues(app, (thrown, request, env) => errors.thrownValue(request, env, thrown, rawPath(request.url, env)));
  forbidLateMiddleware(app);
  rememberComponents(app, injector);
  rememberLog(app, log);
  rememberStreams(app, settings.streams);
  if (socketRoutes.length > 0)
    rememberSockets(app, {
      routes: socketRoutes,
      upgradeWebSocket: settings.upgradeWebSocket,
      messageLimit: settings.bodyLimit,
      settings: settings.sockets,
      isSocketPath: socketPathMatcher(socketMounts.map(({ route }) => route.honoPath)),
    });

  printRouteTable(mounted, own, schedule, options.log);
  if (schedule.size > 0) rememberSchedule(app, schedule);
  // The jobs not before every init() has settled; never, if one failed (the app refuses to serve then).
  // pino first of all, where the app asked for it: a component's init() may log, and a missing package stops the start;
  // @opentelemetry/api before any init() too, so that what init() does may be traced.
  initBeforeServing(app, injector, {
    first: [log.ready, tracing?.start(), redis?.connect(), schedule.prepare()],
    health,
    afterInit: () => schedule.start(),
  });
  return app;
}

/** The document the app serves: with the probes in it when `health.document` asks. */
function servedDocument(options: AppOptions, document: string | undefined, health: HealthSettings | undefined): string | undefined {
  if (!health?.document) return document;
  if (options.openapi === undefined) {
    throw new Error(
      "honest: createApp({ health: { document: true } }) lists the probes in the OpenAPI document the app serves, and this app serves none; " +
        "add openapi: {} to serve it, or leave document out",
    );
  }
  // Each version's document, when the program has versions (docs/guide/versions.md, "A document per version").
  return document === undefined ? undefined : mapDocuments(document, (each) => documentWithProbes(each, health));
}

/** A probe at the path of the document or its page would take its place: refused, naming both. */
function refuseProbesOver(probes: readonly ServedRoute[], served: readonly ServedRoute[]): void {
  for (const probe of probes) {
    const taken = served.find(({ path }) => path === probe.path);
    if (taken === undefined) continue;
    throw new Error(
      `honest: createApp({ health }) serves ${probe.name} at GET ${probe.path}, where createApp({ openapi }) serves ${taken.name}; ` +
        `give ${probe.option} another path`,
    );
  }
}

/** A time as set, or its default; anything but a whole number of ms from 0 up is a mistake worth stopping for. */
function msOption(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (Number.isSafeInteger(value) && value >= 0) return value;
  throw new RangeError(`honest: createApp's ${name} must be a whole number of ms from 0 up (0 for none); got ${String(value)}`);
}

function routeLabel(route: RouteDefinition, controller: Function): string {
  return `${routeTableMethod(route)} ${route.path} (${controller.name}.${route.member})`;
}

function isParametric(route: RouteDefinition): boolean {
  return route.honoPath.includes(":");
}

function printRouteTable(
  mounted: readonly MountedRoute[],
  served: readonly ServedRoute[],
  schedule: AppSchedule,
  log: AppOptions["log"],
): void {
  if (log === false) return;
  const table = formatRouteTable([
    ...mounted.map(({ route, controller }) => ({
      method: routeTableMethod(route),
      path: route.path,
      // With versions in a header, one path has a route per version: the row says which (docs/guide/versions.md, "Where the version goes").
      controller: route.versionHeader === undefined ? controller.name : `${controller.name} (${route.versionHeader}: ${route.version})`,
    })),
    ...served.flatMap(({ path, listedAs }) => (listedAs === undefined ? [] : [{ method: "GET", path, controller: listedAs }])),
    ...schedule.rows(),
  ]);
  if (typeof log === "function") log(table);
  else console.log(table);
}
