import { exampleClient } from "./client.js";

// Calls the generated types must refuse: generated-client.test.ts compiles
// this file and expects one error per call, at these lines.

const client = exampleClient("http://localhost:3000");

// A path parameter of the wrong type: the id is an int64, not a string.
await client.GET("/items/{id}", { params: { path: { id: "abc" } } });

// A body without a required field: CreateDto needs a name.
await client.POST("/items", { body: { price: 1 } });

// A query key the route does not declare.
await client.GET("/items", { params: { query: { colour: "red" } } });

// A path the document does not have.
await client.GET("/itemz", {});

// A declared header of the wrong type.
await client.POST("/items/bulk", { params: { header: { "x-request-id": 7 } }, body: [{ name: "pen", price: 2 }] });

// The 400's problem is typed as the document's Problem, which has no `message`.
const { error } = await client.GET("/items", { params: { query: { limit: 0 } } });
export const message = error?.message;
