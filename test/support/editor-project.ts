import { packedTarball } from "./packed-tarball.js";
import { sharedUserProject } from "./user-project.js";

// The user project an editor's tsserver is driven in (docs/setup/editor.md,
// "In your editor"): honest from the packed tarball, the project's hono,
// and tspc's ts-patch beside the TypeScript under test. editor-diagnostics
// and editor-quick-fixes each write their own sources into a copy of one
// install per TypeScript version (support/user-project.ts, sharedUserProject).

/** Installs the project for `typescript` (a version) in `dir`. */
export function editorProject(dir: string, typescript: string): void {
  sharedUserProject(dir, "honest-editor-user-app", {
    dependencies: { honest: `file:${packedTarball()}`, hono: "4.13.18" },
    devDependencies: { "ts-patch": "3.3.0", typescript },
  });
}
