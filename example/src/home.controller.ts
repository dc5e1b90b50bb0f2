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

@Controller()
export class HomeController {
  declare readonly config: Inject<AppConfig>;

  @Get("/")
  async welcome({ theme }: Cookie<{ theme?: Theme }>): Promise<Json<Welcome>> {
    return { name: this.config.name, version: this.config.version, routes: "see the route table printed at startup", theme };
  }

  @Get("/health")
  async health(): Promise<Json<Health>> {
    return { status: "ok" };
  }

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
