import path from "node:path";
import type ts from "typescript";
import type { TextFile } from "./text/text-lines.js";

// Misuse of honest is reported as TypeScript diagnostics at the offending
// node. Codes live in a range TypeScript does not use, so "TS991xxx" is
// recognisably honest's; each is listed, with an example message, in
// (docs/reference/diagnostics.md, "Compile-time diagnostics"). Their texts are written in one
// place, diagnostic-messages.ts.

export enum HonestCode {
  RouteOutsideController = 991001,
  SeveralRouteDecorators = 991002,
  PathNotStringLiteral = 991003,
  MalformedPath = 991004,
  ControllerOptions = 991005,
  HandlerNotAsyncMethod = 991006,
  ReturnType = 991007,
  UnsupportedParameter = 991008,
  PlaceholderMismatch = 991009,
  UnsupportedPathType = 991010,
  InjectNotClass = 991011,
  ControllerNotExported = 991012,
  DuplicateRoute = 991013,
  UnsupportedJsonType = 991014,
  BodyOnBodilessMethod = 991015,
  DependencyCycle = 991016,
  UnbuildableComponent = 991017,
  ResolverNotClass = 991018,
  ResolverWithoutResolve = 991019,
  ResolverUnreachable = 991020,
  UseOutsideController = 991021,
  UseWithoutRoute = 991022,
  MisusedConstraint = 991023,
  InputNotObject = 991024,
  UnsupportedInputType = 991025,
  HeaderNameCase = 991026,
  SeveralInputParameters = 991027,
  FormOnBodilessMethod = 991028,
  SeveralBodies = 991029,
  SecuritySchemeNotConstant = 991030,
  PluginOptions = 991031,
  GeneratedModuleImport = 991032,
  BacktrackingPattern = 991033,
  OperationDocTag = 991034,
  ErrorFormat = 991035,
  BreakingChange = 991036,
  SocketRoute = 991037,
  PerRequestHeld = 991038,
  RequestScope = 991039,
  EnvField = 991040,
  RateLimit = 991041,
  TopicField = 991042,
  Schedule = 991043,
  UnmarkedSecret = 991044,
  Versions = 991047,
  FileAnswer = 991049,
  Paging = 991048,
  DeclaredError = 991045,
  ConditionalRequest = 991046,
}

/** A diagnostic's code and text, as diagnostic-messages.ts writes it. */
export interface HonestMessage {
  readonly code: HonestCode;
  readonly text: string;
}

/** Reports a mistake in a handler's parameters, prefixed with the route's label, and marks them unusable. */
export type Fail = (node: ts.Node, message: HonestMessage) => void;

export interface DiagnosticSink {
  error(node: ts.Node, message: HonestMessage): void;
  warning(node: ts.Node, message: HonestMessage): void;
  /** An error in how honest is set up rather than at a node: the plugin's options. */
  errorInSetup(message: HonestMessage): void;
  /** An error in a file that is not TypeScript (the committed OpenAPI document), at `offset` of its `text`. */
  errorInFile(file: TextFile, offset: number, message: HonestMessage): void;
  /** The errors reported so far, as `file(line,column): error TS991009: message` relative to `cwd`. */
  readonly errors: readonly string[];
}

// TypeScript's DiagnosticCategory values (the same in 5.9 and 6), written out so that this module, which
// analysis imports in generator mode too, loads no compiler: there `typescript` may be version 7 or absent.
const WARNING = 0 as ts.DiagnosticCategory.Warning;
const ERROR = 1 as ts.DiagnosticCategory.Error;

export function diagnosticSink(add: (diagnostic: ts.Diagnostic) => void, cwd = process.cwd()): DiagnosticSink {
  const errors: string[] = [];
  const report =
    (category: ts.DiagnosticCategory) =>
    (node: ts.Node, { code, text: message }: HonestMessage) => {
      const file = node.getSourceFile();
      const start = node.getStart(file);
      add({ file, start, length: node.getEnd() - start, category, code, messageText: message, source: "honest" });
      if (category === ERROR) {
        const { line, character } = file.getLineAndCharacterOfPosition(start);
        const name = path.relative(cwd, file.fileName).split(path.sep).join("/");
        errors.push(`${name}(${line + 1},${character + 1}): error TS${code}: ${message}`);
      }
    };
  const errorInSetup = ({ code, text: message }: HonestMessage) => {
    add({
      file: undefined,
      start: undefined,
      length: undefined,
      category: ERROR,
      code,
      messageText: message,
      source: "honest",
    });
    errors.push(`error TS${code}: ${message}`);
  };
  // One SourceFile-like per file, however many errors it has: its lines are found once (file.lines).
  const sourceFiles = new WeakMap<TextFile, ts.SourceFile>();
  const sourceFileOf = (textFile: TextFile): ts.SourceFile => {
    let file = sourceFiles.get(textFile);
    if (file) return file;
    // Enough of a SourceFile for tsc to print `file(line,col)` and the line (it reads the name and the text),
    // and for a builder to keep it (it reads the paths); the file is no part of the program.
    const { fileName, text, lines } = textFile;
    const lineMap = lines.starts;
    file = {
      fileName,
      text,
      path: fileName,
      resolvedPath: fileName,
      originalFileName: fileName,
      lineMap,
      getLineStarts: () => lineMap,
      getLineAndCharacterOfPosition: (position: number) => {
        const { line, column } = lines.positionOf(position);
        return { line: line - 1, character: column - 1 };
      },
      getPositionOfLineAndCharacter: (line: number, character: number) => (lineMap[line] ?? text.length) + character,
    } as unknown as ts.SourceFile;
    sourceFiles.set(textFile, file);
    return file;
  };
  const errorInFile = (textFile: TextFile, offset: number, { code, text: message }: HonestMessage) => {
    add({ file: sourceFileOf(textFile), start: offset, length: 1, category: ERROR, code, messageText: message, source: "honest" });
    const { line, column } = textFile.lines.positionOf(offset);
    errors.push(`${path.relative(cwd, textFile.fileName).split(path.sep).join("/")}(${line},${column}): error TS${code}: ${message}`);
  };
  return { error: report(ERROR), warning: report(WARNING), errorInSetup, errorInFile, errors };
}
