// The public runtime: `import { ... } from "honest"`. Nothing it imports
// reaches node:* or @hono/node-server at run time, so an app bundles for any
// Hono runtime; the Node server is "honest/node" (runtime/node.ts). The
// documentation page asks for Node's fs through process.getBuiltinModule,
// only when createApp({ openapi: { docs } }) is called.
export type {
  i64,
  Path,
  Json,
  Inject,
  Current,
  From,
  Query,
  Header,
  Cookie,
  Form,
  Sse,
  Ndjson,
  SseEvent,
  Env,
  Secret,
  Topic,
  TopicMessage,
  TopicSubscription,
  SubscribeOptions,
} from "./declarations/markers.js";
export type {
  MinLength,
  MaxLength,
  Pattern,
  Format,
  StringFormat,
  Minimum,
  Maximum,
  ExclusiveMinimum,
  ExclusiveMaximum,
  MultipleOf,
  Integer,
  MinItems,
  MaxItems,
  MinProperties,
  MaxProperties,
} from "./declarations/constraints.js";
export type { OffsetPaging, CursorPaging, Paged } from "./declarations/paging.js";
export {
  Controller,
  Get,
  Post,
  Put,
  Delete,
  Patch,
  Socket,
  Use,
  PerRequest,
  RateLimit,
  Version,
  Sunset,
  BodyETag,
  CacheControl,
  type ControllerOptions,
  type RateLimitOptions,
  type SunsetOptions,
} from "./declarations/decorators.js";
export { forwardedFor, type ClientAddress } from "./rate-limit/client-address.js";
export { Every, Cron, type Interval } from "./declarations/schedule-decorators.js";
export type { RequestEnd } from "./injection/request-end.js";
export type { Connection, MessageProblem } from "./declarations/connection.js";
export { StatusCode } from "./declarations/status-code.js";
export { HttpError } from "./errors/http-error.js";
export { Download, download, type DownloadOptions, type DownloadSource } from "./response/download.js";
export { etag, lastModified, type ETag, type LastModified, type Validators } from "./conditional/validators.js";
export { MissedMessages } from "./topics/missed-messages.js";
export { createApp, type AppOptions } from "./app/create-app.js";
export type { ComponentLookup, RedisOption } from "./redis/app-redis.js";
export { appReady, closeApp } from "./lifecycle/app-in-tests.js";
export { componentOf } from "./lifecycle/app-components.js";
export type { EnvironmentVariables } from "./configuration/environment-variables.js";
export type { OpenApiOptions } from "./openapi/openapi-options.js";
export type { HealthOptions } from "./health/health-options.js";
export type { TracingOption } from "./tracing/app-tracing.js";
export type { HealthCheck } from "./health/health-check.js";
export { InjectionError, type Provider } from "./injection/injector.js";
export type { ProblemDocument } from "./errors/problem.js";
export type { Problem, BodyFault, ErrorRenderer } from "./errors/error-answers.js";
export type { ErrorFormat, ErrorFormatEntry } from "./errors/error-format.js";
export type { FailedCheck } from "./errors/failed-check.js";
export type { SecurityScheme, OAuthFlow } from "./declarations/security-scheme.js";
export { Logger, type LoggerOption, type LoggerOptions, type LogLevel } from "./telemetry/logger.js";
export { logUser } from "./telemetry/log-user.js";
export type { RequestIdOptions } from "./telemetry/request-id.js";
