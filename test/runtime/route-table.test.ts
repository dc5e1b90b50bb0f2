import { describe, expect, it } from "vitest";
import { formatRouteTable } from "../../runtime/app/route-table.js";
import { PADDED_ROUTE_TABLE } from "../support/padded-route-table.js";

describe("formatRouteTable", () => {
  it("pads the method to the widest method and the path to the widest path (docs/guide/route-table.md, The route table)", () => {
    const rows = [
      ["GET", "/items", "ItemController"],
      ["GET", "/items/{id}", "ItemController"],
      ["POST", "/items", "ItemController"],
      ["PUT", "/items/{id}", "ItemController"],
      ["DELETE", "/items/{id}", "ItemController"],
      ["PATCH", "/items/{id}", "ItemController"],
      ["GET", "/api/todos", "TodoController"],
      ["GET", "/users/{user_id}/posts/{post_id}", "PostController"],
    ].map(([method, path, controller]) => ({ method: method!, path: path!, controller: controller! }));
    expect(formatRouteTable(rows)).toBe(PADDED_ROUTE_TABLE);
  });

  it("pads only as wide as the widest entry", () => {
    expect(
      formatRouteTable([
        { method: "GET", path: "/a", controller: "A" },
        { method: "PUT", path: "/bb", controller: "B" },
      ]),
    ).toBe("Route mappings:\n  GET /a  → A\n  PUT /bb → B");
  });

  it("prints just the heading for an app without routes", () => {
    expect(formatRouteTable([])).toBe("Route mappings:");
  });
});
