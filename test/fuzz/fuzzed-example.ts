import { closeApp } from "honest";
import type { Hono } from "hono";
import { exampleApp, exampleModule } from "../support/example.js";

// The example as the fuzz run drives it: a fresh app per run, its stateful
// components given as providers so that their state can be read and
// compared before and after each request; its items in memory
// (MemoryItemStore, with the database store's refusals), as a fresh
// database per run would cost a second or more.

type Class<T> = new () => T;

export interface Components {
  ItemStore: Class<object>;
  MemoryItemStore: Class<{ all(): unknown[] }>;
  UserService: Class<{ find(id: bigint): unknown }>;
  TodoController: Class<{ list(query: { dueBefore?: Date }): Promise<unknown> }>;
}

export async function loadComponents(): Promise<Components> {
  const [items, memoryItems, users, todos] = await Promise.all([
    exampleModule<Pick<Components, "ItemStore">>("items/item-store.js"),
    exampleModule<Pick<Components, "MemoryItemStore">>("items/memory-item-store.js"),
    exampleModule<Pick<Components, "UserService">>("users/user.service.js"),
    exampleModule<Pick<Components, "TodoController">>("todos/todo.controller.js"),
  ]);
  return { ...items, ...memoryItems, ...users, ...todos };
}

export interface Example {
  app: Hono;
  /** Everything the app keeps between requests, as text: the same text, the same state. */
  state(): Promise<string>;
  /** Closes the app: its scheduled job (the example's stock count, every 2 s) stops, so thousands of runs do not leave thousands ticking. */
  close(): Promise<void>;
}

const USER_IDS = [0n, 1n, 2n, 3n];

/** A fresh app; its stateful components (the item store, the users, the todo list) given as providers. The settings are frozen, so no state. */
export async function freshExample(components: Components): Promise<Example> {
  const items = new components.MemoryItemStore();
  const users = new components.UserService();
  const todos = new components.TodoController();
  const app = await exampleApp({
    providers: [
      [components.ItemStore, items],
      [components.UserService, users],
      [components.TodoController, todos],
    ],
  });
  const state = async () =>
    JSON.stringify(
      { items: items.all(), users: USER_IDS.map((id) => users.find(id)), todos: await todos.list({}) },
      (_key, value: unknown) => (typeof value === "bigint" ? `${value}n` : value),
    );
  return { app, state, close: () => closeApp(app) };
}

/** Own properties of the prototypes a polluting body would reach. */
export function prototypeShape(): string {
  return JSON.stringify([Object.prototype, Array.prototype].map((prototype) => Reflect.ownKeys(prototype).map(String)));
}
