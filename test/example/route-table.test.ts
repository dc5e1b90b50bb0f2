import { describe, expect, it, vi } from "vitest";
import { exampleApp } from "../support/example.js";
import { EXAMPLE_ROUTE_TABLE } from "../support/example-route-table.js";

// docs/guide/route-table.md, "The route table": the table printed when the app is built, to the character.

describe("the route table", () => {
  it("goes to standard output when the app is built: controllers by source path, routes in declaration order", async () => {
    const printed = vi.spyOn(console, "log").mockImplementation(() => {});
    await exampleApp({ log: true });
    expect(printed).toHaveBeenCalledTimes(1);
    expect(printed.mock.calls[0]).toEqual([EXAMPLE_ROUTE_TABLE]);
    printed.mockRestore();
  });

  it("can be handed to a function instead", async () => {
    const lines: string[] = [];
    await exampleApp({ log: (text) => lines.push(text) });
    expect(lines).toEqual([EXAMPLE_ROUTE_TABLE]);
  });

  it("is not printed with log: false", async () => {
    const printed = vi.spyOn(console, "log").mockImplementation(() => {});
    await exampleApp({ log: false });
    expect(printed).not.toHaveBeenCalled();
    printed.mockRestore();
  });
});
