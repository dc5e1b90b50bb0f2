import type { i64 } from "honest";

export interface User {
  id: i64;
  name: string;
}

/** Users and their posts; a business component injected into PostController. */
export class UserService {
  readonly #users = new Map<bigint, User>([
    [1n, { id: 1n, name: "ada" }],
    [2n, { id: 2n, name: "grace" }],
  ]);

  // The demo users' passwords; a real app keeps a slow hash of each (node:crypto's scrypt) and compares in constant time.
  readonly #passwords = new Map<string, bigint>([
    ["ada:analytical-engine", 1n],
    ["grace:compiler-a-0", 2n],
  ]);

  /** The id of the user with this name and password, if any. */
  signIn(name: string, password: string): bigint | undefined {
    return this.#passwords.get(`${name}:${password}`);
  }

  find(id: bigint): User | undefined {
    return this.#users.get(id);
  }

  postTitle(userId: bigint, postId: bigint): string | undefined {
    return postId >= 1n && postId <= 3n && this.#users.has(userId) ? `post ${postId} of user ${userId}` : undefined;
  }
}
