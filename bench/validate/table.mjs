// Markdown tables: one row per contender; per column its ops/s, the ratio to
// honest (above 1: faster than honest) and, when the column has a baseline,
// the microseconds per operation it spends beyond that baseline.

const format = (ops) => Math.round(ops).toLocaleString("en-US");
const micros = (ops) => 1e6 / ops;

/** `columns`: { title: { contender: ops/s } }; the contenders are the first column's keys. */
export function table(columns, baseline) {
  const titles = Object.keys(columns);
  const contenders = Object.keys(columns[titles[0]]);
  const extra = (title) => baseline !== undefined && columns[title][baseline] !== undefined;
  const head = titles.map((title) => `${title} ops/s | × honest${extra(title) ? " | µs over baseline" : ""}`);
  const rule = titles.map((title) => `---:|---:${extra(title) ? "|---:" : ""}`);
  const rows = contenders.map((contender) => {
    const cells = titles.map((title) => {
      const ops = columns[title][contender];
      if (ops === undefined) return extra(title) ? " | | " : " | ";
      const cell = `${format(ops)} | ${(ops / columns[title].honest).toFixed(2)}`;
      return extra(title) ? `${cell} | ${(micros(ops) - micros(columns[title][baseline])).toFixed(2)}` : cell;
    });
    return `| ${contender} | ${cells.join(" | ")} |`;
  });
  return [`| | ${head.join(" | ")} |`, `|---|${rule.join("|")}|`, ...rows].join("\n");
}
