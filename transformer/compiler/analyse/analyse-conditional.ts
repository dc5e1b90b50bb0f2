import type ts from "typescript";
import { messages, onRoute } from "../diagnostic-messages.js";
import type { ConditionalModel, HandlerParameterModel, HttpMethod, ResponseModel } from "../model.js";
import type { AnalysisContext } from "./analysis-context.js";
import { decoratorCalls } from "./honest-decorators.js";
import type { HonestSymbols } from "./honest-symbols.js";

// What a route declares of conditional requests (docs/guide/conditional-requests.md, "Conditional requests"):
// the `From<R>` whose resolver gives its validators (validator-type.ts), `@BodyETag()` and
// `@CacheControl("...")`, read from the source in either build mode; the decorators themselves go.

const CONDITIONAL_TAGS = new Set(["BodyETag", "CacheControl"]);

/** The `@BodyETag()` and `@CacheControl(...)` decorators on a class member, with which each is. */
export function conditionalDecorators(
  symbols: HonestSymbols,
  node: ts.Node,
): { decorator: ts.Decorator; call: ts.CallExpression; tag: string }[] {
  return decoratorCalls(symbols.facts.syntax, node).flatMap(({ decorator, call }) => {
    const tag = symbols.tagOfCall(call);
    return tag !== undefined && CONDITIONAL_TAGS.has(tag) ? [{ decorator, call, tag }] : [];
  });
}

/** The route's conditional model: undefined when it declares nothing of it, `false` when what it declares is wrong (reported). */
export function analyseConditional(
  context: AnalysisContext,
  handler: ts.MethodDeclaration,
  method: HttpMethod,
  socket: boolean,
  parameters: readonly HandlerParameterModel[],
  response: ResponseModel,
  label: string,
): ConditionalModel | undefined | false {
  const { sink } = context;
  const { syntax } = context.facts;
  const fail = (node: ts.Node, message: Parameters<typeof onRoute>[1]) => {
    sink.error(node, onRoute(label, message));
    return false as const;
  };
  const validators = parameters.flatMap((parameter) =>
    parameter.kind === "resolver" && parameter.validators !== undefined ? [{ ...parameter, validators: parameter.validators }] : [],
  );
  const validator = validators[0];
  if (validators.length > 1) {
    const [first, second] = validators;
    return fail(second!.node, messages.ConditionalRequest.severalValidators({ first: first!.className, second: second!.className }));
  }
  if (validator && socket) return fail(validator.node, messages.ConditionalRequest.validatorOnSocket({ className: validator.className }));
  let bodyETag = false;
  let cacheControl: string | undefined;
  const seen = new Set<string>();
  for (const { decorator, call, tag } of conditionalDecorators(context.symbols, handler)) {
    if (seen.has(tag)) return fail(decorator, messages.ConditionalRequest.several({ decorator: tag }));
    seen.add(tag);
    if (tag === "BodyETag") {
      if (socket) return fail(decorator, messages.ConditionalRequest.onSocket({ decorator: tag }));
      if (method !== "GET") return fail(decorator, messages.ConditionalRequest.bodyETagOnWrite({ method }));
      if (validator) return fail(decorator, messages.ConditionalRequest.bodyETagWithValidator({ className: validator.className }));
      const { json, status, response: built, stream } = response;
      if (!json || status || built || stream) return fail(decorator, messages.ConditionalRequest.bodyETagNotJson());
      bodyETag = true;
    } else {
      const value = call.arguments[0];
      // A header's value: visible characters and spaces only, so no directive can split the answer's headers.
      if (!value || call.arguments.length > 1 || !syntax.isStringLiteralLike(value) || !/^[\x20-\x7e]*[\x21-\x7e]$/.test(value.text)) {
        return fail(value ?? call, messages.ConditionalRequest.cacheControlNotLiteral({ written: value?.getText() ?? "nothing" }));
      }
      if (socket) return fail(decorator, messages.ConditionalRequest.onSocket({ decorator: tag }));
      cacheControl = value.text;
    }
  }
  if (!validator && !bodyETag && cacheControl === undefined) return undefined;
  return { ...(validator && { validator }), bodyETag, ...(cacheControl !== undefined && { cacheControl }) };
}

/** `@BodyETag()` or `@CacheControl(...)` on a member that serves no route would change no answer. */
export function reportConditionalWithoutRoute(context: AnalysisContext, member: ts.ClassElement, className: string): void {
  for (const { decorator, tag } of conditionalDecorators(context.symbols, member)) {
    const handler = `${className}.${member.name?.getText() ?? "?"}`;
    context.sink.error(decorator, messages.ConditionalRequest.withoutRoute({ handler, decorator: tag }));
  }
}
