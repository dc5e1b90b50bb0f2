import { Controller, Get } from "honest";
import type { Cookie, Inject, Json } from "honest";
import type { AppConfig } from "./config/app-config.js";

interface Welcome {
  name: string;
  version: string;
  routes: string;
  /** The `theme` cookie's preference, when the client sent one. */
  theme?: Theme;
}

type Theme = "light" | "dark";

interface Health {
  status: "ok";
}

interface Info {
  name: string;
  version: string;
  node: string;
  uptimeSeconds: number;
}

/** The app's own routes: a welcome, a health check and build information. */
@Controller()
export class HomeController {
  declare readonly config: Inject<AppConfig>;

  /** The app's name and version, with the `theme` cookie's preference when the client sent one. */
  @Get("/")
  async welcome({ theme }: Cookie<{ theme?: Theme }>): Promise<Json<Welcome>> {
    return { name: this.config.name, version: this.config.version, routes: "see the route table printed at startup", theme };
  }

  /** Always `{"status":"ok"}` while the app is up. */
  @Get("/health")
  async health(): Promise<Json<Health>> {
    return { status: "ok" };
  }

  /** The app's name and version, the Node version and how long the app has been up. */
  @Get("/info")
  async info(): Promise<Json<Info>> {
    return {
      name: this.config.name,
      version: this.config.version,
      node: process.version,
      uptimeSeconds: Math.round((Date.now() - this.config.startedAt) / 1000),
    };
  }
}
