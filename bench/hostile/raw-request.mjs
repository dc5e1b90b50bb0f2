import net from "node:net";

// One request from a raw socket: the bytes as they are, the time to the
// answer's status line and headers, and a limit after which the answer is
// given up on (the server may be stuck in a check that never ends).

/**
 * Sends `bytes` to 127.0.0.1:`port`. `written` resolves once they are handed
 * to the kernel; `answer` with `{ status, ms }`, the status being a number,
 * "closed" (the connection ended with no answer) or "no answer" (`limitMs` passed).
 */
export function rawRequest(port, bytes, limitMs) {
  let markWritten;
  const written = new Promise((resolve) => (markWritten = resolve));
  const answer = new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    let settled = false;
    const settle = (status) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      markWritten();
      resolve({ status, ms: performance.now() - started });
    };
    const timer = setTimeout(() => settle("no answer"), limitMs);
    socket.setEncoding("latin1");
    socket.on("data", (chunk) => {
      text += chunk;
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      if (status && text.includes("\r\n\r\n")) settle(Number(status));
    });
    socket.on("error", () => settle("closed"));
    socket.on("close", () => settle("closed"));
    socket.on("connect", () => socket.write(bytes, () => markWritten()));
  });
  return { written, answer };
}
