// The values a request holds under each name, for Query<T>, Header<T>,
// Cookie<T> and Form<T>: every value given, in order (a repeated key gives
// several); a multipart form's file fields are Web Files.

/** A value whose percent-encoding is broken (`%zz`, `%FF`): a fault of its key, never half-decoded text. */
export class BrokenEscape {
  constructor(readonly raw: string) {}
}

export type FieldValue = string | BrokenEscape | File;

export interface InputFields {
  /** The values given for `name`, or undefined when there are none. */
  values(name: string): readonly FieldValue[] | undefined;
}

/** Percent-decoded `text`, `+` read as a space when `plusIsSpace` (query strings, as browsers send forms). */
export function decodeComponent(text: string, plusIsSpace: boolean): FieldValue {
  const spaced = plusIsSpace && text.includes("+") ? text.replaceAll("+", " ") : text;
  if (!spaced.includes("%")) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return new BrokenEscape(text);
  }
}

/** Fields kept in a Map, so that no key (`__proto__` among them) reaches a prototype. */
export class FieldMap implements InputFields {
  readonly #values = new Map<string, FieldValue[]>();

  add(name: string, value: FieldValue): void {
    const list = this.#values.get(name);
    if (list === undefined) this.#values.set(name, [value]);
    else list.push(value);
  }

  values(name: string): readonly FieldValue[] | undefined {
    return this.#values.get(name);
  }
}
