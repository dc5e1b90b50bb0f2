// Runs one of honest's generated route handlers without Hono or HTTP: the
// handler the transformer attached to the controller class (the contract
// between generated code and createApp, under Symbol.for("honest.controller"))
// is given a minimal stand-in for Hono's Context. For a POST it reads the body
// bytes (one chunk), decodes them, JSON.parses them and runs the generated
// check; for a GET it runs the generated writer and returns its text.

import { controllerMethodFor } from "../../dist/esm/runtime/app/controller-method.js";

const controllerKey = Symbol.for("honest.controller");

export function honestHandler(Controller, path) {
  const definition = Controller[controllerKey];
  const route = definition.routes.find((candidate) => candidate.path === path);
  const instance = new Controller();
  // What createApp has the handler call: for these handlers, which never await,
  // their copy without `async`, which no time limit (none here) wraps.
  const controllerMethod = controllerMethodFor(definition, Controller, route, instance, undefined);
  return route.handler({ controller: instance, settings: { bodyLimit: 1024 * 1024 }, controllerMethod });
}

const headers = { get: (name) => (name === "content-type" ? "application/json" : null) };
const noMore = Promise.resolve({ done: true, value: undefined });

/** Context.body(text, status) returns the text, or the status when there is none. */
export function fakeContext(bytes) {
  let sent = false;
  const reader = {
    read: () => {
      if (sent) return noMore;
      sent = true;
      return Promise.resolve({ done: false, value: bytes });
    },
    cancel: async () => {},
  };
  return {
    req: { raw: { headers, body: bytes === undefined ? null : { getReader: () => reader } } },
    body: (text, status) => text ?? status,
  };
}
