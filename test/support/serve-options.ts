import { expect } from "vitest";
import { serve } from "honest/node";
import { exampleApp } from "./example.js";

// serve checks its numeric options before it listens: a value out of range stops it with a RangeError
// that names the option, what it takes and what it got (docs/reference/limits.md, "Startup").

/** Expects serve to refuse each of `wrongs` for `option` with `RangeError(honest: serve's <option> must be <takes>; got <value>)`. */
export async function expectOptionRefused(option: string, takes: string, wrongs: readonly number[]): Promise<void> {
  const app = await exampleApp();
  for (const wrong of wrongs) {
    expect(() => serve(app, { port: 0, [option]: wrong, handleSignals: false, log: false })).toThrow(
      new RangeError(`honest: serve's ${option} must be ${takes}; got ${wrong}`),
    );
  }
}
