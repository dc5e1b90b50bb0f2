import { HonestCode } from "../../transformer/compiler/diagnostics.js";

// Tests name honest's diagnostic codes as the compiler does, through HonestCode, so that a test says which
// mistake it expects; each code and its message is listed in (docs/reference/diagnostics.md, "Compile-time diagnostics").

export { HonestCode };

/** Whether a diagnostic's code is one of honest's rather than TypeScript's own. */
export function isHonestCode(code: number): code is HonestCode {
  return typeof HonestCode[code] === "string";
}

/** A code as tsc, the editor and the command line print it: `TS991009`. */
export function printedCode(code: HonestCode): string {
  return `TS${code}`;
}
