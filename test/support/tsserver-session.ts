import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { childEnv } from "./commands.js";

// An editor's tsserver, driven over its protocol as VS Code drives it: the
// user project's own node_modules/typescript/lib/tsserver.js, started with
// no flag beyond its log, so plugins load from where tsserver looks by
// default. Requests are JSON lines on stdin; responses and events come back
// on stdout, each framed as `Content-Length: N\r\n\r\n` and N bytes of JSON,
// a response naming its request by `request_seq`.

/** A diagnostic as tsserver gives it, positions 1-based; 0 for one that belongs to no file (the project's options). */
export interface EditorDiagnostic {
  readonly code: number;
  readonly line: number;
  readonly offset: number;
  readonly endLine: number;
  readonly endOffset: number;
  readonly text: string;
  readonly category: string;
}

/** A position, 1-based, as the protocol writes it. */
export interface Location {
  readonly line: number;
  readonly offset: number;
}

/** One edit: the text between `start` and `end` replaced by `newText`. */
export interface TextEdit {
  readonly start: Location;
  readonly end: Location;
  readonly newText: string;
}

/** Edits to one file. */
export interface FileEdits {
  readonly fileName: string;
  readonly textChanges: readonly TextEdit[];
}

/** A quick fix as `getCodeFixes` answers it; `fixId` when the same fix applies elsewhere in the file, for `getCombinedCodeFix`. */
export interface CodeFix {
  readonly fixName: string;
  readonly description: string;
  readonly changes: readonly FileEdits[];
  readonly fixId?: string;
  readonly fixAllDescription?: string;
}

/** A refactor as `getApplicableRefactors` answers it, with an action per thing it can do. */
export interface ApplicableRefactor {
  readonly name: string;
  readonly description: string;
  readonly actions: readonly { readonly name: string; readonly description: string; readonly kind?: string }[];
}

/** A diagnostic as the protocol writes it: `text` and locations, or (compilerOptionsDiagnostics-full) `message` and none for a file-less one. */
interface ProtocolDiagnostic {
  readonly code: number;
  readonly start?: Location;
  readonly end?: Location;
  readonly startLocation?: Location;
  readonly endLocation?: Location;
  readonly text?: string;
  readonly message?: string;
  readonly category: string;
}

/** An event tsserver sends unasked: `semanticDiag` with a file's diagnostics, `requestCompleted` after a `geterr`. */
interface ServerEvent {
  readonly event: string;
  readonly body?: unknown;
}

interface Response {
  readonly request_seq: number;
  readonly success: boolean;
  readonly command: string;
  readonly message?: string;
  readonly body?: unknown;
}

/** How long one request may take: the first builds the program and runs honest's analysis. */
const REQUEST_TIMEOUT_MS = 60_000;

export class TsserverSession {
  readonly #child: ChildProcess;
  readonly #logFile: string;
  readonly #pending = new Map<number, { resolve: (response: Response) => void; reject: (error: Error) => void }>();
  readonly #listeners = new Set<(event: ServerEvent) => void>();
  /** The text of each open file, as tsserver holds it after our edits. */
  readonly #texts = new Map<string, string>();
  #seq = 0;
  #buffer = Buffer.alloc(0);
  #stderr = "";
  #exit: string | undefined;

  /** Starts `project`'s own tsserver, logging to `logFile`. */
  constructor(
    readonly project: string,
    logFile: string,
  ) {
    this.#logFile = logFile;
    const tsserver = path.join(project, "node_modules/typescript/lib/tsserver.js");
    this.#child = spawn(
      process.execPath,
      [tsserver, "--disableAutomaticTypingAcquisition", "--logVerbosity", "normal", "--logFile", logFile],
      { cwd: project, env: childEnv(), stdio: ["pipe", "pipe", "pipe"] },
    );
    this.#child.stdout!.on("data", (chunk: Buffer) => this.#receive(chunk));
    this.#child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (this.#stderr += chunk));
    this.#child.once("exit", (code, signal) => {
      this.#exit = `tsserver exited (code ${code}, signal ${signal})`;
      for (const { reject } of this.#pending.values()) reject(this.#failure(this.#exit));
      this.#pending.clear();
    });
  }

  /** The absolute path of `file`, relative to the project. */
  path(file: string): string {
    return path.resolve(this.project, file);
  }

  /** The file's text as tsserver holds it. */
  text(file: string): string {
    const text = this.#texts.get(this.path(file));
    if (text === undefined) throw new Error(`${file} is not open`);
    return text;
  }

  /** Opens `file` with `text`, or with its text on disk. */
  async open(file: string, text?: string): Promise<void> {
    const fileName = this.path(file);
    const content = text ?? readFileSync(fileName, "utf8");
    this.#texts.set(fileName, content);
    await this.request("updateOpen", { openFiles: [{ file: fileName, fileContent: content, projectRootPath: this.project }] });
  }

  /** Replaces the open file's whole text, as an editor sends a paste over everything. */
  async replace(file: string, text: string): Promise<void> {
    const old = this.text(file);
    await this.change(file, [{ start: { line: 1, offset: 1 }, end: locationAt(old, old.length), newText: text }]);
  }

  /** Applies non-overlapping edits, each located in the text before any of them, as a code fix's are. */
  async change(file: string, edits: readonly TextEdit[]): Promise<void> {
    const fileName = this.path(file);
    let text = this.text(file);
    const ordered = [...edits].sort((a, b) => positionIn(text, b.start) - positionIn(text, a.start));
    for (const edit of ordered) text = text.slice(0, positionIn(text, edit.start)) + edit.newText + text.slice(positionIn(text, edit.end));
    this.#texts.set(fileName, text);
    // updateOpen applies a file's textChanges last to first, so the ascending order keeps every location valid.
    await this.request("updateOpen", { changedFiles: [{ fileName, textChanges: [...ordered].reverse() }] });
  }

  async close(file: string): Promise<void> {
    const fileName = this.path(file);
    this.#texts.delete(fileName);
    await this.request("updateOpen", { closedFiles: [fileName] });
  }

  async semanticDiagnostics(file: string): Promise<EditorDiagnostic[]> {
    return this.#diagnostics("semanticDiagnosticsSync", { file: this.path(file) });
  }

  async syntacticDiagnostics(file: string): Promise<EditorDiagnostic[]> {
    return this.#diagnostics("syntacticDiagnosticsSync", { file: this.path(file) });
  }

  /** Diagnostics of the project that belong to no file (its options), by tsconfig.json's path. */
  async compilerOptionsDiagnostics(tsconfig: string): Promise<EditorDiagnostic[]> {
    return this.#diagnostics("compilerOptionsDiagnostics-full", { projectFileName: this.path(tsconfig) });
  }

  /** The quick fixes for `errorCodes` over the span from `start` to `end`. */
  async getCodeFixes(file: string, start: Location, end: Location, errorCodes: readonly number[]): Promise<CodeFix[]> {
    const body = await this.request("getCodeFixes", {
      file: this.path(file),
      startLine: start.line,
      startOffset: start.offset,
      endLine: end.line,
      endOffset: end.offset,
      errorCodes,
    });
    return (body as CodeFix[] | undefined) ?? [];
  }

  /**
   * The error codes whose fixes tsserver offers: for `file`, or, with none,
   * as VS Code asks (its quickFix.ts sends `getSupportedCodeFixes` with null
   * arguments once, and asks `getCodeFixes` only at diagnostics with these codes).
   */
  async supportedCodeFixes(file?: string): Promise<string[]> {
    const args = file === undefined ? null : { file: this.path(file) };
    return ((await this.request("getSupportedCodeFixes", args)) as string[] | undefined) ?? [];
  }

  /** The edits of the fix `fixId` at every place of `file` it applies, as an editor's "fix all in file" asks. */
  async combinedCodeFix(file: string, fixId: string): Promise<FileEdits[]> {
    const body = await this.request("getCombinedCodeFix", { scope: { type: "file", args: { file: this.path(file) } }, fixId });
    return (body as { changes: FileEdits[] } | undefined)?.changes ?? [];
  }

  /**
   * The refactors tsserver offers over the range from `start` to `end` (an
   * empty one at a cursor), as VS Code's refactor.ts asks: `kind` is the kind
   * the editor asks for (`refactor` from "Refactor...", none from the light
   * bulb's Ctrl+., which asks for every kind), `triggerReason` "invoked".
   */
  async applicableRefactors(file: string, start: Location, end: Location, kind: string | undefined): Promise<ApplicableRefactor[]> {
    const body = await this.request("getApplicableRefactors", {
      file: this.path(file),
      startLine: start.line,
      startOffset: start.offset,
      endLine: end.line,
      endOffset: end.offset,
      triggerReason: "invoked",
      kind,
      includeInteractiveActions: true,
    });
    return (body as ApplicableRefactor[] | undefined) ?? [];
  }

  /** The edits of one refactor's action, asked over the range it was offered at, as VS Code resolves the action the user picks. */
  async editsForRefactor(file: string, start: Location, end: Location, refactor: string, action: string): Promise<FileEdits[]> {
    const body = await this.request("getEditsForRefactor", {
      file: this.path(file),
      startLine: start.line,
      startOffset: start.offset,
      endLine: end.line,
      endOffset: end.offset,
      refactor,
      action,
    });
    return (body as { edits: FileEdits[] } | undefined)?.edits ?? [];
  }

  /**
   * The semantic diagnostics of `files` as VS Code receives them: it sends
   * `geterr` (no response), and tsserver checks each file in turn, sending a
   * `semanticDiag` event per file and `requestCompleted` once done.
   */
  async geterr(files: readonly string[]): Promise<Map<string, EditorDiagnostic[]>> {
    if (this.#exit) throw this.#failure(`geterr: ${this.#exit}`);
    const seq = ++this.#seq;
    const found = new Map<string, EditorDiagnostic[]>();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#listeners.delete(listener);
        reject(this.#failure(`tsserver did not complete geterr (seq ${seq}) within ${REQUEST_TIMEOUT_MS / 1000} s`));
      }, REQUEST_TIMEOUT_MS);
      const listener = ({ event, body }: ServerEvent) => {
        if (event === "semanticDiag") {
          const { file, diagnostics } = body as { file: string; diagnostics: ProtocolDiagnostic[] };
          found.set(path.relative(this.project, file), diagnostics.map(editorDiagnostic));
        } else if (event === "requestCompleted" && (body as { request_seq: number }).request_seq === seq) {
          clearTimeout(timer);
          this.#listeners.delete(listener);
          resolve(found);
        }
      };
      this.#listeners.add(listener);
      this.#child.stdin!.write(
        `${JSON.stringify({ seq, type: "request", command: "geterr", arguments: { files: files.map((file) => this.path(file)), delay: 0 } })}\n`,
      );
    });
  }

  /** Applies a fix's (or a combined fix's) edits, file by file, opening from disk any file the editor does not have open. */
  async apply(fix: { readonly changes: readonly FileEdits[] }): Promise<void> {
    for (const { fileName, textChanges } of fix.changes) {
      if (!this.#texts.has(this.path(fileName))) await this.open(fileName);
      await this.change(fileName, textChanges);
    }
  }

  /** Sends one request and resolves with its response's body; rejects on failure or after the timeout. */
  request(command: string, args: unknown): Promise<unknown> {
    if (this.#exit) return Promise.reject(this.#failure(`${command}: ${this.#exit}`));
    const seq = ++this.#seq;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(seq);
        reject(this.#failure(`tsserver did not answer ${command} (seq ${seq}) within ${REQUEST_TIMEOUT_MS / 1000} s`));
      }, REQUEST_TIMEOUT_MS);
      this.#pending.set(seq, {
        resolve: (response) => {
          clearTimeout(timer);
          if (response.success) resolve(response.body);
          else reject(this.#failure(`tsserver refused ${command}: ${response.message}`));
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.#child.stdin!.write(`${JSON.stringify({ seq, type: "request", command, arguments: args })}\n`);
    });
  }

  /** The tsserver log so far. */
  log(): string {
    return existsSync(this.#logFile) ? readFileSync(this.#logFile, "utf8") : "";
  }

  /** Asks tsserver to exit and waits for it; kills it if it lingers. */
  async dispose(): Promise<void> {
    if (this.#exit) return;
    const exited = new Promise<void>((resolve) => this.#child.once("exit", () => resolve()));
    this.#child.stdin!.write(`${JSON.stringify({ seq: ++this.#seq, type: "request", command: "exit" })}\n`);
    const timer = setTimeout(() => this.#child.kill(), 5_000);
    await exited;
    clearTimeout(timer);
  }

  async #diagnostics(command: string, args: unknown): Promise<EditorDiagnostic[]> {
    const body = ((await this.request(command, args)) as ProtocolDiagnostic[] | undefined) ?? [];
    return body.map(editorDiagnostic);
  }

  #receive(chunk: Buffer): void {
    this.#buffer = Buffer.concat([this.#buffer, chunk]);
    for (;;) {
      const headerEnd = this.#buffer.indexOf("\r\n\r\n");
      if (headerEnd < 0) return;
      const length = /Content-Length: (\d+)/.exec(this.#buffer.subarray(0, headerEnd).toString("ascii"));
      if (!length) throw this.#failure(`tsserver wrote a frame without Content-Length: ${this.#buffer.toString("utf8", 0, 200)}`);
      const bodyStart = headerEnd + 4;
      const bodyEnd = bodyStart + Number(length[1]);
      if (this.#buffer.length < bodyEnd) return;
      const message = JSON.parse(this.#buffer.toString("utf8", bodyStart, bodyEnd)) as { type: string } & Response;
      this.#buffer = this.#buffer.subarray(bodyEnd);
      if (message.type === "event") {
        for (const listener of this.#listeners) listener(message as unknown as ServerEvent);
        continue;
      }
      if (message.type !== "response") continue;
      const pending = this.#pending.get(message.request_seq);
      this.#pending.delete(message.request_seq);
      pending?.resolve(message);
    }
  }

  /** An error carrying what tsserver wrote on stderr and the end of its log. */
  #failure(message: string): Error {
    const log = this.log();
    return new Error(`${message}\n--- tsserver stderr ---\n${this.#stderr}\n--- tsserver log (end) ---\n${log.slice(-6_000)}`);
  }
}

function editorDiagnostic(diagnostic: ProtocolDiagnostic): EditorDiagnostic {
  const start = diagnostic.start ?? diagnostic.startLocation;
  const end = diagnostic.end ?? diagnostic.endLocation;
  return {
    code: diagnostic.code,
    line: start?.line ?? 0,
    offset: start?.offset ?? 0,
    endLine: end?.line ?? 0,
    endOffset: end?.offset ?? 0,
    text: diagnostic.text ?? diagnostic.message ?? "",
    category: diagnostic.category,
  };
}

/** The 1-based line and offset of `position` in `text`. */
export function locationAt(text: string, position: number): Location {
  const before = text.slice(0, position).split("\n");
  return { line: before.length, offset: before.at(-1)!.length + 1 };
}

/** The position in `text` of a 1-based line and offset. */
export function positionIn(text: string, { line, offset }: Location): number {
  let position = 0;
  for (let current = 1; current < line; current++) {
    const newline = text.indexOf("\n", position);
    if (newline < 0) throw new Error(`line ${line} is past the end of the text (${current} lines)`);
    position = newline + 1;
  }
  return position + offset - 1;
}
