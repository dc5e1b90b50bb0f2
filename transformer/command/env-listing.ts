import path from "node:path";
import type { ProgramModel } from "../compiler/model.js";

// `honest check --env` (docs/reference/command-line.md, "honest check"): the
// environment variables the program's Env<T> fields read, one a line, with
// the type as written, what an unset variable means (required, optional, or
// the default as written), the fields that declare it and where. A secret's
// default is never shown, only that it has one.

/** One variable as the listing shows it. */
export interface ListedVariable {
  readonly name: string;
  readonly type: string;
  /** `required`, `optional`, or the default as written: `3000`, `"info"`. */
  readonly unset: string;
  /** `AppConfig.env`, and any other field of the same type. */
  readonly fields: readonly string[];
  /** `src/config/app-config.ts:11`, relative to where the command runs. */
  readonly declared: string;
}

/** The variables of every Env<T> field in the program, in declaration order, one row for a property two fields share. */
export function envVariables(model: ProgramModel, cwd: string): ListedVariable[] {
  const rows = new Map<string, { row: ListedVariable; fields: string[] }>();
  for (const injectable of model.injectables) {
    for (const field of injectable.envFields) {
      const owner = `${injectable.className}.${field.field}`;
      for (const variable of field.variables) {
        const declared = `${path.relative(cwd, variable.fileName).split(path.sep).join("/")}:${variable.line}`;
        const key = `${variable.name} ${declared}`;
        const known = rows.get(key);
        if (known) {
          known.fields.push(owner);
          continue;
        }
        const unset =
          variable.default === undefined
            ? variable.optional
              ? "optional"
              : "required"
            : variable.secret
              ? "a default (secret)"
              : variable.default;
        const fields = [owner];
        rows.set(key, {
          row: { name: variable.name, type: variable.secret ? `Secret<${variable.type}>` : variable.type, unset, fields, declared },
          fields,
        });
      }
    }
  }
  return [...rows.values()].map(({ row }) => row);
}

/** The listing as `honest check --env` prints it: a header, then aligned columns. */
export function formatEnvListing(variables: readonly ListedVariable[]): string {
  if (variables.length === 0) return "honest: the program reads no environment variables (no Env<T> field).\n";
  const rows = [
    ["variable", "type", "if unset", "read by"],
    ...variables.map((variable) => [variable.name, variable.type, variable.unset, `${variable.fields.join(", ")} (${variable.declared})`]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const lines = rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join("  "));
  const count = variables.length;
  return `honest: the program reads ${count} environment variable${count === 1 ? "" : "s"}:\n${lines.map((line) => `  ${line}`).join("\n")}\n`;
}
