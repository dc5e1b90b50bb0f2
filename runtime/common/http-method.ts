// The HTTP methods a route decorator declares, for the runtime's route
// definitions and the transformer's model alike.

export const HTTP_METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH"] as const;

export type HttpMethod = (typeof HTTP_METHODS)[number];

export function isHttpMethod(text: string): text is HttpMethod {
  return (HTTP_METHODS as readonly string[]).includes(text);
}
