import type { MiddlewareHandler } from "hono";
import type { HttpMethod } from "../common/http-method.js";

// What honest's decorators do when they run, which they do only in generator
// mode (docs/setup/typescript-7.md, "TypeScript 7: generator mode"; the transformer removes them):
// record what they decorate, and nothing else. createApp() compares the
// records with the generated module, to refuse one older than the controllers,
// and takes `@Use(...)`'s middleware from them. Everything is kept under
// Symbol.for keys (on the class, and on globalThis), so that an ES module and
// a CommonJS copy of honest loaded together agree.
//
// Both decorator flavours are handled. experimentalDecorators give a method
// decorator the prototype, so it records on the class at once. A standard
// method decorator gets only the method and its name, and runs before the
// class decorator: its record waits until the class's @Controller (or @Use)
// claims the records whose method is the class's own.

export interface RecordedRoute {
  readonly method: HttpMethod;
  /** The path as written in the decorator. */
  readonly path: string;
  readonly member: string;
}

export interface DecoratorRecords {
  /** `@Controller(...)` ran on the class. */
  controller: boolean;
  /** Its `prefix`, as written. */
  prefix: string | undefined;
  readonly routes: RecordedRoute[];
  /** `@Use(...)` on the class, in the order written. */
  use: readonly MiddlewareHandler[];
  /** `@Use(...)` on each method, in the order written. */
  readonly memberUse: Map<string, readonly MiddlewareHandler[]>;
}

type MemberRecord = (records: DecoratorRecords, member: string) => void;

interface PendingRecord {
  readonly method: unknown;
  readonly name: string;
  readonly record: MemberRecord;
}

const recordsKey = Symbol.for("honest.decoratorRecords");
const pendingKey = Symbol.for("honest.pendingDecoratorRecords");
const controllersKey = Symbol.for("honest.decoratedControllers");
const shared = globalThis as unknown as Record<symbol, unknown>;

const pending = (): PendingRecord[] => (shared[pendingKey] ??= []) as PendingRecord[];

/** The records of `target` itself (not inherited), made on first use. */
export function recordsOf(target: Function): DecoratorRecords {
  if (!Object.hasOwn(target, recordsKey)) {
    const records: DecoratorRecords = { controller: false, prefix: undefined, routes: [], use: [], memberUse: new Map() };
    Object.defineProperty(target, recordsKey, { value: records });
  }
  claimPendingRecords(target);
  return (target as unknown as Record<symbol, DecoratorRecords>)[recordsKey]!;
}

/** The records of `target` if a decorator ran on it or its methods. */
export function existingRecordsOf(target: Function): DecoratorRecords | undefined {
  claimPendingRecords(target);
  return Object.hasOwn(target, recordsKey) ? (target as unknown as Record<symbol, DecoratorRecords>)[recordsKey] : undefined;
}

/** Every class `@Controller(...)` ran on, in the order they were defined. */
export function decoratedControllers(): readonly Function[] {
  return (shared[controllersKey] ??= []) as Function[];
}

/** A class decorator that records; `@Controller` also lists the class. */
export function recordingClassDecorator(record: (records: DecoratorRecords, target: Function) => void) {
  return (target: Function, _context?: unknown): void => {
    record(recordsOf(target), target);
  };
}

/** A method decorator that records, for either decorator flavour. */
export function recordingMemberDecorator(record: MemberRecord) {
  return (target: unknown, context: unknown, _descriptor?: PropertyDescriptor): void => {
    if (typeof context === "object" && context !== null && "kind" in context) {
      // Standard decorators: (method, { kind, name }); the class comes later.
      const name = (context as unknown as { readonly name: unknown }).name;
      if (typeof name === "string") pending().push({ method: target, name, record });
      return;
    }
    // experimentalDecorators: (prototype, name, descriptor).
    if (typeof context === "string" && typeof target === "object" && target !== null) {
      record(recordsOf((target as { readonly constructor: Function }).constructor), context);
    }
  };
}

/** Adds a class to the list of decorated controllers (once). */
export function listController(target: Function): void {
  const list = decoratedControllers() as Function[];
  if (!list.includes(target)) list.push(target);
}

/** Moves the pending standard-decorator records of `target`'s own methods onto its records. */
function claimPendingRecords(target: Function): void {
  const waiting = shared[pendingKey] as PendingRecord[] | undefined;
  if (!waiting || waiting.length === 0 || !Object.hasOwn(target, recordsKey)) return;
  const prototype = target.prototype as Record<string, unknown> | undefined;
  if (!prototype) return;
  const records = (target as unknown as Record<symbol, DecoratorRecords>)[recordsKey]!;
  const left: PendingRecord[] = [];
  for (const entry of waiting) {
    if (Object.hasOwn(prototype, entry.name) && prototype[entry.name] === entry.method) entry.record(records, entry.name);
    else left.push(entry);
  }
  waiting.splice(0, waiting.length, ...left);
}
