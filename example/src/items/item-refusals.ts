import { HttpError, StatusCode } from "honest";

// What the item stores refuse, as the problems the client gets: the same
// from the database (its error codes, SQLSTATE) and from the store in memory.

/** SQLSTATE unique_violation. */
const UNIQUE_VIOLATION = "23505";
/** SQLSTATE character_not_in_repertoire: PostgreSQL's text cannot hold the character U+0000. */
const NOT_IN_REPERTOIRE = "22021";

/** A 409: the stock-keeping unit belongs to another item. */
export function skuTaken(sku: string | undefined): HttpError {
  return new HttpError(StatusCode.CONFLICT, sku === undefined ? "another item has that sku" : `another item has the sku ${sku}`);
}

/** A 400: text the database cannot hold, in a value to store or to look for. */
export function nulCharacter(): HttpError {
  return new HttpError(StatusCode.BAD_REQUEST, "the database's text cannot hold the character U+0000");
}

/**
 * The problem a database error stands for, when the client caused it: a
 * second item with the same sku, text with U+0000. Anything else is a fault
 * of the server (undefined: rethrown, a 500 that is logged).
 */
export function refusalOf(error: unknown): HttpError | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { code, constraint, detail } = error as { code?: unknown; constraint?: unknown; detail?: unknown };
  if (code === UNIQUE_VIOLATION && constraint === "items_sku_key") {
    // "Key (sku)=(KB-1) already exists.", in the server's language: a server set to another one gives no sku.
    const sku = typeof detail === "string" ? /^Key \(sku\)=\(([A-Z0-9-]+)\) already exists\.$/.exec(detail)?.[1] : undefined;
    return skuTaken(sku);
  }
  if (code === NOT_IN_REPERTOIRE) return nulCharacter();
  return undefined;
}
