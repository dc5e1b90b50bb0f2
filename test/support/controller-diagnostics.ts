import { expect, it } from "vitest";
import { compileFixture, type ReportedDiagnostic } from "./compile.js";
import { type HonestCode, isHonestCode } from "./honest-codes.js";

// The diagnostics tests compile one controller file a test, an import header shared by a test file followed by
// the test's classes, and compare what honest reports with the errors it should, by line, code and message.

/** An error honest reports at `line` of a fixture file. */
export function honestError(line: number, code: HonestCode, message: string, file = "src/controller.ts"): ReportedDiagnostic {
  return { file, line, code, category: "error", message };
}

/** The diagnostics of one compiled fixture that are honest's, having checked TypeScript reported none of its own. */
export function honestDiagnostics(diagnostics: readonly ReportedDiagnostic[]): ReportedDiagnostic[] {
  expect(diagnostics.filter((diagnostic) => !isHonestCode(diagnostic.code))).toEqual([]);
  return diagnostics.filter((diagnostic) => isHonestCode(diagnostic.code));
}

export interface ControllerFixtures {
  /** The start of each fixture's test/.out folder: `<prefix>-<name>`. */
  readonly prefix: string;
  /** The imports every fixture's src/controller.ts starts with. */
  readonly header: string;
  /** Ends the file with a createApp() call, as an app does: analysis then reports its findings as errors. */
  readonly withApp?: boolean;
}

/**
 * Compiles `header + body` as src/controller.ts (beside `extraFiles`) and returns honest's diagnostics, having checked
 * TypeScript reported none.
 */
export function controllerDiagnostics({ prefix, header, withApp = false }: ControllerFixtures) {
  return (name: string, body: string, extraFiles: Readonly<Record<string, string>> = {}): ReportedDiagnostic[] =>
    honestDiagnostics(compiledController({ prefix, header, withApp }, name, body, extraFiles).diagnostics);
}

/** Compiles `header + body` as src/controller.ts, beside `extraFiles`. */
export function compiledController(
  { prefix, header, withApp = false }: ControllerFixtures,
  name: string,
  body: string,
  extraFiles: Readonly<Record<string, string>> = {},
) {
  const app = withApp ? "\nexport const app = createApp({ log: false });\n" : "";
  return compileFixture(`${prefix}-${name}`, { "src/controller.ts": header + body + app, ...extraFiles });
}

/** A test of what honest reports for one fixture: `diagnosticsOf(name, source, extraFiles)` is to equal `errors`. */
export interface DiagnosticsCase {
  readonly title: string;
  readonly name: string;
  readonly source: string;
  readonly extraFiles?: Readonly<Record<string, string>>;
  readonly errors: readonly ReportedDiagnostic[];
}

/** One test a case, titled by the case, comparing what `diagnosticsOf` returns for its fixture with its errors. */
export function itReports(
  diagnosticsOf: (name: string, source: string, extraFiles?: Readonly<Record<string, string>>) => readonly ReportedDiagnostic[],
  cases: readonly DiagnosticsCase[],
): void {
  // A test a case under the case's own title (it.each would quote and shorten it).
  for (const { title, name, source, extraFiles, errors } of cases) {
    it(title, () => {
      expect(diagnosticsOf(name, source, extraFiles)).toEqual(errors);
    });
  }
}
