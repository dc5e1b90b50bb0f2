import type { BodySink } from "./body-sink.js";

/**
 * A Web Request's body, handed to `body` piece by piece as it arrives, so
 * that neither its size nor its pieces can pass their bounds: the runtimes
 * other than Node (and app.request) read bodies this way.
 */
export async function readStream<T>(request: Request, body: BodySink<T>): Promise<T> {
  if (request.body === null) return body.end();
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return body.end();
    const refused = body.add(value);
    if (refused !== undefined) {
      await reader.cancel();
      throw refused;
    }
  }
}
