import { expect, it } from "vitest";
import { honest } from "../support/generated-example.js";
import { buildOnlyMain, otherController } from "../support/ping-fixture.js";
import { tspcProject } from "../support/tspc-project.js";

// docs/reference/command-line.md, "honest check": `honest check --env` lists
// the environment variables the program's Env<T> fields read
// (docs/guide/configuration.md, "Listing the variables"): name, type as written, what an
// unset one means, the fields that read it and where, a secret's default
// never shown. A project tspc builds and the same project analysed as
// `honest generate` analyses it (TypeScript 7's API) list the same.

const settings = `import type { Env, Format, Integer, Minimum, Secret } from "honest";

export class Settings {
  PORT: number & Integer & Minimum<0> = 3000;
  LOG_LEVEL: "debug" | "info" = "info";
  DATABASE_URL?: string & Format<"uri">;
  API_TOKEN!: Secret<string>;
  SIGNING_KEY: Secret<string> = "not-for-production";
}

export class AppConfig {
  declare readonly env: Env<Settings>;
}

export class Mailer {
  declare readonly settings: Env<Settings>;
}
`;

const listing = `honest: the program reads 5 environment variables:
  variable      type                           if unset            read by
  PORT          number & Integer & Minimum<0>  3000                AppConfig.env, Mailer.settings (src/settings.ts:4)
  LOG_LEVEL     "debug" | "info"               "info"              AppConfig.env, Mailer.settings (src/settings.ts:5)
  DATABASE_URL  string & Format<"uri">         optional            AppConfig.env, Mailer.settings (src/settings.ts:6)
  API_TOKEN     Secret<string>                 required            AppConfig.env, Mailer.settings (src/settings.ts:7)
  SIGNING_KEY   Secret<string>                 a default (secret)  AppConfig.env, Mailer.settings (src/settings.ts:8)
`;

it("lists every variable once, for a project tspc builds and in generator mode alike; not without --env", () => {
  const project = tspcProject("check-env", {
    "src/main.ts": buildOnlyMain,
    "src/other.controller.ts": otherController,
    "src/settings.ts": settings,
  });
  const checked = honest(["check", "--env"], project.dir);
  expect(checked.stdout).toBe(`${listing}honest: no errors (1 route).\n`);
  expect(checked.stdout).not.toContain("not-for-production");
  expect(checked.status).toBe(0);

  const generatorMode = honest(["check", "--env", "--out", "src/honest.generated.ts"], project.dir);
  expect(generatorMode.stdout).toBe(`${listing}honest: no errors (1 route).\n`);

  expect(honest(["check"], project.dir).stdout).toBe("honest: no errors (1 route).\n");
});

it("says when the program reads no variable", () => {
  const project = tspcProject("check-env-none", { "src/main.ts": buildOnlyMain, "src/other.controller.ts": otherController });
  expect(honest(["check", "--env"], project.dir).stdout).toBe(
    "honest: the program reads no environment variables (no Env<T> field).\nhonest: no errors (1 route).\n",
  );
});
