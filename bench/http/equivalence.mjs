import { ALSO_CHECKED, COMPARED_HEADERS, EVERY_ANSWER, MEASURED } from "./requests.mjs";
import { startServer } from "./start-server.mjs";

// Before any timing: every implementation, on a fresh server, must answer
// each request with the expected status, the headers honest sends among
// COMPARED_HEADERS (location, CORS), EVERY_ANSWER's headers, and (except for
// error wording) the very body text honest sends.

async function answers(implementation, start) {
  const server = await start(implementation);
  try {
    const result = [];
    for (const { method, path, headers, body } of [...MEASURED, ...ALSO_CHECKED]) {
      const response = await fetch(`http://127.0.0.1:${server.port}${path}`, { method, headers, body });
      const compared = Object.fromEntries(COMPARED_HEADERS.map((name) => [name, response.headers.get(name)]));
      result.push({ status: response.status, headers: compared, body: await response.text() });
    }
    return result;
  } finally {
    await server.stop();
  }
}

/**
 * Throws, listing every difference, unless all implementations agree with
 * honest and with the expected statuses. `start` starts an implementation's
 * server (the Bun bench passes its own).
 */
export async function checkEquivalence(implementations, reference = "honest", start = startServer) {
  const requests = [...MEASURED, ...ALSO_CHECKED];
  const expected = await answers(reference, start);
  const faults = [];
  for (const implementation of implementations) {
    const got = implementation === reference ? expected : await answers(implementation, start);
    requests.forEach((request, index) => {
      const [mine, theirs] = [got[index], expected[index]];
      const headerText = (answer) =>
        Object.entries(answer.headers)
          .filter(([, value]) => value !== null)
          .map(([name, value]) => `${name}: ${value}`)
          .join(", ");
      const show = (answer) =>
        `${answer.status} [${headerText(answer)}] ${answer.body.length > 200 ? answer.body.slice(0, 200) + "…" : answer.body}`;
      const missing = Object.entries(EVERY_ANSWER).filter(([name, value]) => mine.headers[name] !== value);
      if (mine.status !== request.status)
        faults.push(`${implementation}, ${request.name}: status ${mine.status}, expected ${request.status} (${show(mine)})`);
      else if (missing.length > 0)
        faults.push(
          `${implementation}, ${request.name}: expected ${missing.map(([name, value]) => `${name}: ${value}`).join(", ")} (${show(mine)})`,
        );
      else if (headerText(mine) !== headerText(theirs) || (request.sameBody !== false && mine.body !== theirs.body)) {
        faults.push(`${implementation}, ${request.name}:\n    got      ${show(mine)}\n    ${reference} sent ${show(theirs)}`);
      }
    });
  }
  if (faults.length > 0) throw new Error(`the implementations do not answer alike; nothing was measured:\n  ${faults.join("\n  ")}`);
}
