// `honest/transformer`: the ts-patch plugin (tspc/plugin.ts), at the path users name in tsconfig.json.
export { default, type TransformerExtras } from "./tspc/plugin.js";
