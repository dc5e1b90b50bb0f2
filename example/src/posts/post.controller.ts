import { Controller, Get, HttpError, StatusCode } from "honest";
import type { i64, Inject, Json, Path } from "honest";
import type { AppConfig } from "../config/app-config.js";
import type { UserService } from "../users/user.service.js";

export interface Post {
  id: i64;
  userId: i64;
  author: string;
  title: string;
  site: string;
}

/** Users' posts, by two i64 path parameters. */
@Controller()
export class PostController {
  declare readonly users: Inject<UserService>;
  declare readonly config: Inject<AppConfig>;

  /** One post of a user; a 404 when the user has no such post. */
  @Get("/users/{user_id}/posts/{post_id}")
  async get([userId, postId]: Path<[i64, i64]>): Promise<Json<Post>> {
    const user = this.users.find(userId);
    const title = this.users.postTitle(userId, postId);
    if (!user || title === undefined) throw new HttpError(StatusCode.NOT_FOUND, `user ${userId} has no post ${postId}`);
    return { id: postId, userId, author: user.name, title, site: this.config.name };
  }
}
