import type { Inject } from "honest";
import type { AppConfig } from "../config/app-config.js";

/**
 * Which user a bearer token belongs to. A component with a lifecycle: init()
 * loads the tokens before the server listens (a real app would read a key
 * store or connect to a database here), close() forgets them at shutdown.
 */
export class TokenService {
  declare readonly config: Inject<AppConfig>;
  #users: Map<string, bigint> | undefined;

  async init(): Promise<void> {
    // EXAMPLE_TOKENS="token:userId,...", checked when the app was built (docs/guide/configuration.md, "Secrets").
    const pairs = this.config.env.EXAMPLE_TOKENS.split(",");
    this.#users = new Map(pairs.map((pair) => pair.split(":") as [string, string]).map(([token, id]) => [token, BigInt(id)]));
  }

  close(): void {
    this.#users?.clear();
  }

  /** The id of the user a token belongs to, if any. */
  userOf(token: string): bigint | undefined {
    return this.#users?.get(token);
  }

  /** A token of the user `id`, if they have one. */
  tokenOf(id: bigint): string | undefined {
    for (const [token, user] of this.#users ?? []) if (user === id) return token;
    return undefined;
  }
}
