import path from "node:path";
import type ts from "typescript";
import typescript from "typescript";
import { API } from "typescript7/unstable/sync";
import { analyseProgram } from "../../transformer/compiler/analyse/analyse-program.js";
import type { CompilerFacts } from "../../transformer/compiler/facts/compiler-facts.js";
import { typescriptFacts } from "../../transformer/compiler/facts/typescript-facts.js";
import type { DiagnosticSink, HonestMessage } from "../../transformer/compiler/diagnostics.js";
import type { ProgramModel } from "../../transformer/compiler/model.js";
import { typescript7Facts } from "../../transformer/compiler/facts/typescript7-facts.js";

// Generator mode (docs/setup/typescript-7.md, "TypeScript 7: generator mode"): honest's analysis of one project, with either compiler
// answering (transformer/compiler/facts/compiler-facts.ts), as plain data, so that a
// test can prove both give the same model. Nodes in the model are written as
// where they are and what they say: `src/app.ts(3,1) @Get("/")`.

export interface Analysis {
  /** The ProgramModel, its nodes written as `file(line,col) text`. */
  readonly model: unknown;
  /** Every diagnostic, errors and warnings, as `file(line,col): error TS991014: message`, relative to the project's folder. */
  readonly diagnostics: readonly string[];
}

/** The analysis by TypeScript 6, in-process, of the project of a tsconfig.json; `options` override the file's. */
export function analyseWithTypeScript6(configPath: string, options: ts.CompilerOptions = {}): Analysis {
  const config = typescript.getParsedCommandLineOfConfigFile(configPath, options, {
    ...typescript.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(typescript.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    },
  })!;
  const program = typescript.createProgram(config.fileNames, config.options);
  return analyse(typescriptFacts(program), path.dirname(configPath));
}

/** The analysis by TypeScript 7, through its API (a native process asked over IPC); also how many requests it took. */
export function analyseWithTypeScript7(configPath: string): Analysis & { readonly requests: number } {
  const api = new API({ cwd: path.dirname(configPath), collectTiming: true });
  try {
    const project = api.updateSnapshot({ openProjects: [configPath] }).getProject(configPath);
    if (!project) throw new Error(`TypeScript 7 opened no project for ${configPath}`);
    const analysis = analyse(typescript7Facts(project), path.dirname(configPath));
    return { ...analysis, requests: api.getTimingInfo().totals.requestCount };
  } finally {
    api.close();
  }
}

function analyse(facts: CompilerFacts, projectDir: string): Analysis {
  const where = (node: ts.Node): string => {
    const file = node.getSourceFile();
    const { line, character } = file.getLineAndCharacterOfPosition(node.getStart(file));
    return `${path.relative(projectDir, file.fileName).split(path.sep).join("/")}(${line + 1},${character + 1})`;
  };
  const diagnostics: string[] = [];
  const errors: string[] = [];
  const record =
    (category: "error" | "warning") =>
    (node: ts.Node, { code, text: message }: HonestMessage): void => {
      const line = `${where(node)}: ${category} TS${code}: ${message}`;
      diagnostics.push(line);
      if (category === "error") errors.push(line);
    };
  const sink: DiagnosticSink = {
    error: record("error"),
    warning: record("warning"),
    errorInSetup: ({ code, text: message }) => {
      diagnostics.push(`error TS${code}: ${message}`);
      errors.push(`error TS${code}: ${message}`);
    },
    errorInFile: ({ fileName }, offset, { code, text: message }) => {
      diagnostics.push(`${fileName}@${offset}: error TS${code}: ${message}`);
      errors.push(`${fileName}@${offset}: error TS${code}: ${message}`);
    },
    errors,
  };
  return { model: plain(analyseProgram(facts, sink), where), diagnostics };
}

/** The model with each node written as where it is and its text. */
function plain(model: ProgramModel, where: (node: ts.Node) => string): unknown {
  const node = (value: ts.Node) => `${where(value)} ${value.getText()}`;
  return {
    controllers: model.controllers.map((controller) => ({
      ...controller,
      node: where(controller.node),
      fileName: where(controller.node).replace(/\(.*$/, ""),
      use: controller.use.map(node),
      routes: controller.routes.map((route) => ({
        ...route,
        declaration: where(route.declaration),
        decorator: node(route.decorator),
        use: route.use.map(node),
        parameters: route.parameters.map((parameter) =>
          parameter.kind === "resolver"
            ? { ...parameter, declaration: where(parameter.declaration), node: node(parameter.node) }
            : parameter,
        ),
        ...(route.conditional?.validator && {
          conditional: {
            ...route.conditional,
            validator: {
              ...route.conditional.validator,
              declaration: where(route.conditional.validator.declaration),
              node: node(route.conditional.validator.node),
            },
          },
        }),
      })),
    })),
    injectables: model.injectables.map((injectable) => ({ ...injectable, node: where(injectable.node) })),
    createAppCalls: model.createAppCalls.map((call) => ({ ...call, node: node(call.node) })),
    shapes: model.shapes,
    decorators: model.decorators.map(node),
    errors: model.errors,
  };
}
