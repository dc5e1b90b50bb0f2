import { Controller, Get } from "honest";
import type { Json, Query } from "honest";

export interface Todo {
  id: number;
  title: string;
  done: boolean;
  /** When it was written down: an RFC 3339 date-time in JSON, a Date in the handler. */
  created: Date;
  /** When it is due, if ever. */
  due: Date | null;
}

/** A to-do list under a controller prefix (`/api`). */
@Controller({ prefix: "/api" })
export class TodoController {
  readonly #todos: Todo[] = [
    { id: 1, title: "write the controllers", done: true, created: new Date("2026-01-05T09:00:00Z"), due: null },
    { id: 2, title: "build with tspc", done: false, created: new Date("2026-01-05T09:30:00Z"), due: new Date("2026-01-09T17:00:00Z") },
  ];

  /** Every to-do; with `?dueBefore=2026-01-10T00:00:00Z`, those due before then. */
  @Get("/todos")
  async list({ dueBefore }: Query<{ dueBefore?: Date }>): Promise<Json<Todo[]>> {
    return dueBefore === undefined ? this.#todos : this.#todos.filter((todo) => todo.due !== null && todo.due < dueBefore);
  }
}
