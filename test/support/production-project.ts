import { packedTarball } from "./packed-tarball.js";
import { sharedUserProject } from "./user-project.js";

// A production install: honest from the packed tarball and hono, nothing
// else, no compiler, whose size install-size reads. Installed once per run
// (support/user-project.ts, sharedUserProject).

/** Installs the project in `dir`. */
export function productionProject(dir: string): void {
  sharedUserProject(dir, "honest-production-app", {
    dependencies: { honest: `file:${packedTarball()}`, hono: "4.13.19" },
    devDependencies: {},
  });
}
