import { describe, expect, it } from "vitest";
import { controllerKeyOf, typeNameOf, UniqueNames } from "../../transformer/compiler/client/client-names.js";
import type { ControllerModel, NamedShape } from "../../transformer/compiler/model.js";

// docs/guide/openapi-and-clients.md, "A client generated with the app": how a generated client names a
// controller's object and a type.

const controller = (className: string, tags?: string[]) => ({ className, doc: tags && { tags } }) as unknown as ControllerModel;
const shape = (name: string, alias?: string) => ({ id: 1, name, alias, shape: { kind: "null" }, recursive: false }) as NamedShape;

describe("a generated client's names", () => {
  it.each([
    ["ItemController", undefined, "item"],
    ["Items", undefined, "items"],
    ["Controller", undefined, "controller"],
    ["HTTPStatusController", undefined, "httpStatus"],
    ["APIController", undefined, "api"],
    ["ItemController", ["Store items"], "storeItems"],
    ["ItemController", ["store-admin v2"], "storeAdminV2"],
    ["ItemController", ["2024 reports"], "_2024Reports"],
  ])("%s with tags %j is %s", (className, tags, key) => {
    expect(controllerKeyOf(controller(className, tags))).toBe(key);
  });

  it("a type is named by its alias, or its name as an identifier", () => {
    expect([typeNameOf(shape("Page<Item>")), typeNameOf(shape("Partial<UpdateDto>", "PatchDto")), typeNameOf(shape("object"))]).toEqual([
      "Page_Item",
      "PatchDto",
      "Anonymous",
    ]);
  });

  it("a second of a name gets _2, and reserved names are never given", () => {
    const names = new UniqueNames(["Client"]);
    expect([names.take("item"), names.take("item"), names.take("Client"), names.take("item")]).toEqual([
      "item",
      "item_2",
      "Client_2",
      "item_3",
    ]);
  });
});
