import { Controller, HttpError, Post, StatusCode } from "honest";
import type { Inject, Json, MaxLength, MinLength, Secret } from "honest";
import type { UserService } from "../users/user.service.js";
import type { TokenService } from "./token-service.js";

/** What signing in sends. */
export interface SignIn {
  name: string & MinLength<1> & MaxLength<64>;
  /** The user's password: a refusal never shows it. */
  password: Secret<string & MinLength<8> & MaxLength<128>>;
}

/** What signing in answers: the bearer token the other routes take. */
export interface Session {
  token: Secret<string>;
}

/** Signing in: a demo user's name and password for their bearer token. */
@Controller()
export class SessionController {
  declare readonly users: Inject<UserService>;
  declare readonly tokens: Inject<TokenService>;

  /** The user's bearer token, for `Authorization: Bearer <token>`; 401 when the name and password do not match. */
  @Post("/session")
  async signIn(body: Json<SignIn>): Promise<Json<Session, 201>> {
    const id = this.users.signIn(body.name, body.password);
    const token = id === undefined ? undefined : this.tokens.tokenOf(id);
    if (token === undefined) throw new HttpError(StatusCode.UNAUTHORIZED, "no user has this name and password");
    return { token };
  }
}
