// Fallback when /usr/bin/time is missing: runs a compiler's CLI script in this
// process and prints its CPU time and peak resident set size on exit, in the
// lines GNU time -v prints ("Maximum resident set size (kbytes): N", ...).
//
//   node peak-rss.cjs <script> [args...]

const path = require("node:path");

process.on("exit", () => {
  const usage = process.resourceUsage();
  process.stderr.write(
    `\tUser time (seconds): ${usage.userCPUTime / 1e6}\n\tSystem time (seconds): ${usage.systemCPUTime / 1e6}\n` +
      `\tMaximum resident set size (kbytes): ${usage.maxRSS}\n`,
  );
});
process.argv.splice(1, 1); // the compiler sees itself as the script
const script = process.argv[1];
// ts-patch's bin/tspc.js runs only as the main module; its compiler/tsc.js is what it runs.
require(path.basename(script) === "tspc.js" ? path.join(path.dirname(script), "..", "compiler", "tsc.js") : script);
