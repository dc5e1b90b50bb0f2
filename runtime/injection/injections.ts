import { classRecords } from "../compiled/class-records.js";

// The `Inject<T>` and `Current<T>` fields of a class, recorded by the
// transformer: field name and a thunk for the component class (a thunk, so
// that import cycles between modules resolve by the time the application is
// built), and "current" for a `Current<T>` field, which reads this request's
// instance each time it is used (docs/guide/request-scope.md, "Work that lives for one request").

export type Injection = readonly [field: string, component: () => unknown, kind?: "current"];

const injections = classRecords<Injection>("honest.injections");

export const defineInjections = injections.define;
/** The injections of `target` and of the classes it extends, base classes first. */
export const injectionsOf = injections.of;
