// What a resolver may declare as `static readonly securityScheme`, so the
// OpenAPI document says how its routes are protected (docs/guide/openapi-and-clients.md, "OpenAPI and
// clients"). These are OpenAPI 3.1's Security Scheme Objects; the transformer
// reads the value from its type, so write it `as const`.

interface SchemeDescription {
  readonly description?: string;
}

export interface OAuthFlow {
  readonly authorizationUrl?: string;
  readonly tokenUrl?: string;
  readonly refreshUrl?: string;
  readonly scopes: { readonly [scope: string]: string };
}

export type SecurityScheme =
  | (SchemeDescription & { readonly type: "http"; readonly scheme: string; readonly bearerFormat?: string })
  | (SchemeDescription & { readonly type: "apiKey"; readonly name: string; readonly in: "query" | "header" | "cookie" })
  | (SchemeDescription & {
      readonly type: "oauth2";
      readonly flows: {
        readonly implicit?: OAuthFlow;
        readonly password?: OAuthFlow;
        readonly clientCredentials?: OAuthFlow;
        readonly authorizationCode?: OAuthFlow;
      };
    })
  | (SchemeDescription & { readonly type: "openIdConnect"; readonly openIdConnectUrl: string })
  | (SchemeDescription & { readonly type: "mutualTLS" });
