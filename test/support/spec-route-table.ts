// The route table README's quick start shows, for the routes of the example.
export const SPEC_ROUTE_TABLE = `Route mappings:
  GET    /items                           → ItemController
  GET    /items/{id}                      → ItemController
  POST   /items                           → ItemController
  PUT    /items/{id}                      → ItemController
  DELETE /items/{id}                      → ItemController
  PATCH  /items/{id}                      → ItemController
  GET    /api/todos                       → TodoController
  GET    /users/{user_id}/posts/{post_id} → PostController`;
