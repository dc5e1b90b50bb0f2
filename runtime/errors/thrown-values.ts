import type { Hono } from "hono";

// Hono hands only Error instances to app.onError: a handler that throws a
// string or a plain object makes app.fetch reject, and each runtime answers
// that its own way (@hono/node-server with a bare text 500). One wrapper
// around app.fetch, rather than a try/catch in every route, gives such
// throws the same answer as any other unexpected error.

export function answerThrownValues(
  app: Hono,
  answer: (thrown: unknown, request: Request, env: unknown) => Response | Promise<Response>,
): void {
  const dispatch = app.fetch;
  const fetch: Hono["fetch"] = (request, env, executionContext) => {
    let response: Response | Promise<Response>;
    try {
      response = dispatch(request, env, executionContext);
    } catch (thrown) {
      return answer(thrown, request, env);
    }
    return response instanceof Promise ? response.catch((thrown: unknown) => answer(thrown, request, env)) : response;
  };
  app.fetch = fetch;
}
