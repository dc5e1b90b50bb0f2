import { createRequire } from "node:module";
import { serve as rootServe } from "honest";
import { serve } from "honest/node";
import { describe, expect, it } from "vitest";

// README, "Adding honest to a project": the Node server is "honest/node",
// for ES modules and CommonJS alike; an import of serve from "honest" still
// resolves, and says where it went.

const require = createRequire(import.meta.url);

describe('"honest/node"', () => {
  it("gives serve to import and to require", () => {
    expect(serve).toBeTypeOf("function");
    const required = require("honest/node") as typeof import("honest/node");
    expect(required.serve).toBeTypeOf("function");
    expect(required.serve).not.toBe(serve); // the CommonJS build, not the ES module one
  });
});

describe('serve from "honest"', () => {
  it("throws at once with the import to write instead", () => {
    expect(() => rootServe()).toThrow(new Error('honest: serve moved to "honest/node": import { serve } from "honest/node"'));
  });
});
