// What the hand-written servers send: items for JSON.stringify (ids are
// bigints, which JSON.stringify refuses; the store's ids are far below 2^53,
// so a number is exact), and problem documents shaped like honest's.

export const JSON_TYPE = "application/json";
export const PROBLEM_TYPE = "application/problem+json";

export function toWire(item) {
  return { id: Number(item.id), name: item.name, price: item.price, tags: item.tags, inStock: item.inStock };
}

export function postToWire(post) {
  return { id: Number(post.id), userId: Number(post.userId), author: post.author, title: post.title, site: post.site };
}

export const userToWire = (user) => ({ id: Number(user.id), name: user.name });

export const quoteToWire = (quote) => ({ item: Number(quote.item), quantity: quote.quantity, total: quote.total });

const TITLES = { 400: "Bad Request", 401: "Unauthorized", 404: "Not Found", 413: "Content Too Large", 415: "Unsupported Media Type" };

export function problemText(status, detail) {
  return JSON.stringify({ type: "about:blank", title: TITLES[status], status, detail });
}
