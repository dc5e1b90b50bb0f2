// SPEC §5's own example of the route table, for the routes of SPEC §2.
export const SPEC_ROUTE_TABLE = `Route mappings:
  GET    /items                           → ItemController
  GET    /items/{id}                      → ItemController
  POST   /items                           → ItemController
  PUT    /items/{id}                      → ItemController
  DELETE /items/{id}                      → ItemController
  PATCH  /items/{id}                      → ItemController
  GET    /api/todos                       → TodoController
  GET    /users/{user_id}/posts/{post_id} → PostController`;
