import { Controller, Get } from "honest";
import type { Json } from "honest";

export interface Todo {
  id: number;
  title: string;
  done: boolean;
}

/** A to-do list under a controller prefix (`/api`). */
@Controller({ prefix: "/api" })
export class TodoController {
  readonly #todos: Todo[] = [
    { id: 1, title: "write the controllers", done: true },
    { id: 2, title: "build with tspc", done: false },
  ];

  /** Every to-do. */
  @Get("/todos")
  async list(): Promise<Json<Todo[]>> {
    return this.#todos;
  }
}
