// Configuration, read from the environment once when the app is built.
export class AppConfig {
  readonly name = process.env.APP_NAME ?? "honest example";
  readonly version = process.env.APP_VERSION ?? "1.0.0";
  readonly databaseUrl = process.env.DATABASE_URL;
  readonly startedAt = Date.now();
}
