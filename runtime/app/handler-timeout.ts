import { refusal } from "../errors/failed-check.js";

// A handler that never settles would hold its client forever. The route's
// promise is raced against one timer: at the deadline the client gets 504 (as
// Hono's `timeout` middleware answers) and the server logs which route it was.
// JavaScript cannot stop the handler itself; whatever it does later is
// ignored, and a late rejection is handled here, not left unhandled.

/** `result`, or a rejection with a 504 HttpError if it has not settled within `timeout` ms. */
export function settleWithin<T>(result: T | PromiseLike<T>, timeout: number, route: string): T | Promise<T> {
  if (!isThenable(result)) return result;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      console.error(`honest: ${route} did not answer within ${timeout} ms; answered 504`);
      reject(refusal("timeout", 504, `the handler did not answer within ${timeout} ms`));
    }, timeout);
    result.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as PromiseLike<T> | null)?.then === "function";
}
