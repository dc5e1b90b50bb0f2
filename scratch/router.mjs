import { RegExpRouter } from "hono/router/reg-exp-router";
const r = new RegExpRouter();
const routes = [["GET","/"],["GET","/health"],["GET","/info"],["GET","/api/todos"],["GET","/items"],["GET","/items/:id"],["GET","/items/tagged/:tag"],["GET","/items/sorted/:order"],["GET","/items/in-stock/:inStock"],["GET","/items/:id/quote/:quantity"],["POST","/items"],["PUT","/items/:id"],["PATCH","/items/:id"],["DELETE","/items/:id"],["GET","/users/:user_id/posts/:post_id"]];
for (const [m,p] of routes) r.add(m,p,p);
try { console.log(r.match("GET","/items/42")); } catch (e) { console.log("fail", e.name, e.message); }
