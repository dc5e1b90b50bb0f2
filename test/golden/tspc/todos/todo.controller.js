import * as __honest from "honest/internal";
/** A to-do list under a controller prefix (`/api`). */
export class TodoController {
    #todos = [
        { id: 1, title: "write the controllers", done: true },
        { id: 2, title: "build with tspc", done: false },
    ];
    /** Every to-do. */
    async list() {
        return this.#todos;
    }
    __honest_sync_list() {
        return this.#todos;
    }
}
__honest.defineController(TodoController, {
    routes: [
        { method: "GET", path: "/api/todos", member: "list", synchronous: true, handler: __honest_route_TodoController_list }
    ]
});
function __honest_route_TodoController_list({ controller, controllerMethod }) {
    return function TodoController_list(c) {
        return __honest.sendWhenSettled(c, controllerMethod.call(controller), __honest.sendJson, __honest_write_Todo_array);
    };
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
    return "{\"id\":" + __honest.writeNumber(value.id) + ",\"title\":" + __honest.writeString(value.title) + ",\"done\":" + __honest.writeBoolean(value.done) + "}";
}
