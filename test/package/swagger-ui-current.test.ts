import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "../support/commands.js";
import { repositoryRoot } from "../support/working-tree.js";

// docs/guide/openapi-and-clients.md, "Serving the document and the documentation page": the page
// serves the app's own swagger-ui-dist, an optional peer dependency of
// honest's (`npm install swagger-ui-dist@5` gets the latest 5.x), and honest's
// tests run against the version its devDependencies pin. This fails once
// that pin is more than one minor release behind the registry's `latest`, or
// a major release behind (a new major is outside the peer range): time to
// pin the latest and run the documentation page's tests. It asks the
// registry through npm (`npm view`, so a configured registry or proxy is
// used) and fails, saying so, when the registry cannot be reached: a check
// that passes offline would pass unseen on a CI that lost its network.

/** Why `pinned` is too far behind `latest`, or undefined when it is not (one minor release behind is fine). */
function tooFarBehind(pinned: string, latest: string): string | undefined {
  const [pinnedMajor, pinnedMinor] = semver(pinned);
  const [latestMajor, latestMinor] = semver(latest);
  if (latestMajor > pinnedMajor) return `${latest} is a major release past ${pinned}`;
  if (latestMajor === pinnedMajor && latestMinor - pinnedMinor > 1) {
    return `${pinned} is ${latestMinor - pinnedMinor} minor releases behind ${latest}`;
  }
  return undefined;
}

function semver(version: string): [number, number, number] {
  const match = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(version);
  if (!match) throw new Error(`not a version: ${JSON.stringify(version)}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

function manifest(): Manifest {
  return JSON.parse(readFileSync(path.join(repositoryRoot, "package.json"), "utf8"));
}

/** The version honest's devDependencies pin, which its tests run against. */
function pinnedVersion(): string {
  const version = manifest().devDependencies?.["swagger-ui-dist"];
  if (version === undefined) throw new Error("package.json's devDependencies have no swagger-ui-dist");
  return version;
}

/** The registry's `latest` swagger-ui-dist, or an error saying the registry could not be asked. */
function registryLatest(): string {
  // --prefer-online: not a packument cached minutes or days ago; one retry, then fail.
  const args = ["view", "swagger-ui-dist", "version", "--json", "--prefer-online", "--fetch-retries=1", "--fetch-timeout=20000"];
  const result = run("npm", args, repositoryRoot, { timeout: 60_000 });
  let answer: unknown;
  try {
    answer = JSON.parse(result.stdout);
  } catch {
    answer = undefined;
  }
  if (result.status === 0 && typeof answer === "string") return answer;
  const summary =
    (answer as { error?: { summary?: string } } | undefined)?.error?.summary ?? result.output.trim().split("\n").slice(0, 4).join("\n");
  throw new Error(
    "honest's swagger-ui-dist freshness check could not ask the registry for swagger-ui-dist's latest version " +
      `(npm ${args.join(" ")}, exit code ${result.status}): ${summary}\n` +
      "This test needs the npm registry and fails without it rather than passing unchecked.",
  );
}

describe("swagger-ui-dist, as honest's devDependencies pin it", () => {
  it("is pinned to one version for honest's tests, and is an optional peer dependency for apps, whose range has the pin", () => {
    const pinned = pinnedVersion();
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(manifest().dependencies?.["swagger-ui-dist"]).toBeUndefined();
    expect(manifest().peerDependenciesMeta?.["swagger-ui-dist"]).toEqual({ optional: true });
    const [floorMajor, floorMinor] = semver(manifest().peerDependencies?.["swagger-ui-dist"]?.replace(/^\^/, "") ?? "");
    const [major, minor] = semver(pinned);
    expect(major).toBe(floorMajor);
    expect(minor).toBeGreaterThanOrEqual(floorMinor);
  });

  it("is at most one minor release behind the registry's latest", () => {
    const pinned = pinnedVersion();
    const latest = registryLatest();
    const behind = tooFarBehind(pinned, latest);
    expect(
      behind,
      `swagger-ui-dist ${pinned} (package.json's devDependencies, the Swagger UI honest's tests run against) is too old: ${behind}. ` +
        `Run \`npm install --save-dev --save-exact swagger-ui-dist@${latest}\`, then ` +
        "test/runtime/docs-page-files.test.ts, test/example/docs-page.test.ts and test/package/packed-package.test.ts " +
        "(and, for a new major release, widen the peer range and the install command in runtime/openapi/swagger-ui-files.ts), " +
        'and update the version in docs/guide/openapi-and-clients.md ("Serving the document and the documentation page", its paragraph "Why Swagger UI, and its version").',
    ).toBeUndefined();
  });

  it("is the copy installed in node_modules (npm ci was run)", () => {
    const installed = JSON.parse(readFileSync(path.join(repositoryRoot, "node_modules/swagger-ui-dist/package.json"), "utf8")) as {
      version: string;
    };
    expect(installed.version).toBe(pinnedVersion());
  });
});

describe("how far behind is too far", () => {
  it("allows the same release, a patch and one minor release behind; not two, nor a major", () => {
    expect(tooFarBehind("5.35.0", "5.35.0")).toBeUndefined();
    expect(tooFarBehind("5.35.0", "5.35.4")).toBeUndefined();
    expect(tooFarBehind("5.35.2", "5.36.0")).toBeUndefined();
    expect(tooFarBehind("5.35.0", "5.37.0")).toBe("5.35.0 is 2 minor releases behind 5.37.0");
    expect(tooFarBehind("5.17.14", "5.35.0")).toBe("5.17.14 is 18 minor releases behind 5.35.0");
    expect(tooFarBehind("5.35.0", "6.0.0")).toBe("6.0.0 is a major release past 5.35.0");
    expect(tooFarBehind("5.36.0", "5.35.0")).toBeUndefined(); // ahead of latest (a tag moved back)
  });
});
