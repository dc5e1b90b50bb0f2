import { describe } from "vitest";
import { HonestCode } from "../support/honest-codes.js";
import { controllerDiagnostics, honestError as error, itReports } from "../support/controller-diagnostics.js";

// docs/reference/diagnostics.md, "Compile-time diagnostics" (TS991040, and
// TS991024/TS991025 as for Query<T>): an Env<T> that cannot be read from the
// environment fails the build at the field or the property to change, with
// what to write instead (docs/guide/configuration.md, "Configuration").

const diagnosticsOf = controllerDiagnostics({
  prefix: "env-diagnostics",
  header: `import { Controller, Get } from "honest";
import type { Env, Json, Secret } from "honest";
`,
});

describe("Env<T> diagnostics", () => {
  itReports(diagnosticsOf, [
    {
      title: "reports a static field, and Env<T> as a handler's parameter",
      name: "placement",
      source: `
export class Config {
  static env: Env<{ PORT: number }>;
}
@Controller()
export class SettingsController {
  @Get("/port")
  async port(env: Env<{ PORT: number }>): Promise<Json<number>> { return env.PORT; }
}`,
      errors: [
        error(
          5,
          HonestCode.EnvField,
          "Config.env: an Env<T> field must be an instance field with a plain name, as in declare readonly env: Env<Settings>.",
        ),
        error(
          10,
          HonestCode.EnvField,
          "GET /port (SettingsController.port): parameter 'env' is typed Env<T>, which honest fills only as a field of a component, read once when the app is built; declare it in a component (declare readonly env: Env<Settings>) and inject that component with Inject<T>.",
        ),
      ],
    },
    {
      title: "reports a T that is not an object type",
      name: "not-object",
      source: `
export class Config {
  declare readonly env: Env<string>;
}`,
      errors: [
        error(
          5,
          HonestCode.InputNotObject,
          "Config.env: Env<string> needs an object type for T: 'string' is not one; declare each variable as a property, as in Env<{ PORT?: number }>.",
        ),
      ],
    },
    {
      title: "reports a variable that cannot come from text, and a name no shell can set, at the property",
      name: "properties",
      source: `
interface Settings {
  LIMITS: { max: number };
  HOSTS: Secret<{ name: string }[]>;
  "database-url"?: string;
  PORT?: number;
}
export class Config {
  declare readonly env: Env<Settings>;
}`,
      errors: [
        error(
          5,
          HonestCode.UnsupportedInputType,
          "Config.env: Env<Settings>: property 'LIMITS' of type '{ max: number; }' cannot be read from an environment variable; declare it string, number, i64, bigint, boolean, Date, a union of string or number literals, an enum, or an array of one of these.",
        ),
        error(
          6,
          HonestCode.UnsupportedInputType,
          "Config.env: Env<Settings>: property 'HOSTS' of type '{ name: string; }[]' cannot be read from an environment variable; declare it string, number, i64, bigint, boolean, Date, a union of string or number literals, an enum, or an array of one of these.",
        ),
        error(
          7,
          HonestCode.EnvField,
          "Config.env: Env<Settings>: 'database-url' is not an environment variable name: use letters, digits and '_', not starting with a digit, as in PORT or DATABASE_URL.",
        ),
      ],
    },
    {
      title: "reports a default that is not one literal",
      name: "default",
      source: `
const base = 3000;
class Settings {
  PORT = base + 1;
  HOST = "localhost";
  RETRIES = -2;
}
export class Config {
  declare readonly env: Env<Settings>;
}`,
      errors: [
        error(
          6,
          HonestCode.EnvField,
          "Config.env: Env<Settings>: the default of 'PORT' must be one literal (a string, a number, a bigint, true or false), which honest reads as if the variable were set to it; compute other values where you read the setting.",
        ),
      ],
    },
  ]);
});
