// Where honest is installed, for resolving the swagger-ui-dist package
// beside it (the documentation page's files). A .cts file is CommonJS in
// both of honest's builds (it compiles to .cjs in dist/esm and dist/cjs
// alike), so __filename is defined whichever build loaded it; an ES module
// could only say where it is with import.meta, which the CommonJS build
// cannot compile. Undefined where there is no module file (bundled as an ES
// module, or for a runtime without Node's modules).
export const moduleFile = typeof __filename === "string" ? __filename : undefined;
