import fs from "node:fs";
import path from "node:path";
import type { HonestMessage } from "../diagnostics.js";
import { messages } from "../diagnostic-messages.js";
import type { CommittedDocumentName } from "./breaking-change-gate.js";
import type { DocumentInfo, DocumentLicense, DocumentServer } from "./openapi-document.js";
import type { OpenapiVersion } from "./stream-content.js";

// The plugin entry's `openapi` option (docs/guide/openapi-and-clients.md, "OpenAPI and clients"):
//   { "transform": "honest/transformer", "openapi": "openapi.json" }
//   { "transform": "honest/transformer", "openapi": { "file": "openapi.json", "title": "Shop", "version": "2.1.0" } }
//   { ..., "summary": "...", "termsOfService": "https://...", "license": "Apache-2.0",
//     "contact": { "name": "API team", "url": "https://...", "email": "api@example.com" } }
//   { ..., "license": { "name": "MIT License", "url": "https://opensource.org/licenses/MIT" } }: a License Object
//   { ..., "servers": [{ "url": "/api", "description": "..." }] }: where the routes are, `/` unless given
//   { ..., "against": "openapi.json" }: the committed document to check for breaking changes
//     (docs/guide/openapi-and-clients.md, "Stopping a breaking change").
//   { ..., "openapiVersion": "3.2" }: an OpenAPI 3.2 document, which describes streams by their items
//     (docs/guide/openapi-and-clients.md, "Streams in the document"); 3.1 unless set.
// The files are relative to the tsconfig.json; the title and version default
// to the name and version in the nearest package.json, and so does the
// description when the title is not given; the license is the package's
// unless one is given. Each field is written alone, as given: a description
// needs no summary, nor a summary a description.

export interface OpenapiSettings {
  /** Where to write the document; undefined when only `createApp({ openapi })` needs it. */
  readonly file: string | undefined;
  readonly info: DocumentInfo;
  /** The document's `servers`; undefined for OpenAPI's own default, the root of the host that serves it. */
  readonly servers?: readonly DocumentServer[];
  /** The committed document the program's must not break; undefined when not checked. */
  readonly against?: CommittedDocumentName;
  /** The OpenAPI version written: "3.1" unless the option asks for "3.2". */
  readonly openapiVersion: OpenapiVersion;
}

export type OpenapiSettingsRead = { readonly settings: OpenapiSettings } | { readonly mistake: HonestMessage };

/** The settings from the plugin entry `config`; relative paths start at `projectDirectory`, the tsconfig.json's folder. */
export function readOpenapiSettings(projectDirectory: string, config: unknown): OpenapiSettingsRead {
  const option = typeof config === "object" && config !== null ? (config as { openapi?: unknown }).openapi : undefined;
  const given = typeof option === "string" ? { file: option } : option;
  if (given !== undefined && (typeof given !== "object" || given === null || Array.isArray(given))) {
    return { mistake: messages.PluginOptions.notAnObject({ option }) };
  }
  const fields = (given ?? {}) as Partial<Record<TextField, string>> & {
    readonly contact?: Readonly<Record<ContactField, string>>;
    readonly license?: string | DocumentLicense;
    readonly servers?: readonly DocumentServer[];
    readonly openapiVersion?: OpenapiVersion;
  };
  for (const [name, value] of Object.entries(fields)) {
    const valid =
      name === "contact"
        ? isContact(value)
        : name === "license"
          ? isText(value) || isLicense(value)
          : name === "servers"
            ? Array.isArray(value) && value.length > 0 && value.every(isServer)
            : name === "openapiVersion"
              ? value === "3.1" || value === "3.2"
              : (TEXT_FIELDS as readonly string[]).includes(name) && isText(value);
    if (!valid) return { mistake: messages.PluginOptions.field({ name, value }) };
  }
  const manifest = nearestPackageJson(projectDirectory);
  const license = fields.license ?? manifest.license;
  // A package's description describes the API only when the API goes by the package's name.
  const description = fields.description ?? (fields.title === undefined ? manifest.description : undefined);
  return {
    settings: {
      file: fields.file === undefined ? undefined : path.resolve(projectDirectory, fields.file),
      ...(fields.against !== undefined && { against: { file: path.resolve(projectDirectory, fields.against), name: fields.against } }),
      openapiVersion: fields.openapiVersion ?? "3.1",
      ...(fields.servers !== undefined && { servers: fields.servers.map((server) => ({ ...server })) }),
      info: {
        title: fields.title ?? manifest.name ?? "API",
        version: fields.version ?? manifest.version ?? "0.0.0",
        ...(fields.summary !== undefined && { summary: fields.summary }),
        ...(description !== undefined && { description }),
        ...(fields.termsOfService !== undefined && { termsOfService: fields.termsOfService }),
        ...(fields.contact !== undefined && { contact: { ...fields.contact } }),
        ...(license !== undefined && { license: typeof license === "string" ? licenseObject(license) : { ...license } }),
      },
    },
  };
}

const TEXT_FIELDS = ["file", "against", "title", "version", "summary", "description", "termsOfService"] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const CONTACT_FIELDS = ["name", "url", "email"] as const;
type ContactField = (typeof CONTACT_FIELDS)[number];

function isText(value: unknown): value is string {
  return typeof value === "string" && value !== "";
}

/** An object whose every field is one of `names` and a non-empty string, with at least one. */
function isTextObject(value: unknown, names: readonly string[]): value is Readonly<Record<string, string>> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return entries.length > 0 && entries.every(([name, text]) => names.includes(name) && isText(text));
}

/** OpenAPI's Contact Object: some of name, url and email, each a non-empty string. */
function isContact(value: unknown): boolean {
  return isTextObject(value, CONTACT_FIELDS);
}

/** OpenAPI 3.1's License Object: a name, and a url or an SPDX identifier, which the specification lets it have only one of. */
function isLicense(value: unknown): value is DocumentLicense {
  return isTextObject(value, ["name", "url", "identifier"]) && "name" in value && !("url" in value && "identifier" in value);
}

/** OpenAPI's Server Object: a url, and a description if you like. Server variables are not written (docs/reference/options.md). */
function isServer(value: unknown): value is DocumentServer {
  return isTextObject(value, ["url", "description"]) && "url" in value;
}

interface Manifest {
  readonly name?: string;
  readonly version?: string;
  readonly description?: string;
  readonly license?: string;
}

function nearestPackageJson(directory: string): Manifest {
  for (let current = directory; ; current = path.dirname(current)) {
    const file = path.join(current, "package.json");
    if (fs.existsSync(file)) {
      try {
        const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
        const text = (name: string) =>
          typeof manifest[name] === "string" && manifest[name] !== "" ? (manifest[name] as string) : undefined;
        return { name: text("name"), version: text("version"), description: text("description"), license: text("license") };
      } catch {
        return {};
      }
    }
    if (path.dirname(current) === current) return {};
  }
}

/**
 * package.json's `license` as OpenAPI's License Object: an SPDX expression
 * (`MIT`, `(MIT OR Apache-2.0)`) is also its `identifier`; npm's two other
 * forms, `UNLICENSED` and `SEE LICENSE IN <file>`, are only a name.
 */
function licenseObject(license: string): DocumentLicense {
  return license === "UNLICENSED" || license.startsWith("SEE LICENSE IN") ? { name: license } : { name: license, identifier: license };
}
