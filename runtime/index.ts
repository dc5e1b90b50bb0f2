// The public runtime: `import { ... } from "honest"`.
export type { i64, Path, Json, Inject } from "./markers.js";
export { Controller, Get, Post, Put, Delete, Patch, type ControllerOptions } from "./decorators.js";
export { StatusCode } from "./status-code.js";
export { HttpError } from "./http-error.js";
export { createApp, type AppOptions } from "./create-app.js";
export { InjectionError, type Provider } from "./injector.js";
export type { ProblemDocument } from "./problem.js";
export { serve, type ServeOptions, type RunningServer } from "./serve.js";
