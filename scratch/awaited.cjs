const ts = require("typescript");
const program = ts.createProgram(["example/src/home.controller.ts"], { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, strict: true, experimentalDecorators: false });
const checker = program.getTypeChecker();
const sf = program.getSourceFile("example/src/home.controller.ts");
const visit = (n) => { if (ts.isReturnStatement(n) && n.expression) { const t = checker.getTypeAtLocation(n.expression); const a = checker.getAwaitedType(t); console.log(n.expression.getText().slice(0,30), checker.typeToString(t), t.flags, a && checker.typeToString(a), a === t); } ts.forEachChild(n, visit); };
visit(sf);
