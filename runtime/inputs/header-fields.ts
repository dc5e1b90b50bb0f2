import type { Context } from "hono";
import { nodeExchangeIn } from "../common/node-exchange.js";
import type { FieldValue, InputFields } from "./input-fields.js";

// A request's headers by lower-case name, each line given separately where
// the runtime keeps them apart: on @hono/node-server from Node's raw header
// list (so a header sent twice is seen twice); elsewhere the Web's Headers
// have already joined repeated lines with ", ", and a header is one value.

export function headerFields(c: Context): InputFields {
  const node = nodeExchangeIn(c.env);
  return node !== undefined ? new RawHeaders(node.incoming.rawHeaders) : new WebHeaders(c.req.raw.headers);
}

class RawHeaders implements InputFields {
  constructor(readonly raw: readonly string[]) {}

  values(name: string): readonly FieldValue[] | undefined {
    let found: string[] | undefined;
    for (let i = 0; i < this.raw.length; i += 2) {
      const header = this.raw[i]!;
      if (header.length === name.length && header.toLowerCase() === name) (found ??= []).push(this.raw[i + 1]!.trim());
    }
    return found;
  }
}

class WebHeaders implements InputFields {
  constructor(readonly headers: Headers) {}

  values(name: string): readonly FieldValue[] | undefined {
    const value = this.headers.get(name);
    return value === null ? undefined : [value];
  }
}

/** An array's items: every line of the header, each split on commas (RFC 9110: a list sent as several lines is the same list joined). */
export function headerListItems(values: readonly FieldValue[]): FieldValue[] {
  const items: FieldValue[] = [];
  for (const value of values) {
    if (typeof value !== "string") items.push(value);
    else for (const item of value.split(",")) if (item.trim() !== "") items.push(item.trim());
  }
  return items;
}
