import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

// Vitest's global setup for the test files that install honest's tarball: a
// fresh folder per run, where packed-tarball.ts packs honest once for them
// all and user-project.ts installs each shared user project once
// (support/once-per-run.ts).

export default function setup(): () => void {
  const runDir = mkdtempSync(path.join(os.tmpdir(), "honest-pack-run-"));
  process.env.HONEST_PACK_DIR = runDir;
  return () => rmSync(runDir, { recursive: true, force: true });
}
