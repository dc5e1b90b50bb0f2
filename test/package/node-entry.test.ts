import { createRequire } from "node:module";
import { serve } from "honest/node";
import { describe, expect, it } from "vitest";

// README, "Adding honest to a project": the Node server is "honest/node",
// for ES modules and CommonJS alike, and only there: "honest" imports
// nothing of Node's.

const require = createRequire(import.meta.url);

describe('"honest/node"', () => {
  it("gives serve to import and to require", () => {
    expect(serve).toBeTypeOf("function");
    const required = require("honest/node") as typeof import("honest/node");
    expect(required.serve).toBeTypeOf("function");
    expect(required.serve).not.toBe(serve); // the CommonJS build, not the ES module one
  });

  it('is the only entry with serve: "honest" has none', async () => {
    expect(await import("honest")).not.toHaveProperty("serve");
    expect(require("honest")).not.toHaveProperty("serve");
  });
});
