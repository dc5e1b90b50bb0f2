import type { OpenStreams } from "./open-streams.js";
import type { PhaseEnd } from "../tracing/phase-marks.js";
import type { AppLog } from "../telemetry/app-log.js";

// A body that streams the items of an AsyncIterable (docs/guide/streams.md,
// "Streams"), pulled one at a time: the next item is asked for only when the
// server has taken the last one, so a client that reads slowly holds the
// handler's generator at its `yield` instead of filling memory. When the
// client goes away the server cancels the body, and the iterator's return()
// runs the generator's `finally`. A fault while asking for or writing an item
// ends the stream with its last words (an `error` event, or an error line)
// instead of cutting it, and is never thrown at the server. At shutdown
// (open-streams.ts) a stream ends with its `ended` text, and its iterator is
// closed. A client that takes nothing of what was sent for `stall` ms is cut
// off (the body errors, the server closes the connection, the iterator is
// closed): it holds a connection and a generator while nothing moves
// (docs/guide/streams.md, "A client that stops reading"). Where the route
// has a request scope, the stream finishes it once its iterator's return()
// has settled (at most ITERATOR_RETURN_WAIT later), and a body no one begins
// to read within `stall` ms ends as a client that left
// (docs/guide/request-scope.md, "When nothing carries the answer").

/** How one stream writes what it sends. */
export interface StreamFraming {
  /** The text of one item; throws when the item cannot be sent as declared (an event name holding a line break). */
  item(value: unknown): string;
  /** The text of a stream's end after `error`: the fault as its own last item. */
  fault(error: unknown): string;
  /** Sent each time nothing was sent for `interval` ms (none when undefined or 0). */
  readonly heartbeat?: { readonly text: string; readonly interval: number };
  /** The last text of a stream the server ends as it shuts down ("" for none). */
  readonly ended: string;
  /** How long an item sent may wait for the client to take it before the stream is cut off, in ms (0: for ever). */
  readonly stall: number;
  /** Where what goes wrong as the stream closes is logged. */
  readonly log: AppLog;
  /**
   * Closes the connection of a stream cut off, where the server lets honest
   * (Node's response); elsewhere the body errors, and the runtime closes it.
   */
  readonly closeConnection?: () => void;
  /**
   * For a route with a request scope (docs/guide/request-scope.md, "Streams and sockets"): runs a step of the
   * iterator inside the scope, and is told once how the stream ended, which finishes the scope.
   */
  readonly scope?: StreamScope;
  /** Where the app traces: ends the stream's span, with the fault that ended it, if one did (tracing/phase-marks.ts). */
  readonly life?: PhaseEnd;
}

/** How a stream ended: every item sent, the client went away (or stopped reading), a fault, or the server ended it. */
export type StreamEnd = { readonly kind: "done" | "gone" | "ended" } | { readonly kind: "fault"; readonly error: unknown };

export interface StreamScope {
  /** Names the route, in the log. */
  readonly label: string;
  within<R>(step: () => R): R;
  /** Told once, after the iterator's return() has settled (or the wait for it was given up), how the stream ended. */
  finished(end: StreamEnd): void;
  /** Gives the scope what ends the stream when its answer will never be read (RequestScope.abandon()). */
  carry(abandon: () => void): void;
}

/**
 * How long a stream's end waits for its iterator's return() (a generator's
 * `finally`) before the scope's close(end) runs anyway, in ms
 * (docs/guide/request-scope.md, "Streams and sockets"): a `finally` that
 * runs a query or two is done well within it; a generator busy in an await
 * (the next event of a bus) runs its `finally` only when that await
 * settles, which may be never, and its per-request components, a
 * transaction among them, must not be held for that long.
 */
export const ITERATOR_RETURN_WAIT = 1_000;

const encoder = new TextEncoder();

export function itemStream(items: AsyncIterable<unknown>, framing: StreamFraming, open: OpenStreams): ReadableStream<Uint8Array> {
  const scope = framing.scope;
  const iterator = items[Symbol.asyncIterator]();
  /** The iterator's next step, inside the request's scope where the route has one: a generator runs in whoever calls next(). */
  const step = scope === undefined ? () => iterator.next() : () => scope.within(() => iterator.next());
  /**
   * The stream is over: the iterator is closed (its return() runs a generator's `finally`), and then, where the route
   * has a scope, the scope is finished with `end`, once that `finally` has run or ITERATOR_RETURN_WAIT has passed.
   */
  const over = (end: StreamEnd, closeIterator: boolean) => {
    done = true;
    framing.life?.(end.kind === "fault" ? end.error : undefined);
    if (unread !== undefined) clearTimeout(unread);
    if (scope === undefined) {
      if (closeIterator) void returnOf(iterator, framing.log);
      return;
    }
    if (!closeIterator) return scope.finished(end);
    void waitAtMost(
      scope.within(() => returnOf(iterator, framing.log)),
      ITERATOR_RETURN_WAIT,
      () =>
        framing.log.warn(
          `the stream of ${scope.label} did not finish within ${ITERATOR_RETURN_WAIT} ms of being closed ` +
            "(its generator is busy in an await, and runs its finally when that settles); its per-request components are closed without waiting for it",
        ),
    ).then(() => scope.finished(end));
  };
  /** The stream is over for the iterator: the client left, or the server ended it. */
  let cancelled = false;
  /** The stream is over, however it ended: what comes after (a cancel, an abandon) changes nothing. */
  let done = false;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let kept = false;
  let forget = () => {};
  /** An item sent waits for the client to take it (its next read). */
  let waitingForTake = false;
  /** Items sent so far, and as the stall watch last saw them. */
  let sent = 0;
  let sentAtLastLook = 0;
  /** Looks in a row that found the same item waiting. */
  let strikes = 0;
  let stallWatch: ReturnType<typeof setInterval> | undefined;
  /** Where the route has a scope, the watch on a body no one starts to read (abandon, below). */
  let unread: ReturnType<typeof setTimeout> | undefined;
  const stopWatching = () => {
    if (stallWatch !== undefined) clearInterval(stallWatch);
    stallWatch = undefined;
  };
  const stopHeartbeat = () => {
    if (heartbeat !== undefined) clearInterval(heartbeat);
    heartbeat = undefined;
  };
  /** The server ends the stream (open-streams.ts): its last text, then the iterator closed. */
  const end = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    if (cancelled || done) return;
    cancelled = true;
    stopHeartbeat();
    stopWatching();
    if (framing.ended !== "") controller.enqueue(encoder.encode(framing.ended));
    controller.close();
    over({ kind: "ended" }, true);
  };
  let started: ReadableStreamDefaultController<Uint8Array> | undefined;
  /**
   * The answer will never be read (docs/guide/request-scope.md, "When nothing carries the answer"): on Node its
   * response closed with the stream unfinished, or no one began to read the body within `stall` ms (a caller of
   * app.request that dropped the Response). It ends as a client that left; a reader that comes later finds it ended.
   */
  const abandon = () => {
    if (cancelled || done) return;
    cancelled = true;
    forget();
    stopWatching();
    stopHeartbeat();
    try {
      started?.close();
    } catch {
      // Closed already, or errored: there is nothing more to tell a reader.
    }
    over({ kind: "gone" }, true);
  };
  if (scope !== undefined) {
    scope.carry(abandon);
    if (framing.stall > 0) {
      unread = setTimeout(abandon, framing.stall);
      (unread as { unref?: () => void }).unref?.();
    }
  }
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        started = controller;
      },
      async pull(controller) {
        waitingForTake = false;
        // Kept from the first read on: a body no one reads (the answer to a HEAD) is never kept, nor its generator started.
        if (!kept) {
          kept = true;
          if (unread !== undefined) clearTimeout(unread);
          forget = open.add(() => end(controller));
          // Shutdown had begun, or the answer was abandoned: ended already.
          if (cancelled) return;
        }
        const { interval = 0, text: beat = "" } = framing.heartbeat ?? {};
        if (interval > 0) heartbeat = setInterval(() => controller.enqueue(encoder.encode(beat)), interval);
        let text: string;
        try {
          const next = await step();
          if (cancelled) return;
          if (next.done) {
            forget();
            stopWatching();
            controller.close();
            over({ kind: "done" }, false);
            return;
          }
          text = framing.item(next.value);
        } catch (error) {
          // Once the client is gone, a fault (an AbortError from the request's signal) has no one to tell.
          if (cancelled) return;
          forget();
          stopWatching();
          controller.enqueue(encoder.encode(framing.fault(error)));
          controller.close();
          // An item that could not be written leaves its generator waiting at the `yield`: end it.
          over({ kind: "fault", error }, true);
          return;
        } finally {
          stopHeartbeat();
        }
        controller.enqueue(encoder.encode(text));
        sent++;
        waitingForTake = true;
        // One watch per stream rather than a timer per item: it looks twice per
        // limit, and cuts the stream off when the same item was waiting at three
        // looks in a row, so after between one and one and a half limits.
        if (framing.stall > 0 && stallWatch === undefined) {
          stallWatch = setInterval(
            () => {
              if (!waitingForTake || sent !== sentAtLastLook) {
                sentAtLastLook = sent;
                strikes = 0;
                return;
              }
              if (++strikes < 2 || cancelled) return;
              cancelled = true;
              forget();
              stopWatching();
              stopHeartbeat();
              // A client that stops reading is not a fault of the server's: on Node nothing is logged.
              if (framing.closeConnection !== undefined) framing.closeConnection();
              else controller.error(new Error(`honest: the client took nothing of the stream for ${framing.stall} ms; cut off`));
              over({ kind: "gone" }, true);
            },
            Math.max(1, Math.ceil(framing.stall / 2)),
          );
          stallWatch.unref?.();
        }
      },
      cancel() {
        stopWatching();
        forget();
        stopHeartbeat();
        if (cancelled || done) return;
        cancelled = true;
        // Not awaited here: a generator busy in an `await` takes return() when it next yields; the scope waits for it.
        over({ kind: "gone" }, true);
      },
    },
    // Nothing is asked for ahead of the reader.
    { highWaterMark: 0 },
  );
}

/** The iterator's return(), which runs a generator's `finally`; settles when it has, a fault there logged, as nothing else can hear it. */
function returnOf(iterator: AsyncIterator<unknown>, log: AppLog): Promise<void> {
  const failedToClose = (error: unknown) => log.error("a stream's iterator failed as it was closed", { err: error });
  try {
    return Promise.resolve(iterator.return?.()).then(() => {}, failedToClose);
  } catch (error) {
    failedToClose(error);
    return Promise.resolve();
  }
}

/** Settles when `promise` has, or after `ms`, calling `late` then. */
function waitAtMost(promise: Promise<void>, ms: number, late: () => void): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeUp = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      late();
      resolve();
    }, ms);
  });
  return Promise.race([promise.then(() => clearTimeout(timer)), timeUp]);
}
