import path from "node:path";
import type ts from "typescript";
import { API } from "typescript7/unstable/sync";
import type { DiagnosticSink, HonestCode } from "../../transformer/diagnostics.js";
import { analyseParameters } from "../../transformer/analyse/analyse-parameters.js";
import { analyseResponse } from "../../transformer/analyse/analyse-response.js";
import type { AnalysisContext } from "../../transformer/analyse/analysis-context.js";
import type { CompilerFacts } from "../../transformer/analyse/compiler-facts.js";
import { HonestSymbols } from "../../transformer/analyse/honest-symbols.js";
import { JsonShapes } from "../../transformer/analyse/json-shapes.js";
import { joinPaths, parseRoutePath } from "../../transformer/analyse/route-path.js";
import { typescriptFacts } from "../../transformer/analyse/typescript-facts.js";
import { typescript7Facts } from "../../transformer/ts7/typescript7-facts.js";
import typescript from "typescript";

// Issue 20's spike: the part of analysis that reads compiler facts so far
// (recognition, parameters, responses, JSON shapes, constraints, doc
// comments), run over one project by either compiler, so that a test can
// prove both give the same model. Controllers and routes are found here with
// the facts' syntax, as analyse-program.ts and analyse-controller.ts will once
// they read facts too; a route taking From<R> is listed by its markers only,
// since resolvers are not read through facts yet.

export interface SliceRoute {
  readonly label: string;
  readonly parameters: unknown;
  readonly response: unknown;
}

export interface Slice {
  readonly routes: readonly SliceRoute[];
  readonly shapes: unknown;
  /** `file(line,col): error TS991014: message`, relative to the project's folder. */
  readonly diagnostics: readonly string[];
}

/** The slice as TypeScript 6 analyses the project of a tsconfig.json, in-process; `options` override the file's. */
export function sliceWithTypeScript6(configPath: string, options: ts.CompilerOptions = {}): Slice {
  const config = typescript.getParsedCommandLineOfConfigFile(configPath, options, {
    ...typescript.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(typescript.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    },
  })!;
  const program = typescript.createProgram(config.fileNames, config.options);
  return analyseSlice(typescriptFacts(program), path.dirname(configPath));
}

/** The slice as TypeScript 7 analyses it, through its API (a native process asked over IPC); also how many requests that took. */
export function sliceWithTypeScript7(configPath: string): Slice & { readonly requests: number } {
  const api = new API({ cwd: path.dirname(configPath), collectTiming: true });
  try {
    const project = api.updateSnapshot({ openProjects: [configPath] }).getProject(configPath);
    if (!project) throw new Error(`TypeScript 7 opened no project for ${configPath}`);
    const slice = analyseSlice(typescript7Facts(project), path.dirname(configPath));
    return { ...slice, requests: api.getTimingInfo().totals.requestCount };
  } finally {
    api.close();
  }
}

function analyseSlice(facts: CompilerFacts, projectDir: string): Slice {
  const diagnostics: string[] = [];
  const record =
    (category: "error" | "warning") =>
    (node: ts.Node, code: HonestCode, message: string): void => {
      const file = node.getSourceFile();
      const { line, character } = file.getLineAndCharacterOfPosition(node.getStart(file));
      const name = path.relative(projectDir, file.fileName).split(path.sep).join("/");
      diagnostics.push(`${name}(${line + 1},${character + 1}): ${category} TS${code}: ${message}`);
    };
  const sink: DiagnosticSink = {
    error: record("error"),
    warning: record("warning"),
    errorInSetup: (code, message) => diagnostics.push(`error TS${code}: ${message}`),
    errors: diagnostics,
  };
  const symbols = new HonestSymbols(facts);
  // Only the steps that read facts run here, so TypeScript 6's checker is never asked for.
  const context: AnalysisContext = {
    facts,
    checker: undefined as unknown as ts.TypeChecker,
    symbols,
    shapes: new JsonShapes(symbols),
    sink,
  };
  const { syntax } = facts;
  const routes: SliceRoute[] = [];
  for (const file of facts.sourceFiles()) {
    const visit = (node: ts.Node): void => {
      if (syntax.isClassDeclaration(node)) routes.push(...controllerRoutes(context, node));
      syntax.forEachChild(node, visit);
    };
    visit(file);
  }
  return { routes, shapes: context.shapes.table(), diagnostics };
}

function controllerRoutes(context: AnalysisContext, node: ts.ClassDeclaration): SliceRoute[] {
  const { syntax } = context.facts;
  const tagOf = (decorator: ts.Decorator) =>
    syntax.isCallExpression(decorator.expression) ? context.symbols.tagOfCall(decorator.expression) : undefined;
  const controller = syntax.decoratorsOf(node).find((decorator) => tagOf(decorator) === "Controller");
  if (!controller || !node.name) return [];
  const options = (controller.expression as ts.CallExpression).arguments[0];
  const prefixProperty =
    options && syntax.isObjectLiteralExpression(options)
      ? options.properties.find((property) => syntax.isPropertyAssignment(property) && property.name.getText() === "prefix")
      : undefined;
  const prefix =
    prefixProperty && syntax.isPropertyAssignment(prefixProperty) && syntax.isStringLiteralLike(prefixProperty.initializer)
      ? prefixProperty.initializer.text
      : "";
  const routes: SliceRoute[] = [];
  for (const member of node.members) {
    if (!syntax.isMethodDeclaration(member)) continue;
    for (const decorator of syntax.decoratorsOf(member)) {
      const method = /^route (\w+)$/.exec(tagOf(decorator) ?? "")?.[1];
      const argument = (decorator.expression as ts.CallExpression).arguments[0];
      if (!method || !argument || !syntax.isStringLiteralLike(argument)) continue;
      const parsed = parseRoutePath(argument.text);
      const label = `${method} ${joinPaths(prefix, argument.text)} (${node.name.text}.${member.name.getText()})`;
      const markers = member.parameters.map((parameter) => parameter.type && context.symbols.markerOf(parameter.type)?.tag);
      const parameters =
        parsed.ok && !markers.includes("From")
          ? analyseParameters(context, member, label, parsed.placeholders)
          : { markers: markers.map((marker) => marker ?? null) };
      const response = analyseResponse(context, member, label);
      routes.push({ label, parameters, response: response && "problem" in response ? { problem: response.problem } : response });
    }
  }
  return routes;
}
