import * as __honest_import_config_app_config from "../config/app-config.js";
import * as __honest from "honest/internal";
/**
 * Which user a bearer token belongs to. A component with a lifecycle: init()
 * loads the tokens before the server listens (a real app would read a key
 * store or connect to a database here), close() forgets them at shutdown.
 */
export class TokenService {
    #users;
    async init() {
        // EXAMPLE_TOKENS="token:userId,...", checked when the app was built (docs/guide/configuration.md, "Secrets").
        const pairs = this.config.env.EXAMPLE_TOKENS.split(",");
        this.#users = new Map(pairs.map((pair) => pair.split(":")).map(([token, id]) => [token, BigInt(id)]));
    }
    close() {
        this.#users?.clear();
    }
    /** The id of the user a token belongs to, if any. */
    userOf(token) {
        return this.#users?.get(token);
    }
    /** A token of the user `id`, if they have one. */
    tokenOf(id) {
        for (const [token, user] of this.#users ?? [])
            if (user === id)
                return token;
        return undefined;
    }
}
__honest.defineInjections(TokenService, [
    ["config", () => __honest_import_config_app_config.AppConfig]
]);
