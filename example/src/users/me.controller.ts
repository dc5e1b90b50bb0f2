import { Controller, Get } from "honest";
import type { From, Json } from "honest";
import type { CurrentUser } from "../auth/current-user.js";
import type { User } from "./user.service.js";

/** The signed-in user, behind a resolver that declares a bearer security scheme. */
@Controller()
export class MeController {
  /**
   * The signed-in user: a resolver (CurrentUser) turns the bearer token into a User, or answers 401.
   * @operationId GetCurrentUser
   */
  @Get("/me")
  async me(user: From<CurrentUser>): Promise<Json<User>> {
    return user;
  }
}
