// A route table whose paths and methods differ in width, as docs/guide/route-table.md's "The
// route table" describes it: methods padded to DELETE, paths to the longest.
export const PADDED_ROUTE_TABLE = `Route mappings:
  GET    /items                           → ItemController
  GET    /items/{id}                      → ItemController
  POST   /items                           → ItemController
  PUT    /items/{id}                      → ItemController
  DELETE /items/{id}                      → ItemController
  PATCH  /items/{id}                      → ItemController
  GET    /api/todos                       → TodoController
  GET    /users/{user_id}/posts/{post_id} → PostController`;
