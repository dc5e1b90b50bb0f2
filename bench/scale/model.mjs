// The application both flavours are written from (templates/, for r0): N
// controllers, each with its own DTOs and store, and the same 8 routes under
// its own prefix.
//
//   GET    /r<i>                        list      → Item<i>[]
//   GET    /r<i>/{id}                   get       id: i64 → Item<i>
//   POST   /r<i>                        create    body: Create<i> → 201
//   PUT    /r<i>/{id}                   update    id: i64, body: Create<i> → Item<i>
//   PATCH  /r<i>/{id}                   patch     id: i64, body: Partial<Create<i>> → Item<i>
//   DELETE /r<i>/{id}                   remove    id: i64 → 204
//   GET    /r<i>/by-name/{name}         byName    name: string → Item<i>[]
//   GET    /r<i>/{id}/quote/{quantity}  quote     [id, quantity]: [i64, number] → Quote<i>

export const ROUTES = [
  { name: "list", method: "GET", path: "/" },
  { name: "get", method: "GET", path: "/{id}" },
  { name: "create", method: "POST", path: "/" },
  { name: "update", method: "PUT", path: "/{id}" },
  { name: "patch", method: "PATCH", path: "/{id}" },
  { name: "remove", method: "DELETE", path: "/{id}" },
  { name: "byName", method: "GET", path: "/by-name/{name}" },
  { name: "quote", method: "GET", path: "/{id}/quote/{quantity}" },
];

/** The names one controller's files and types use. */
export function controller(i) {
  return {
    i,
    dir: `r${i}`,
    prefix: `/r${i}`,
    className: `R${i}Controller`,
    store: `Store${i}`,
    item: `Item${i}`,
    create: `Create${i}`,
    dims: `Dims${i}`,
    quote: `Quote${i}`,
  };
}

export function controllers(n) {
  return Array.from({ length: n }, (_, i) => controller(i));
}

/** A route of the app that answers 200 once started (the store holds item 1). */
export const PROBE_PATH = "/r0/1";
