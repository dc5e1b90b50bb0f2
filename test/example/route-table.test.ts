import { describe, expect, it, vi } from "vitest";
import { exampleApp } from "../support/example.js";

// README, "The route table": the table printed when the app is built, to the character.

const EXAMPLE_TABLE = `Route mappings:
  GET    /                                → HomeController
  GET    /health                          → HomeController
  GET    /info                            → HomeController
  GET    /items                           → ItemController
  GET    /items/{id}                      → ItemController
  POST   /items                           → ItemController
  PUT    /items/{id}                      → ItemController
  DELETE /items/{id}                      → ItemController
  PATCH  /items/{id}                      → ItemController
  GET    /items/tagged/{tag}              → ItemController
  GET    /items/sorted/{order}            → ItemController
  GET    /items/in-stock/{inStock}        → ItemController
  GET    /items/{id}/quote/{quantity}     → ItemController
  GET    /users/{user_id}/posts/{post_id} → PostController
  GET    /api/todos                       → TodoController`;

describe("the route table", () => {
  it("goes to standard output when the app is built: controllers by source path, routes in declaration order", async () => {
    const printed = vi.spyOn(console, "log").mockImplementation(() => {});
    await exampleApp({ log: true });
    expect(printed).toHaveBeenCalledTimes(1);
    expect(printed.mock.calls[0]).toEqual([EXAMPLE_TABLE]);
    printed.mockRestore();
  });

  it("can be handed to a function instead", async () => {
    const lines: string[] = [];
    await exampleApp({ log: (text) => lines.push(text) });
    expect(lines).toEqual([EXAMPLE_TABLE]);
  });

  it("is not printed with log: false", async () => {
    const printed = vi.spyOn(console, "log").mockImplementation(() => {});
    await exampleApp({ log: false });
    expect(printed).not.toHaveBeenCalled();
    printed.mockRestore();
  });
});
