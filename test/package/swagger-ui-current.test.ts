import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "../support/commands.js";
import { repositoryRoot } from "../support/working-tree.js";

// README, "Serving the document and the documentation page": users get
// swagger-ui-dist through a caret range, so Swagger UI's fixes (DOMPurify's
// among them) reach them without a release of honest; but the copy tested
// here, and the range's floor, are what package-lock.json installs. This
// fails once that copy is more than one minor release behind the registry's
// `latest`, or a major release behind: time to `npm install swagger-ui-dist@^X.Y.Z`
// and run the documentation page's tests. It asks the registry through npm
// (`npm view`, so a configured registry or proxy is used) and fails, saying
// so, when the registry cannot be reached: a check that passes offline would
// pass unseen on a CI that lost its network.

/** Why `locked` is too far behind `latest`, or undefined when it is not (one minor release behind is fine). */
function tooFarBehind(locked: string, latest: string): string | undefined {
  const [lockedMajor, lockedMinor] = semver(locked);
  const [latestMajor, latestMinor] = semver(latest);
  if (latestMajor > lockedMajor) return `${latest} is a major release past ${locked}, outside the ^${lockedMajor} range users get`;
  if (latestMajor === lockedMajor && latestMinor - lockedMinor > 1) {
    return `${locked} is ${latestMinor - lockedMinor} minor releases behind ${latest}`;
  }
  return undefined;
}

function semver(version: string): [number, number, number] {
  const match = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(version);
  if (!match) throw new Error(`not a version: ${JSON.stringify(version)}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** The version package-lock.json installs. */
function lockedVersion(): string {
  const lock = JSON.parse(readFileSync(path.join(repositoryRoot, "package-lock.json"), "utf8")) as {
    packages: Record<string, { version?: string }>;
  };
  const version = lock.packages["node_modules/swagger-ui-dist"]?.version;
  if (version === undefined) throw new Error("package-lock.json installs no node_modules/swagger-ui-dist");
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

describe("swagger-ui-dist, as package-lock.json installs it", () => {
  it("is at most one minor release behind the registry's latest", () => {
    const locked = lockedVersion();
    const latest = registryLatest();
    const behind = tooFarBehind(locked, latest);
    expect(
      behind,
      `swagger-ui-dist ${locked} (package-lock.json) is too old: ${behind}. ` +
        `Run \`npm install swagger-ui-dist@^${latest}\`, then test/example/docs-page.test.ts and test/runtime/docs-page-files.test.ts, ` +
        'and check what the new release depends on (README, "Why Swagger UI, and its version").',
    ).toBeUndefined();
  });

  it("is the copy installed in node_modules (npm ci was run since package-lock.json changed)", () => {
    const installed = JSON.parse(readFileSync(path.join(repositoryRoot, "node_modules/swagger-ui-dist/package.json"), "utf8")) as {
      version: string;
    };
    expect(installed.version).toBe(lockedVersion());
  });
});

describe("how far behind is too far", () => {
  it("allows the same release, a patch and one minor release behind; not two, nor a major", () => {
    expect(tooFarBehind("5.35.0", "5.35.0")).toBeUndefined();
    expect(tooFarBehind("5.35.0", "5.35.4")).toBeUndefined();
    expect(tooFarBehind("5.35.2", "5.36.0")).toBeUndefined();
    expect(tooFarBehind("5.35.0", "5.37.0")).toBe("5.35.0 is 2 minor releases behind 5.37.0");
    expect(tooFarBehind("5.17.14", "5.35.0")).toBe("5.17.14 is 18 minor releases behind 5.35.0");
    expect(tooFarBehind("5.35.0", "6.0.0")).toBe("6.0.0 is a major release past 5.35.0, outside the ^5 range users get");
    expect(tooFarBehind("5.36.0", "5.35.0")).toBeUndefined(); // ahead of latest (a tag moved back)
  });
});
