// A probe of TypeScript 7's API for generator mode: opens a project through
// TypeScript 7's unstable API (`typescript7/unstable/sync`, a checker in the
// native binary reached over IPC) and lists every @Controller class's routes,
// as honest recognises them (the `@honest` doc-comment tag of what a decorator
// resolves to): method, path, each handler parameter's annotation and type,
// and the declared return type. Then measures how long that took and how many
// IPC requests it made, per API method, once asking one question per request
// and once in batches (the checker's array overloads), and the same questions
// asked of TypeScript 6's checker in-process.
//
//   node bench/ts7/probe.mjs                               (example/tsconfig.json)
//   node bench/scale/generate.mjs 125 && node bench/ts7/probe.mjs bench/scale/.out/n-125/honest/tsconfig.json
//
// Prints the routes of the batched run (both TS7 runs must list the same
// routes, and the TypeScript 6 run too; the probe fails if they differ), then
// the figures. Findings are written up in transformer/analyse/TS7-API-NOTES.md.

import path from "node:path";
import ts from "typescript";
import * as ast from "typescript7/unstable/ast";
import { API, SignatureKind, SymbolFlags } from "typescript7/unstable/sync";

const configPath = path.resolve(process.argv.slice(2).find((argument) => !argument.startsWith("--")) ?? "example/tsconfig.json");
const quiet = process.argv.includes("--quiet");

/** Counts the IPC requests an API instance makes, per method, by wrapping its client. */
function countRequests(api) {
  const counts = new Map();
  const client = api.client;
  for (const name of ["apiRequest", "apiRequestBinary"]) {
    const original = client[name].bind(client);
    client[name] = (method, params) => {
      counts.set(method, (counts.get(method) ?? 0) + 1);
      return original(method, params);
    };
  }
  return counts;
}

/** The `@honest ...` tag in the comment before a declaration's statement. */
function tagOfDeclaration(declaration, syntax) {
  const statement = syntax.isVariableDeclaration(declaration) ? declaration.parent.parent : declaration;
  const text = statement.getSourceFile().text;
  for (const range of syntax.getLeadingCommentRanges(text, statement.pos) ?? []) {
    const tag = /@honest[ \t]+([^\r\n*]+)/.exec(text.slice(range.pos, range.end));
    if (tag) return tag[1].trim();
  }
  return undefined;
}

// Each compiler numbers SyntaxKind differently (TypeScript 7 renumbers about
// half of them), so syntax is recognised through each compiler's own is*
// functions, which have the same names in both.

/** The decorators of a class or member, in either compiler: decorators are modifiers there. */
const decoratorsOf = (node, isDecorator) => (node.modifiers ?? []).filter(isDecorator);

/** TypeScript 7: answers each question with its own request. */
function ts7Questions(project) {
  const { checker, program } = project;
  const tags = new Map();
  return {
    // Only the project's own files are fetched: a declaration file is known by its name, a library's by its metadata.
    sourceFiles: () =>
      program
        .getSourceFileNames()
        .filter((name) => !/\.d\.[mc]?ts$/.test(name) && !program.getSourceFileMetadata(name)?.isFromExternalLibrary)
        .map((name) => program.getSourceFile(name)),
    tagsOfCallees(callees) {
      return callees.map((callee) => {
        const symbol = checker.getSymbolAtLocation(callee);
        if (!symbol) return undefined;
        const target = symbol.flags & SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
        if (!tags.has(target.id)) {
          const declarations = target.declarations.map((handle) => handle.resolve(project)).filter(Boolean);
          tags.set(target.id, declarations.map((node) => tagOfDeclaration(node, ast)).find(Boolean));
        }
        return tags.get(target.id);
      });
    },
    typeTexts: (typeNodes) => typeNodes.map((node) => checker.typeToString(checker.getTypeFromTypeNode(node))),
    returnTypeTexts: (methods) =>
      methods.map((method) => {
        const signature = checker.getSignatureFromDeclaration(method);
        return checker.typeToString(checker.getReturnTypeOfSignature(signature));
      }),
  };
}

/** TypeScript 7: the same questions, each kind asked for all nodes in one request where the API has an array overload. */
function ts7BatchedQuestions(project) {
  const { checker } = project;
  const one = ts7Questions(project);
  const tags = new Map();
  return {
    ...one,
    tagsOfCallees(callees) {
      const symbols = checker.getSymbolAtLocation(callees);
      return symbols.map((symbol) => {
        if (!symbol) return undefined;
        const target = symbol.flags & SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
        if (!tags.has(target.id)) {
          const declarations = target.declarations.map((handle) => handle.resolve(project)).filter(Boolean);
          tags.set(target.id, declarations.map((node) => tagOfDeclaration(node, ast)).find(Boolean));
        }
        return tags.get(target.id);
      });
    },
    // getTypeFromTypeNode has no array overload; a parameter's type is its annotation's.
    typeTexts: (typeNodes) => checker.getTypeAtLocation(typeNodes).map((type) => checker.typeToString(type)),
    returnTypeTexts: (methods) =>
      checker.getTypeAtLocation(methods.map((method) => method.name)).map((type) => {
        const [signature] = checker.getSignaturesOfType(type, SignatureKind.Call);
        return checker.typeToString(checker.getReturnTypeOfSignature(signature));
      }),
  };
}

/** TypeScript 6, in-process, for comparison. */
function ts6Questions(program) {
  const checker = program.getTypeChecker();
  const tags = new Map();
  return {
    sourceFiles: () => program.getSourceFiles().filter((file) => !file.isDeclarationFile && !program.isSourceFileFromExternalLibrary(file)),
    tagsOfCallees: (callees) =>
      callees.map((callee) => {
        const symbol = checker.getSymbolAtLocation(callee);
        if (!symbol) return undefined;
        const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
        if (!tags.has(target)) {
          tags.set(target, (target.declarations ?? []).map((node) => tagOfDeclaration(node, ts)).find(Boolean));
        }
        return tags.get(target);
      }),
    typeTexts: (typeNodes) => typeNodes.map((node) => checker.typeToString(checker.getTypeFromTypeNode(node))),
    returnTypeTexts: (methods) =>
      methods.map((method) => checker.typeToString(checker.getSignatureFromDeclaration(method).getReturnType())),
  };
}

/**
 * The routes of every @Controller class, found the way analyse-program.ts
 * does (every class declaration, its decorators' callees resolved to honest's
 * tagged declarations), with the questions to the checker asked per stage so
 * that a batching implementation can ask them together.
 */
function listRoutes(questions, syntax) {
  const classes = [];
  for (const file of [...questions.sourceFiles()].sort((a, b) => (a.fileName < b.fileName ? -1 : 1))) {
    const visit = (node) => {
      if (syntax.isClassDeclaration(node)) classes.push(node);
      node.forEachChild(visit);
    };
    file.forEachChild(visit);
  }
  const calleeOf = (decorator) => {
    const call = decorator.expression;
    if (!syntax.isCallExpression(call)) return undefined;
    return syntax.isPropertyAccessExpression(call.expression) ? call.expression.name : call.expression;
  };
  // Stage 1: every decorator's callee, on classes and their members.
  const decorated = classes.flatMap((node) =>
    [node, ...node.members].flatMap((target) =>
      decoratorsOf(target, syntax.isDecorator).map((decorator) => ({ node, target, decorator, callee: calleeOf(decorator) })),
    ),
  );
  const withCallee = decorated.filter((entry) => entry.callee);
  const tags = questions.tagsOfCallees(withCallee.map((entry) => entry.callee));
  withCallee.forEach((entry, index) => {
    entry.tag = tags[index];
  });
  const controllers = classes.filter((node) => withCallee.some((entry) => entry.target === node && entry.tag === "Controller"));
  const routes = withCallee.filter((entry) => controllers.includes(entry.node) && /^route \w+$/.test(entry.tag ?? ""));
  // Stage 2: the handlers' parameter and return types.
  const methods = routes.map((route) => route.target);
  const parameters = methods.flatMap((method) => method.parameters.filter((parameter) => parameter.type));
  const typeTexts = questions.typeTexts(parameters.map((parameter) => parameter.type));
  const returnTexts = questions.returnTypeTexts(methods);
  const typeOf = new Map(parameters.map((parameter, index) => [parameter, typeTexts[index]]));
  return routes.map((route, index) => {
    const argument = route.decorator.expression.arguments[0];
    return {
      controller: route.node.name.text,
      method: route.tag.slice("route ".length),
      path: argument && syntax.isStringLiteral(argument) ? argument.text : `(${argument?.getText()})`,
      handler: route.target.name.getText(),
      parameters: route.target.parameters.map((parameter) => ({
        name: parameter.name.getText(),
        annotation: parameter.type?.getText(),
        type: typeOf.get(parameter),
      })),
      returns: returnTexts[index],
    };
  });
}

function runTs7(batched) {
  const started = performance.now();
  const api = new API({ cwd: path.dirname(configPath), collectTiming: true });
  const counts = countRequests(api);
  const snapshot = api.updateSnapshot({ openProjects: [configPath] });
  const project = snapshot.getProject(configPath);
  if (!project) throw new Error(`TypeScript 7 opened no project for ${configPath}`);
  const opened = performance.now();
  const routes = listRoutes(batched ? ts7BatchedQuestions(project) : ts7Questions(project), ast);
  const finished = performance.now();
  const timing = api.getTimingInfo().totals;
  api.close();
  return { routes, openMs: opened - started, analyseMs: finished - opened, counts, timing };
}

function runTs6() {
  const started = performance.now();
  const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  const program = ts.createProgram(config.fileNames, config.options);
  const opened = performance.now();
  const routes = listRoutes(ts6Questions(program), ts);
  return { routes, openMs: opened - started, analyseMs: performance.now() - opened };
}

const one = runTs7(false);
const batched = runTs7(true);
const six = runTs6();
for (const [name, run] of [
  ["TypeScript 7, batched", batched],
  ["TypeScript 6", six],
]) {
  if (JSON.stringify(run.routes) !== JSON.stringify(one.routes)) {
    console.error(`${name} listed other routes than TypeScript 7 one question at a time:`);
    console.error(JSON.stringify({ one: one.routes.slice(0, 3), other: run.routes.slice(0, 3) }, null, 2));
    process.exitCode = 1;
  }
}

if (!quiet) {
  for (const route of batched.routes) {
    const parameters = route.parameters.map((parameter) => `${parameter.name}: ${parameter.annotation} = ${parameter.type}`).join(", ");
    console.log(`${route.method.padEnd(6)} ${route.path}  ${route.controller}.${route.handler}(${parameters}) → ${route.returns}`);
  }
  console.log();
}
const summary = (run) => {
  const requests = [...run.counts.values()].reduce((sum, count) => sum + count, 0);
  const byMethod = [...run.counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([method, count]) => `${method} ${count}`)
    .join(", ");
  return (
    `open ${run.openMs.toFixed(0)} ms, routes ${run.analyseMs.toFixed(0)} ms; ${requests} requests (${(requests / run.routes.length).toFixed(1)} per route), ` +
    `round trips ${run.timing.roundTripMs.toFixed(0)} ms, of which server ${run.timing.serverTimeMs.toFixed(0)} ms; ` +
    `${run.timing.sourceFilesFetched} files fetched, ${run.timing.nodesMaterialized} of ${run.timing.nodesFetched} nodes materialised\n    ${byMethod}`
  );
};
console.log(`${one.routes.length} routes in ${path.relative(process.cwd(), configPath)}`);
console.log(`TypeScript 7.0.2, one question per request: ${summary(one)}`);
console.log(`TypeScript 7.0.2, batched:                  ${summary(batched)}`);
console.log(`TypeScript 6.0.3 in-process:                program ${six.openMs.toFixed(0)} ms, routes ${six.analyseMs.toFixed(0)} ms`);
