import type { HonestMessage } from "../diagnostics.js";
import { messages } from "../diagnostic-messages.js";

// Route paths as users write them: `/users/{user_id}/posts/{post_id}`. Each
// placeholder is a whole segment whose name is an identifier; the Hono path
// is the same with `:name` segments.

export type ParsedRoutePath =
  | { readonly ok: true; readonly honoPath: string; readonly placeholders: readonly string[] }
  | { readonly ok: false; readonly mistake: HonestMessage };

const PLACEHOLDER = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

export function parseRoutePath(path: string): ParsedRoutePath {
  if (!path.startsWith("/")) return { ok: false, mistake: messages.MalformedPath.noLeadingSlash({ path }) };
  if (path !== "/" && path.split("/").slice(1).includes("")) return { ok: false, mistake: messages.MalformedPath.emptySegment({ path }) };
  const placeholders: string[] = [];
  const segments = path.split("/").map((segment) => {
    const placeholder = PLACEHOLDER.exec(segment);
    if (placeholder) {
      placeholders.push(placeholder[1]!);
      return `:${placeholder[1]}`;
    }
    if (segment.includes("{") || segment.includes("}")) return undefined;
    if (segment.includes(":") || segment.includes("*") || segment.includes("?")) return undefined;
    return segment;
  });
  const bad = segments.indexOf(undefined);
  if (bad !== -1) {
    return { ok: false, mistake: messages.MalformedPath.malformedSegment({ path, segment: path.split("/")[bad]! }) };
  }
  const duplicate = placeholders.find((name, index) => placeholders.indexOf(name) !== index);
  if (duplicate !== undefined) return { ok: false, mistake: messages.MalformedPath.repeatedPlaceholder({ path, name: duplicate }) };
  return { ok: true, honoPath: segments.join("/"), placeholders };
}
