import type { Injector } from "../injection/injector.js";
import { finishCarriedScopes } from "../injection/request-scope.js";
import { redisLinkOf } from "../redis/app-redis.js";
import { stopSchedule } from "../schedule/app-schedules.js";
import { stopReadiness } from "../health/app-health.js";
import { topicsOf } from "../topics/app-topics.js";
import { logOf } from "../telemetry/app-log.js";

// The components of each app createApp built, so that whoever stops serving
// it (serve's close(), on SIGTERM too) can close them: createApp returns a
// plain Hono app, and this is how the app leads back to its injector.

const injectors = new WeakMap<object, Injector>();

export function rememberComponents(app: object, injector: Injector): void {
  injectors.set(app, injector);
}

/**
 * Calls `close()` on the components honest built for `app`, dependents first,
 * once its scheduled jobs have stopped (runs in progress awaited, 10 s at most) and the request scopes its streams and sockets carry are finished, and resolves with the names of those whose close() failed (each logged).
 * Apps not built by createApp have none.
 */
export async function closeComponents(app: object): Promise<string[]> {
  // Not ready from the start of shutdown, for an app served otherwise than by serve, which has said so already.
  stopReadiness(app);
  const injector = injectors.get(app);
  if (injector === undefined) return [];
  injectors.delete(app); // once: a second close() finds nothing left to close
  // First: a job's run uses the components (docs/guide/scheduled-work.md, "At shutdown").
  await stopSchedule(app);
  // The per-request components streams and sockets still hold close first: they use the app's (docs/guide/request-scope.md, "When the app closes").
  await finishCarriedScopes(injector);
  const failures = await injector.close();
  for (const { component, error } of failures) logOf(app).error(`${component.name}.close() failed`, { err: error });
  // After the components, which may still publish; before the link, which the topics' readers use (docs/guide/topics.md, "Ending a subscription").
  await topicsOf(app)?.close();
  // Last: a component's close() may still send what goes through Redis.
  await redisLinkOf(app)?.close();
  return failures.map(({ component }) => component.name);
}

/**
 * The instance of `component` that `app` holds, as its controllers reach it: built by honest, its Inject and Env
 * fields filled, or the one given in `createApp({ providers })`. main.ts takes its settings this way
 * (docs/guide/configuration.md, "Reading the settings in main.ts").
 */
export function componentOf<T>(app: object, component: abstract new (...args: never) => T): T {
  const held = injectors.get(app)?.held(component);
  if (held !== undefined) return held;
  const name = typeof component === "function" ? component.name : String(component);
  throw new Error(
    injectors.has(app)
      ? `honest: this app holds no ${name}: no mounted controller injects it, directly or through a component; ` +
          `declare an Inject<${name}> field where it is used`
      : `honest: componentOf(app, ${name}) needs an app built by createApp() and not yet closed`,
  );
}
