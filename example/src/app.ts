import { createApp, type AppOptions } from "honest";

/** The example application: every controller of the compilation, found by the transformer. */
export function createExampleApp(options: Omit<AppOptions, "controllers"> = {}) {
  return createApp(options);
}
