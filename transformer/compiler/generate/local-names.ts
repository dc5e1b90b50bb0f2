// The names of a generated function's locals, after what they hold: `price`
// for the property read, `priceNumber` for it as a number, `tagsCopy`, `i`
// for a loop's index. Each is a valid identifier, unique within the function
// (`name_2` after `name`), and never one that generated code reads from the
// enclosing scope: a keyword, a global it calls (`Number`, `Array`), the
// function's own parameters, or honest's names (`__honest...`).

const RESERVED = new Set([
  // Keywords, and the words strict mode reserves.
  ..."break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await async of".split(
    " ",
  ),
  // Names that are not keywords but must not be shadowed or bound.
  ..."undefined NaN Infinity arguments eval globalThis".split(" "),
  // The globals generated code calls.
  ..."Number Array Object JSON Map String BigInt".split(" "),
]);

/** The letters loop counters take, in turn. */
const COUNTERS = ["i", "j", "k", "l", "m", "n"];

export class LocalNames {
  readonly #taken = new Set<string>();

  /** `taken`: the function's parameters and any other name its body reads. */
  constructor(taken: Iterable<string> = []) {
    for (const name of taken) this.#taken.add(name);
  }

  /** A local named after `base` (`x-request-id` gives `xRequestId`), or `fallback` when nothing of it is usable. */
  take(base: string, fallback = "value"): string {
    const wanted = identifierOf(base) || fallback;
    const safe = wanted.startsWith("__honest") ? `_${wanted}` : RESERVED.has(wanted) ? `${wanted}_` : wanted;
    let name = safe;
    for (let n = 2; this.#taken.has(name); n++) name = `${safe}_${n}`;
    this.#taken.add(name);
    return name;
  }

  /** `base` followed by a role (`priceNumber`), or the role alone for an empty base (`number`). */
  derived(base: string, role: string): string {
    const start = identifierOf(base);
    return this.take(start === "" ? role : start + role[0]!.toUpperCase() + role.slice(1), role);
  }

  /** A loop counter: `i`, then `j`, `k`, ... */
  counter(): string {
    const free = COUNTERS.find((letter) => !this.#taken.has(letter));
    return this.take(free ?? "i");
  }
}

/** `xRequestId` for `x-request-id`, `_2fa` for `2fa`, "" for a name with no letter, digit, `_` or `$`. */
function identifierOf(text: string): string {
  const [first = "", ...rest] = text.split(/[^A-Za-z0-9_$]+/).filter((part) => part !== "");
  const joined = first + rest.map((part) => part[0]!.toUpperCase() + part.slice(1)).join("");
  return /^\d/.test(joined) ? `_${joined}` : joined;
}
