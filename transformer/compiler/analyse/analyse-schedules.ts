import type ts from "typescript";
import { messages } from "../diagnostic-messages.js";
import type { ScheduledClassModel, ScheduledJobModel } from "../model.js";
import type { AnalysisContext } from "./analysis-context.js";
import type { HonestSymbols } from "./honest-symbols.js";
import { decoratorCalls } from "./honest-decorators.js";
import { checkCron } from "./cron-expressions.js";
import { intervalOf, SHORTEST_INTERVAL } from "./schedule-intervals.js";

// @Every and @Cron on a class's methods (docs/guide/scheduled-work.md,
// "Scheduled work"): each checked where it is written, its argument a
// literal the build reads (a duration, or an expression croner accepts), on
// an instance method without parameters of an app-wide component, not a
// controller or a @PerRequest() class.

type ScheduleTag = "Every" | "Cron";

interface ScheduleDecorator {
  readonly decorator: ts.Decorator;
  readonly call: ts.CallExpression;
  readonly tag: ScheduleTag;
}

/** The @Every and @Cron decorators on a class member. */
export function scheduleDecorators(symbols: HonestSymbols, member: ts.Node): ScheduleDecorator[] {
  const found: ScheduleDecorator[] = [];
  for (const { decorator, call } of decoratorCalls(symbols.facts.syntax, member)) {
    const tag = symbols.tagOfCall(call);
    if (tag === "Every" || tag === "Cron") found.push({ decorator, call, tag });
  }
  return found;
}

/** What the class's scheduled methods are, reporting each mistake; undefined when it has none the app can run. */
export function analyseSchedules(
  context: AnalysisContext,
  node: ts.ClassDeclaration,
  owner: { readonly controller: boolean; readonly perRequest: boolean },
): ScheduledClassModel | undefined {
  const { syntax } = context.facts;
  const { sink } = context;
  const jobs: ScheduledJobModel[] = [];
  let mistaken = false;
  for (const member of node.members) {
    const decorators = scheduleDecorators(context.symbols, member);
    if (decorators.length === 0) continue;
    const first = decorators[0]!;
    if (!node.name) {
      sink.error(first.decorator, messages.Schedule.unnamed({ decorator: first.tag }));
      mistaken = true;
      continue;
    }
    const job = `${node.name.text}.${member.name?.getText() ?? "?"}`;
    const reason = placementMistake(context, member, owner, job, first.tag, node.name.text);
    if (reason) {
      sink.error(first.decorator, reason);
      mistaken = true;
      continue;
    }
    if (decorators.length > 1) {
      sink.error(decorators[1]!.decorator, messages.Schedule.several({ job }));
      mistaken = true;
      continue;
    }
    if (syntax.isMethodDeclaration(member) && member.parameters.length > 0) {
      sink.error(member.parameters[0]!, messages.Schedule.parameters({ job }));
      mistaken = true;
      continue;
    }
    const model = jobOf(context, first, job, (member.name as ts.Identifier).text);
    if (model) jobs.push(model);
    else mistaken = true;
  }
  if (jobs.length === 0 || mistaken || !node.name) return undefined;
  return {
    node,
    fileName: node.getSourceFile().fileName,
    className: node.name.text,
    exported: syntax.hasModifier(node, "export"),
    jobs,
  };
}

function placementMistake(
  context: AnalysisContext,
  member: ts.ClassElement,
  owner: { readonly controller: boolean; readonly perRequest: boolean },
  job: string,
  decorator: ScheduleTag,
  className: string,
) {
  const { syntax } = context.facts;
  const plainName = member.name !== undefined && (syntax.isIdentifier(member.name) || syntax.isStringLiteral(member.name));
  if (!syntax.isMethodDeclaration(member) || !plainName) return messages.Schedule.notAMethod({ job, decorator });
  if (syntax.hasModifier(member, "static")) return messages.Schedule.staticMethod({ job, decorator });
  if (owner.controller) return messages.Schedule.controller({ job, className });
  if (owner.perRequest) return messages.Schedule.perRequest({ job, className });
  return undefined;
}

function jobOf(context: AnalysisContext, { call, tag }: ScheduleDecorator, job: string, member: string): ScheduledJobModel | undefined {
  const { syntax } = context.facts;
  const { sink } = context;
  const argument = call.arguments[0];
  if (argument === undefined) return undefined; // TypeScript reports the missing argument
  if (tag === "Every") {
    const literal = syntax.isStringLiteralLike(argument)
      ? argument.text
      : syntax.isNumericLiteral(argument)
        ? Number(argument.text)
        : undefined;
    if (literal === undefined) {
      sink.error(argument, messages.Schedule.notLiteral({ job, decorator: tag }));
      return undefined;
    }
    const written = argument.getText();
    const interval = intervalOf(literal);
    if (interval === undefined) {
      sink.error(argument, messages.Schedule.duration({ job, written }));
      return undefined;
    }
    if (interval < SHORTEST_INTERVAL) {
      sink.error(argument, messages.Schedule.tooShort({ job, written, ms: interval }));
      return undefined;
    }
    return { member, kind: "every", interval, written: typeof literal === "number" ? `${literal}ms` : literal };
  }
  if (!syntax.isStringLiteralLike(argument)) {
    sink.error(argument, messages.Schedule.notLiteral({ job, decorator: tag }));
    return undefined;
  }
  const expression = argument.text;
  const check = checkCron(expression, call.getSourceFile().fileName);
  switch (check.kind) {
    case "ok":
      return { member, kind: "cron", expression };
    case "missing":
      sink.error(argument, messages.Schedule.cronerMissing({ job }));
      return undefined;
    case "refused":
      sink.error(argument, messages.Schedule.cron({ job, expression, reason: check.reason }));
      return undefined;
    case "question-mark":
      sink.error(argument, messages.Schedule.cronQuestionMark({ job, expression }));
      return undefined;
    case "never":
      sink.error(argument, messages.Schedule.cronNever({ job, expression }));
      return undefined;
  }
}
