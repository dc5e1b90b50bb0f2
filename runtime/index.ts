// The public runtime: `import { ... } from "honest"`.
export type { i64, Path, Json, Inject, From } from "./declarations/markers.js";
export { Controller, Get, Post, Put, Delete, Patch, type ControllerOptions } from "./declarations/decorators.js";
export { StatusCode } from "./declarations/status-code.js";
export { HttpError } from "./errors/http-error.js";
export { createApp, type AppOptions } from "./app/create-app.js";
export { InjectionError, type Provider } from "./injection/injector.js";
export type { ProblemDocument } from "./errors/problem.js";
export { serve, type ServeOptions, type RunningServer } from "./node/serve.js";
