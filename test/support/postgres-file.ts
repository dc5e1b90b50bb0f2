import { afterAll } from "vitest";
import { closeSharedDatabase } from "./example-database.js";

// A setup file of the "postgres" Vitest project: after each test file, the
// pool of the database its apps shared is ended (support/example-database.ts),
// so that no connection outlives the file's worker.

afterAll(() => closeSharedDatabase());
