// Runs one of honest's generated route handlers without Hono or HTTP: the
// handler the transformer attached to the controller class (the contract
// between generated code and createApp, under Symbol.for("honest.controller"))
// is given a minimal stand-in for Hono's Context. For a POST it reads the body
// bytes (one chunk), decodes them, JSON.parses them and runs the generated
// check; for a GET it runs the generated writer and returns its text.

const controllerKey = Symbol.for("honest.controller");

export function honestHandler(Controller, path) {
  const route = Controller[controllerKey].routes.find((candidate) => candidate.path === path);
  return route.handler(new Controller(), { bodyLimit: 1024 * 1024 });
}

const headers = { get: (name) => (name === "content-type" ? "application/json" : null) };
const noMore = Promise.resolve({ done: true, value: undefined });

/** Context.body(text, status) returns the text, or the status when there is none. */
export function fakeContext(bytes) {
  let sent = false;
  const reader = {
    read: () => (sent ? noMore : ((sent = true), Promise.resolve({ done: false, value: bytes }))),
    cancel: async () => {},
  };
  return {
    req: { raw: { headers, body: bytes === undefined ? null : { getReader: () => reader } } },
    body: (text, status) => text ?? status,
  };
}
