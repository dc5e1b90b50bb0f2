// A startup refusal is one of honest's own messages, thrown while the app is
// built (an honest error in the build, a module older than the controllers,
// createApp() not compiled by honest, a dependency cycle): it says what to
// do, and its stack and source line say nothing more. It is thrown on every
// runtime, so that a test or a caller can catch it; on Node, when nothing
// does, it is printed alone, without Node's source excerpt and stack, and
// the process exits with code 1.

type NodeProcess = {
  readonly versions?: { readonly node?: string; readonly bun?: string };
  on(event: "uncaughtException", listener: (error: unknown) => void): unknown;
  off(event: "uncaughtException", listener: (error: unknown) => void): unknown;
  listenerCount(event: "uncaughtException"): number;
  exit(code: number): never;
  readonly stderr: { write(text: string): unknown };
};

/** Refusals thrown and not yet known to be caught. */
const pending = new Set<unknown>();

/** Runs `build`, reporting an honest refusal it throws alone if nothing catches it. */
export function refusingToStart<T>(build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (isRefusal(error)) reportIfUncaught(error);
    throw error;
  }
}

/** honest's own message, not wrapping a thrown value of the app's (a constructor's error keeps its stack). */
function isRefusal(error: unknown): error is Error {
  return error instanceof Error && error.message.startsWith("honest: ") && error.cause === undefined;
}

function reportIfUncaught(error: Error): void {
  const node = nodeProcess();
  if (!node || typeof setImmediate !== "function") return;
  if (pending.size === 0) node.on("uncaughtException", onUncaught);
  pending.add(error);
  // An uncaught refusal reaches the listener before the event loop runs on: thrown at a module's top level
  // (CommonJS at once; an ES module's evaluation, and an async function's rejection, after the microtasks).
  setImmediate(() => {
    pending.delete(error);
    if (pending.size === 0) node.off("uncaughtException", onUncaught);
  });
}

function onUncaught(error: unknown): void {
  const node = nodeProcess()!;
  // Another listener (a test runner's) handles uncaught exceptions: it reports this one as it reports any.
  if (node.listenerCount("uncaughtException") > 1) return;
  if (pending.has(error)) {
    node.stderr.write(`${(error as Error).message}\n`);
    node.exit(1);
  }
  // Something else went uncaught while a refusal was pending: ending the process as Node would have.
  node.off("uncaughtException", onUncaught);
  pending.clear();
  node.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : `Uncaught ${String(error)}`}\n`);
  node.exit(1);
}

/** Node's process; undefined on Bun, Deno and workers, where the refusal is thrown as it is. */
function nodeProcess(): NodeProcess | undefined {
  const candidate = (globalThis as { process?: Partial<NodeProcess> }).process;
  if (!candidate?.versions?.node || candidate.versions.bun !== undefined || "Deno" in globalThis) return undefined;
  if (typeof candidate.on !== "function" || typeof candidate.exit !== "function" || !candidate.stderr) return undefined;
  return candidate as NodeProcess;
}
