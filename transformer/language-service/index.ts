import type ts from "typescript";
import { languageServicePlugin } from "./plugin.js";

// `honest/language-service`, the TypeScript language-service plugin an
// editor's tsserver loads from tsconfig.json (docs/setup/editor.md, "In your editor"):
//   "plugins": [{ "name": "honest/language-service" }, { "transform": "honest/transformer" }]
// tsserver requires the module and calls what it exports, so this file is
// built only as CommonJS (tsconfig.cjs.json), where `export =` is
// `module.exports =`.

const init: (modules: { typescript: typeof ts }) => ts.server.PluginModule = languageServicePlugin;
export = init;
