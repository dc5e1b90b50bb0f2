import type { FieldValue, InputFields } from "../inputs/input-fields.js";

// Where `Env<T>` fields read their variables (docs/guide/configuration.md,
// "Where the variables come from"): the object given as createApp({ env }),
// and nothing else, when there is one; otherwise Deno's Deno.env on Deno,
// process.env on Node, Bun and Workers with Node.js compatibility. Each
// variable is looked up by its name, so that Deno needs leave to read only
// the variables the app declares (`--allow-env=PORT,DATABASE_URL`).

/** What createApp({ env }) takes: variables by name; on Workers, the env bindings. */
export type EnvironmentVariables = { readonly [name: string]: unknown };

type DenoEnv = { get(name: string): string | undefined };
type ProcessEnv = { readonly [name: string]: string | undefined };

export class EnvironmentFields implements InputFields {
  readonly #lookup: ((name: string) => unknown) | undefined;
  /** Names Deno refused to let the app read. */
  readonly denied = new Set<string>();
  /** Names given a value that is not text (a Workers binding such as a KV namespace). */
  readonly notText = new Set<string>();

  constructor(given: EnvironmentVariables | undefined) {
    this.#lookup = given !== undefined ? ownLookup(given) : runtimeLookup();
  }

  /** Whether there is anywhere to read from: a runtime without process.env, and no createApp({ env }), has none. */
  get found(): boolean {
    return this.#lookup !== undefined;
  }

  values(name: string): readonly FieldValue[] | undefined {
    if (this.#lookup === undefined) return undefined;
    let value: unknown;
    try {
      value = this.#lookup(name);
    } catch (error) {
      // Deno without --allow-env for this name (NotCapable; PermissionDenied before Deno 2).
      if (error instanceof Error && /NotCapable|PermissionDenied/.test(error.name)) {
        this.denied.add(name);
        return undefined;
      }
      throw error;
    }
    if (value === undefined || value === null) return undefined;
    // A Workers variable written as a JSON number or boolean in wrangler's configuration arrives as one.
    if (typeof value === "string") return [value];
    if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return [String(value)];
    this.notText.add(name);
    return undefined;
  }
}

/** The given object's own properties only: `constructor` is a name an app may declare, never Object's. */
function ownLookup(given: EnvironmentVariables): (name: string) => unknown {
  return (name) => (Object.hasOwn(given, name) ? given[name] : undefined);
}

function runtimeLookup(): ((name: string) => unknown) | undefined {
  const deno = (globalThis as { Deno?: { env?: DenoEnv } }).Deno?.env;
  if (typeof deno?.get === "function") return (name) => deno.get(name);
  const env = (globalThis as { process?: { env?: ProcessEnv } }).process?.env;
  if (env !== undefined && env !== null) return (name) => (Object.hasOwn(env, name) ? env[name] : undefined);
  return undefined;
}
