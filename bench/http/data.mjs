// The example's other data, for the hand-written servers: what AppConfig,
// HomeController, TodoController and UserService hold in example/src.

const APP = {
  name: process.env.APP_NAME ?? "honest example",
  version: process.env.APP_VERSION ?? "1.0.0",
  startedAt: Date.now(),
};

export const welcome = () => ({ name: APP.name, version: APP.version, routes: "see the route table printed at startup" });

export const info = () => ({
  name: APP.name,
  version: APP.version,
  node: process.version,
  uptimeSeconds: Math.round((Date.now() - APP.startedAt) / 1000),
});

export const TODOS = [
  { id: 1, title: "write the controllers", done: true, created: new Date("2026-01-05T09:00:00Z"), due: null },
  { id: 2, title: "build with tspc", done: false, created: new Date("2026-01-05T09:30:00Z"), due: new Date("2026-01-09T17:00:00Z") },
];

const USERS = new Map([
  [1n, { id: 1n, name: "ada" }],
  [2n, { id: 2n, name: "grace" }],
]);

/** GET /users/{user_id}/posts/{post_id}: the post, or undefined for a 404. */
export function findPost(userId, postId) {
  const user = USERS.get(userId);
  if (!user || postId < 1n || postId > 3n) return undefined;
  return { id: postId, userId, author: user.name, title: `post ${postId} of user ${userId}`, site: APP.name };
}

/** GET /items/{id}/quote/{quantity}, for a found item. */
/** GET /items: the items with the tag (all without one), `limit` of them (all without one) from `offset`. */
export function itemPage(store, { tag, limit, offset }) {
  const items = store.all();
  const matching = tag === undefined ? items : items.filter((item) => item.tags.includes(tag));
  return offset === 0 && limit === undefined ? matching : matching.slice(offset, limit === undefined ? undefined : offset + limit);
}

export const quote = (item, quantity) => ({ item: item.id, quantity, total: item.price * quantity });

/** GET /items/sorted/{order}: a sorted copy. */
export function sortedItems(store, order) {
  const sign = order === "asc" ? 1 : -1;
  return store.all().sort((a, b) => sign * (a.price - b.price));
}

// GET /me and GET /admin/stats: what TokenService (EXAMPLE_TOKENS, or two demo
// tokens), UserService and AdminController's bearerAuth (ADMIN_TOKEN) hold.

const TOKENS = new Map(
  (process.env.EXAMPLE_TOKENS ?? "ada-token:1,grace-token:2")
    .split(",")
    .map((pair) => pair.split(":"))
    .map(([token, id]) => [token, BigInt(id)]),
);

export const ADMIN_TOKEN = process.env.ADMIN_TOKEN ?? "admin-secret";

/** The user an `Authorization` header's bearer token belongs to, or undefined (then 401): CurrentUser.resolve. */
export function userOfAuthorization(header) {
  const token = header?.startsWith("Bearer ") ? header.slice(7) : undefined;
  const id = token === undefined ? undefined : TOKENS.get(token);
  return id === undefined ? undefined : USERS.get(id);
}

export const SIGN_IN = "sign in: send Authorization: Bearer <token>";

/** GET /admin/stats. */
export const stats = (store) => ({ items: store.all().length });
