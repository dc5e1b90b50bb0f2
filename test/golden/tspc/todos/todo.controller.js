import * as __honest from "honest/internal";
/** A to-do list under a controller prefix (`/api`). */
export class TodoController {
    #todos = [
        { id: 1, title: "write the controllers", done: true, created: new Date("2026-01-05T09:00:00Z"), due: null },
        { id: 2, title: "build with tspc", done: false, created: new Date("2026-01-05T09:30:00Z"), due: new Date("2026-01-09T17:00:00Z") },
    ];
    /** Every to-do; with `?dueBefore=2026-01-10T00:00:00Z`, those due before then. */
    async list({ dueBefore }) {
        return dueBefore === undefined ? this.#todos : this.#todos.filter((todo) => todo.due !== null && todo.due < dueBefore);
    }
    __honest_sync_list({ dueBefore }) {
        return dueBefore === undefined ? this.#todos : this.#todos.filter((todo) => todo.due !== null && todo.due < dueBefore);
    }
}
__honest.defineController(TodoController, {
    routes: [
        { method: "GET", path: "/api/todos", member: "list", operationId: "TodoController_list", synchronous: true, handler: __honest_route_TodoController_list }
    ]
});
function __honest_route_TodoController_list({ controller, controllerMethod, trace }) {
    return function TodoController_list(c) {
        trace?.phase(c, "read inputs");
        const query = __honest.readQuery(c, __honest_query_dueBefore);
        trace?.phase(c, "handler");
        const result = controllerMethod.call(controller, query);
        trace?.phase(c, "write answer");
        return __honest.sendWhenSettled(c, result, __honest.sendJson, __honest_write_Todo_array);
    };
}
function __honest_query_dueBefore(input) {
    const value = {};
    input.one(value, "dueBefore", __honest.dateText, false);
    return value;
}
function __honest_write_Todo_array(value) {
    if (!Array.isArray(value))
        return __honest.writeJson(value);
    let json = "[";
    for (let i = 0; i < value.length; i++) {
        if (i !== 0)
            json += ",";
        json += __honest_write_Todo(value[i]);
    }
    return json + "]";
}
function __honest_write_Todo(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    return "{\"id\":" + __honest.writeNumber(value.id) + ",\"title\":" + __honest.writeString(value.title) + ",\"done\":" + __honest.writeBoolean(value.done) + ",\"created\":" + __honest.writeDate(value.created) + ",\"due\":" + __honest_write_Date_or_null(value.due) + "}";
}
function __honest_write_Date_or_null(value) {
    if (value instanceof Date)
        return __honest.writeDate(value);
    if (value === null)
        return "null";
    return __honest.writeJson(value);
}
