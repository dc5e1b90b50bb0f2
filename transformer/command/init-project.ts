import fs from "node:fs";
import path from "node:path";
import { typescriptManifest } from "./check-mode.js";
import { type ProjectMode, projectFiles, templateVersions } from "./project-templates.js";
import { honestManifest, honestPackageFolder } from "./honest-manifest.js";
import { honestDependency } from "./installed-from.js";
import { typescript7WaysOut } from "./typescript7-tspc.js";

// `honest init [folder] [--typescript7] [--database]`: a new project in `folder` (the
// working directory unless named) that builds, serves and tests as it stands
// (project-templates.ts; with a database, database-templates.ts), depending on honest as the running honest was
// installed (installed-from.ts). It never overwrites: if any of its files is there
// already, it names them and writes nothing. It ends with the commands to run.

export interface InitOptions {
  readonly folder: string;
  readonly mode: ProjectMode;
  /** `--database`: the example's database set-up (docs/setup/new-project.md, "A project with a database"). */
  readonly database: boolean;
}

export interface InitOutcome {
  /** 0 when the project was written, 1 when it was refused. */
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

export function initProject(cwd: string, options: InitOptions): InitOutcome {
  const dir = path.resolve(cwd, options.folder);
  if (fs.existsSync(dir) && !fs.statSync(dir).isDirectory()) {
    return refused(`${display(cwd, dir)} is a file, not a folder; name a new folder or an empty one.`);
  }
  const manifest = honestManifest();
  const versions = templateVersions(manifest);
  const honest = honestDependency(honestPackageFolder(), manifest.version);
  const files = projectFiles({ name: packageName(dir), mode: options.mode, versions, honest, database: options.database });
  const present = Object.keys(files).filter((file) => fs.existsSync(path.join(dir, file)));
  const typescript7 = options.mode === "transformer" ? typescript7Here(dir, versions.typescript) : undefined;
  if (present.length > 0) {
    return refused(
      `${display(cwd, dir)} already has ${present.join(", ")}; honest init never overwrites a file, and wrote nothing. ` +
        "Run it in a new folder (npx honest init my-app), or move these files away." +
        (typescript7 ? `\n${typescript7}` : ""),
    );
  }
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text, { flag: "wx" });
  }
  const cd = path.relative(cwd, dir);
  const lines = [
    `honest: wrote a ${options.mode === "generator" ? "TypeScript 7 (generator mode)" : "TypeScript 6 (tspc)"} project${options.database ? " with a database" : ""} in ${display(cwd, dir)}: ${Object.keys(files).join(", ")}`,
    ...(honest.startsWith("^") ? [] : [`honest: its package.json installs honest from ${honest}, where this honest was installed from`]),
    "",
    "Next:",
    ...(cd === "" ? [] : [`  cd ${/\s/.test(cd) ? JSON.stringify(cd) : cd}`]),
    "  npm install",
    "  npm run build",
    "  npm start         # serves on port 3000 (PORT to change it): curl localhost:3000/hello/1",
    ...(options.database
      ? [
          "                    # curl localhost:3000/items -H 'content-type: application/json' -d '{\"name\":\"kettle\"}'",
          "                    # PGlite in memory; DATABASE_URL=postgres://… npm start for a PostgreSQL server",
        ]
      : []),
    "  npm test",
    "  npm run dev       # rebuilt and restarted on each save",
    "",
  ];
  return { status: 0, stdout: lines.join("\n"), stderr: typescript7 ? `honest: note: ${typescript7}\n` : "" };
}

function refused(message: string): InitOutcome {
  return { status: 1, stdout: "", stderr: `honest: ${message}\n` };
}

/**
 * When the folder resolves a TypeScript 7 (a parent's node_modules, or the folder's own), what a tspc
 * project there needs to know; undefined otherwise. The new project pins its own TypeScript 6.
 */
function typescript7Here(dir: string, typescript6: string): string | undefined {
  const manifest = typescriptManifest(path.join(dir, "package.json"));
  if (!manifest || Number.parseInt(manifest.version, 10) < 7) return undefined;
  return `the typescript this folder resolves is ${manifest.version}, where tspc cannot run (ts-patch cannot patch TypeScript 7); ${typescript7WaysOut(typescript6)}`;
}

/** The folder's name as npm accepts a package name: lower case, no spaces. */
function packageName(dir: string): string {
  const name = path
    .basename(dir)
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, "-")
    .replace(/^[._-]+/, "");
  return name === "" ? "honest-app" : name;
}

function display(cwd: string, dir: string): string {
  const relative = path.relative(cwd, dir);
  return relative === "" ? "this folder" : relative.split(path.sep).join("/");
}
