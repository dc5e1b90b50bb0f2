import type { Params, Result, Router } from "hono/router";
import { TrieRouter } from "hono/router/trie-router";

// The router of an app createApp builds. Its routes are known before the
// first request (the transformer lists them), and all have plain shapes: a
// method, and literal segments or `:name` placeholders. So a static path is
// answered from a Map filled once, with its result built once, and a path
// with placeholders by one walk down a tree of segments, without the general
// machinery Hono's TrieRouter needs for wildcards, patterns and middleware.
//
// It answers as Hono's routers do for such routes: the route registered first
// among those that match wins (createApp registers static paths first), a
// placeholder takes one non-empty segment, and segments are compared as
// written. Anything else added to the app (middleware, a wildcard, a pattern,
// an optional placeholder, a route for every method) hands all the routes, in
// their order, to a TrieRouter, so the app keeps Hono's full behaviour.

const EMPTY_PARAMS: Params = Object.freeze(Object.create(null));
const NO_MATCH: Result<never> = [[]];
const PLACEHOLDER = /^:[A-Za-z0-9_$]+$/;
const METHODS = new Set(["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "QUERY"]);

interface Leaf<T> {
  readonly handler: T;
  /** The placeholders' names, one per segment (undefined for a literal one). */
  readonly names: readonly (string | undefined)[];
  /** Registration order: the smallest wins. */
  readonly order: number;
}

interface SegmentNode<T> {
  readonly literals: Map<string, SegmentNode<T>>;
  placeholder: SegmentNode<T> | undefined;
  leaf: Leaf<T> | undefined;
}

const segmentNode = <T>(): SegmentNode<T> => ({ literals: new Map(), placeholder: undefined, leaf: undefined });

export class HonestRouter<T> implements Router<T> {
  name = "HonestRouter";
  readonly #added: [method: string, path: string, handler: T][] = [];
  /** path → method → the whole result, built when the route is added. */
  readonly #static = new Map<string, Map<string, Result<T>>>();
  /** method → the tree of paths with placeholders. */
  readonly #dynamic = new Map<string, SegmentNode<T>>();
  #general: TrieRouter<T> | undefined;

  add(method: string, path: string, handler: T): void {
    if (this.#general) {
      this.#general.add(method, path, handler);
      return;
    }
    const segments = path.split("/");
    if (!METHODS.has(method) || segments[0] !== "" || segments.some((segment) => !isPlainSegment(segment))) {
      this.#general = new TrieRouter<T>();
      for (const [addedMethod, addedPath, addedHandler] of this.#added) this.#general.add(addedMethod, addedPath, addedHandler);
      this.#general.add(method, path, handler);
      return;
    }
    const order = this.#added.push([method, path, handler]);
    if (!segments.some(isPlaceholder)) {
      // A path a route added earlier already answers stays that route's.
      if (this.#matchDynamic(method, path) !== undefined) return;
      let byMethod = this.#static.get(path);
      if (!byMethod) this.#static.set(path, (byMethod = new Map()));
      if (!byMethod.has(method)) byMethod.set(method, [[[handler, EMPTY_PARAMS]]]);
      return;
    }
    let node = this.#dynamic.get(method);
    if (!node) this.#dynamic.set(method, (node = segmentNode()));
    for (const segment of segments.slice(1)) {
      if (isPlaceholder(segment)) {
        node = node.placeholder ??= segmentNode();
      } else {
        let next = node.literals.get(segment);
        if (!next) node.literals.set(segment, (next = segmentNode()));
        node = next;
      }
    }
    node.leaf ??= { handler, names: segments.slice(1).map((segment) => (isPlaceholder(segment) ? segment.slice(1) : undefined)), order };
  }

  match(method: string, path: string): Result<T> {
    if (this.#general) return this.#general.match(method, path);
    const answered = this.#static.get(path)?.get(method);
    if (answered) return answered;
    return this.#matchDynamic(method, path) ?? NO_MATCH;
  }

  #matchDynamic(method: string, path: string): Result<T> | undefined {
    const root = this.#dynamic.get(method);
    if (!root || path.charCodeAt(0) !== 47) return undefined; // '/'
    const leaf = bestLeaf(root, path, 1);
    if (!leaf) return undefined;
    const params: Params = {};
    let start = 1;
    for (const name of leaf.names) {
      const end = segmentEnd(path, start);
      // The first placeholder of a name wins, as in Hono.
      if (name !== undefined && !(name in params)) params[name] = path.slice(start, end);
      start = end + 1;
    }
    return [[[leaf.handler, params]]];
  }
}

/**
 * The earliest-registered leaf under `node` matching the segments of `path`
 * from index `start` (past the end: none left); literal and placeholder
 * branches both count. Walks the path in place, without splitting it.
 */
function bestLeaf<T>(node: SegmentNode<T>, path: string, start: number): Leaf<T> | undefined {
  if (start > path.length) return node.leaf;
  const end = segmentEnd(path, start);
  const literal = node.literals.get(path.slice(start, end));
  const viaLiteral = literal && bestLeaf(literal, path, end + 1);
  const viaPlaceholder = node.placeholder && end > start ? bestLeaf(node.placeholder, path, end + 1) : undefined;
  if (!viaLiteral) return viaPlaceholder;
  if (!viaPlaceholder) return viaLiteral;
  return viaLiteral.order < viaPlaceholder.order ? viaLiteral : viaPlaceholder;
}

function segmentEnd(path: string, start: number): number {
  const slash = path.indexOf("/", start);
  return slash === -1 ? path.length : slash;
}

function isPlaceholder(segment: string): boolean {
  return segment.charCodeAt(0) === 58; // ':'
}

/** A literal segment, or a `:name` placeholder without a pattern or `?`. */
function isPlainSegment(segment: string): boolean {
  if (isPlaceholder(segment)) return PLACEHOLDER.test(segment);
  return !/[*:{}?]/.test(segment);
}
