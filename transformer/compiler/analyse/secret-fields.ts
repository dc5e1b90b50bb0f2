import type ts from "typescript";
import type { FactSymbol } from "../facts/compiler-facts.js";
import type { HonestSymbols } from "./honest-symbols.js";
import { messages } from "../diagnostic-messages.js";
import type { DiagnosticSink } from "../diagnostics.js";

// `Secret<T>` on a field (docs/guide/json-bodies-and-responses.md, "Secrets"):
// which declarations carry it, and which names look like a secret's, so that a
// request input named so and left unmarked is warning TS991044.

/** The property's declaration, when it is written as a property with a type (also through `Partial<T>`, `Pick<T>`). */
export function propertyDeclaration(symbols: HonestSymbols, symbol: FactSymbol): ts.PropertySignature | ts.PropertyDeclaration | undefined {
  const { syntax } = symbols.facts;
  const declared = [symbols.facts.valueDeclaration(symbol), ...symbols.facts.declarations(symbol)];
  return declared.find(
    (node): node is ts.PropertySignature | ts.PropertyDeclaration =>
      node !== undefined && (syntax.isPropertySignature(node) || syntax.isPropertyDeclaration(node)) && node.type !== undefined,
  );
}

/** A property declared `Secret<T>`, or `Secret<T> | null`: `password: Secret<string>`, or through an alias (`type Password = Secret<string>`). */
export function isSecretDeclaration(symbols: HonestSymbols, declared: ts.Node | undefined): boolean {
  const { syntax } = symbols.facts;
  if (!declared || !(syntax.isPropertySignature(declared) || syntax.isPropertyDeclaration(declared)) || !declared.type) return false;
  let type: ts.TypeNode = declared.type;
  while (syntax.isParenthesizedTypeNode(type)) type = type.type;
  const members = syntax.isUnionTypeNode(type) ? type.types : [type];
  return members.some((member) => symbols.markerOf(member)?.tag === "Secret");
}

/** The last words of a name that hold a secret: `newPassword`, `api_key`, `X-Api-Key`, `refreshToken`. */
const SECRET_WORDS = new Set([
  "password",
  "passwd",
  "pwd",
  "passcode",
  "passphrase",
  "secret",
  "token",
  "credential",
  "credentials",
  "authorization",
]);

/** Two last words that hold one: an API key, a private key, a secret key, an access key. */
const SECRET_KEYS = new Set(["api", "private", "secret", "access", "signing"]);

/** Words after the secret that still name it: `passwordConfirmation`, `password_again`. */
const REPEATS = new Set(["confirmation", "confirm", "again", "repeat", "repeated"]);

/**
 * Whether a field's name reads as a secret's (docs/reference/diagnostics.md, "Compile-time diagnostics"): its last
 * word (camelCase, snake_case and kebab-case words, an acronym one word), or the one before a word that repeats it
 * (`confirmation`, `again`), is password, passwd, pwd, passcode, passphrase, secret, token, credential(s) or
 * authorization; or its last two words are api, private, secret, access or signing, then key (`apiKey`,
 * `x-api-key`, `PRIVATE_KEY`). `tokenCount`, `passwordHint`, `secretary` and `maxTokens` do not.
 */
export function looksSecret(name: string): boolean {
  const words = (name.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? []).map((word) => word.toLowerCase());
  while (words.length > 1 && REPEATS.has(words.at(-1)!)) words.pop();
  const last = words.at(-1);
  if (last === undefined) return false;
  if (SECRET_WORDS.has(last)) return true;
  if (last === "apikey") return true;
  return last === "key" && words.length > 1 && SECRET_KEYS.has(words.at(-2)!);
}

/** Each declaration warned about once per compilation, however many routes read its type. */
const warned = new WeakMap<DiagnosticSink, Set<ts.Node>>();

/**
 * TS991044 at `declared`, a request input's property named like a secret (looksSecret) and not marked `Secret<T>`;
 * `where` names the input (`Json<SignUp> at $.password`, `Header<Auth>`). Nothing for a marked one.
 */
export function warnUnmarkedSecret(
  sink: DiagnosticSink,
  symbols: HonestSymbols,
  declared: ts.PropertySignature | ts.PropertyDeclaration,
  name: string,
  where: string,
): void {
  if (!looksSecret(name) || isSecretDeclaration(symbols, declared)) return;
  let nodes = warned.get(sink);
  if (!nodes) warned.set(sink, (nodes = new Set()));
  if (nodes.has(declared)) return;
  nodes.add(declared);
  // The `?` read from the text between name and type: TypeScript 7's syntax, which `honest check` may read, has no questionToken.
  const optional = declared.getSourceFile().text.slice(declared.name.end, declared.type!.pos).includes("?");
  const declaredText = `${declared.name.getText()}${optional ? "?" : ""}: Secret<${declared.type!.getText()}>`;
  sink.warning(declared, messages.UnmarkedSecret({ where, name, declared: declaredText }));
}
