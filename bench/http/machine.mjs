import { execFileSync } from "node:child_process";
import os from "node:os";

// What the figures were measured on.

function commit() {
  try {
    return execFileSync("git", ["log", "-1", "--format=%h %s"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "unknown";
  }
}

export function machine() {
  return [
    `node ${process.version}`,
    `${os.cpus()[0]?.model ?? "unknown CPU"}`,
    `${os.cpus().length} CPUs`,
    `${new Date().toISOString()}`,
    `commit ${commit()}`,
  ].join(", ");
}
