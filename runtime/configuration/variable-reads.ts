import type { BodyFault } from "../errors/rendered-problem.js";
import { type InputReaderFunction, readVariables } from "../inputs/input-reader.js";
import { EnvironmentFields, type EnvironmentVariables } from "./environment-variables.js";

// The `Env<T>` fields of one app, read while createApp builds its components
// (docs/guide/configuration.md, "Configuration"): each type's variables once,
// frozen, and every fault of every field gathered, so that the app refuses to
// start naming all of them at once rather than the first.

interface VariableFault extends BodyFault {
  /** The field that declares the variable: `AppConfig.env`. */
  readonly field: string;
}

export class VariableReads {
  readonly #fields: EnvironmentFields;
  /** Each reader's frozen value: two fields of one type share it. */
  readonly #values = new Map<InputReaderFunction<unknown>, unknown>();
  readonly #faults: BodyFault[] = [];
  readonly #faultFields: string[] = [];
  #read = false;

  constructor(given: EnvironmentVariables | undefined) {
    this.#fields = new EnvironmentFields(given);
  }

  /** The variables `read` declares, for the field named `field` (`AppConfig.env`); undefined if they have faults. */
  read(read: InputReaderFunction<unknown>, field: string): unknown {
    this.#read = true;
    if (this.#values.has(read)) return this.#values.get(read);
    const before = this.#faults.length;
    const value = readVariables(read, this.#fields, this.#faults);
    for (let index = before; index < this.#faults.length; index++) this.#faultFields.push(field);
    const frozen = value === undefined ? undefined : deepFreeze(value);
    this.#values.set(read, frozen);
    return frozen;
  }

  /** Throws the startup refusal naming every variable that is missing or wrong, if any is. */
  refuseFaults(): void {
    if (!this.#read) return;
    const faults = this.#faults.map((fault, index): VariableFault => ({ ...fault, field: this.#faultFields[index]! }));
    const notText = this.#fields.notText;
    const denied = this.#fields.denied;
    // A variable Deno would not let us read, or a binding that is not text, is said as such rather than "missing".
    const shown = faults.filter((fault) => !(fault.got === "missing" && (denied.has(fault.path) || notText.has(fault.path))));
    const lines = shown.map(({ path, expected, got, field }) => `  ${path} (${field}): expected ${expected}, got ${got}`);
    for (const name of notText) lines.push(`  ${name}: expected text, got a binding that is not a variable`);
    if (lines.length === 0 && denied.size === 0) return;
    const count = new Set([...shown.map((fault) => fault.path.replace(/\[\d+\]$/, "")), ...notText]).size;
    const parts = [];
    if (count > 0) {
      parts.push(
        `honest: the environment does not hold the settings this app declares (${count} ${count === 1 ? "variable" : "variables"}):\n${lines.join("\n")}`,
      );
    }
    if (denied.size > 0) {
      const names = [...denied].join(",");
      parts.push(`${count > 0 ? "" : "honest: "}Deno did not let the app read ${names}: run it with --allow-env=${names} (or --allow-env)`);
    }
    if (!this.#fields.found && count > 0) {
      parts.push(
        'This runtime has no process.env: pass the variables as createApp({ env }) (on Cloudflare Workers, `import { env } from "cloudflare:workers"`)',
      );
    } else if (count > 0) {
      parts.push(`Set or correct ${count === 1 ? "it" : "them"}, and start again (docs/guide/configuration.md).`);
    }
    throw new Error(parts.join("\n"));
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}
