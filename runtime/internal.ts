// What the generated code calls: `import * as ... from "honest/internal"`.
// Not for hand-written code; it may change with any release.
export { defineController, type RouteDefinition, type RouteSettings } from "./controller-definition.js";
export { defineInjections } from "./injections.js";
export { createDiscoveredApp } from "./create-app.js";
export { parseI64Param, parseNumberParam, parseBooleanParam, parseStringParam, parseLiteralParam } from "./path-params.js";
export { readJsonBody } from "./json-body.js";
export { checkBody } from "./body-check.js";
export { MAX_NESTING } from "./json-limits.js";
export { numberOf, i64Of, copyJson, nestedTooDeep, keyPath, reportClosest, BodyErrors, type BodyReporter } from "./json-checks.js";
export { writeJson, writeString, writeNumber, writeBigInt, writeBoolean } from "./json-writers.js";
export { answer, sendJson, sendJsonOrStatus, sendStatus } from "./responses.js";
