// The route table the example prints when it is built (README's quick start), to the
// character: controllers by source path, routes in declaration order.
export const EXAMPLE_ROUTE_TABLE = `Route mappings:
  GET    /admin/stats                     → AdminController
  POST   /session                         → SessionController
  WS     /chat                            → ChatController
  GET    /                                → HomeController
  GET    /health                          → HomeController
  GET    /info                            → HomeController
  GET    /items                           → ItemController
  GET    /items/changes                   → ItemController
  GET    /items/{id}                      → ItemController
  POST   /items                           → ItemController
  POST   /items/bulk                      → ItemController
  PUT    /items/{id}                      → ItemController
  DELETE /items/{id}                      → ItemController
  PATCH  /items/{id}                      → ItemController
  GET    /items/tagged/{tag}              → ItemController
  GET    /items/sorted/{order}            → ItemController
  GET    /items/in-stock/{inStock}        → ItemController
  GET    /items/{id}/quote/{quantity}     → ItemController
  POST   /items/{id}/photo                → PhotoController
  GET    /items/{id}/photo                → PhotoController
  GET    /users/{user_id}/posts/{post_id} → PostController
  GET    /stock                           → StockController
  GET    /api/todos                       → TodoController
  GET    /me                              → MeController
  GET    /openapi.json                    → OpenAPI document
  GET    /docs                            → API documentation
  GET    /livez                           → Liveness probe
  GET    /readyz                          → Readiness probe
  EVERY  2s                               → StockCount.take`;
