import { MIX, total, unexpected } from "./mix.mjs";
import { TOLERANCE } from "./rss.mjs";

// The soak's markdown: totals, every request's answers, the RSS curve minute
// by minute, and what the server looked like after the load.

const whole = (value) => Math.round(value).toLocaleString("en-US");

function requestTable(tally) {
  const rows = MIX.map(({ name, expect }) => {
    const counts = tally.get(name);
    const others = [...counts].filter(([key]) => key !== "expected").map(([status, n]) => `${status}×${n}`);
    return `| ${name} | ${expect} | ${whole(total(counts))} | ${whole(counts.get("expected") ?? 0)} | ${others.join(", ") || "none"} |`;
  });
  return `| request | expected | answers | as expected | other statuses |\n|---|---:|---:|---:|---|\n${rows.join("\n")}`;
}

function rssTable(samples) {
  const byMinute = new Map();
  for (const { seconds, mb } of samples) {
    const minute = Math.floor(seconds / 60);
    byMinute.set(minute, [...(byMinute.get(minute) ?? []), mb]);
  }
  const rows = [...byMinute].map(
    ([minute, values]) => `| ${minute}–${minute + 1} | ${Math.min(...values).toFixed(1)} | ${Math.max(...values).toFixed(1)} |`,
  );
  return `| minute | lowest RSS MB | highest RSS MB |\n|---|---:|---:|\n${rows.join("\n")}`;
}

export function report({ machine, method, load, tally, samples, memory, after }) {
  const totals =
    `${whole(load.requests.total)} requests in ${(load.duration / 60).toFixed(1)} min (${whole(load.requests.average)} req/s), ` +
    `${whole(load.errors)} connection errors, ${whole(load.timeouts)} timeouts, ${whole(unexpected(tally))} unexpected statuses; ` +
    `latency p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms, max ${load.latency.max} ms.`;
  const verdict =
    `RSS ${samples[0].mb.toFixed(1)} MB after startup; peak ${memory.firstPeak.toFixed(1)} MB in the first half of the run, ` +
    `${memory.secondPeak.toFixed(1)} MB in the second (${memory.growth >= 0 ? "+" : ""}${(memory.growth * 100).toFixed(1)}%), ` +
    `trend over the last third ${memory.trendPerMinute >= 0 ? "+" : ""}${memory.trendPerMinute.toFixed(2)} MB/min: ` +
    (memory.levelled
      ? `levelled off (within ${TOLERANCE * 100}% of the first half's peak).`
      : `still climbing (more than ${TOLERANCE * 100}% above the first half's peak).`);
  const afterwards =
    `After the load: GET /health answered ${after.health}; the store held ${after.itemsLeft} items ` +
    `(${after.itemsBefore} before the load, plus at most one per connection created and not yet deleted when the load stopped: ≤ ${after.itemsBefore + after.connections}); ` +
    `SIGTERM → exit ${after.exitCode} in ${whole(after.shutdownMs)} ms; ` +
    (after.stderr === ""
      ? "nothing on the server's standard error."
      : `the server's standard error:\n\n\`\`\`\n${after.stderr.trimEnd()}\n\`\`\``);
  return [`Machine: ${machine}`, `Method: ${method}`, totals, requestTable(tally), rssTable(samples), verdict, afterwards].join("\n\n");
}
