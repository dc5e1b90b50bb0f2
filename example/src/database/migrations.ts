import { type Kysely, type Migration, sql } from "kysely";

// The schema's history, in code: Kysely's Migrator runs the ones a database
// has not seen, in the order of their names, each in a transaction, and
// records them in its table `kysely_migration` (docs/guide/databases.md,
// "Migrations"). A migration once released is never edited: a change is a
// new one.

/** The three items a new database starts with. */
export const SAMPLE_ITEMS = [
  { name: "keyboard", price: 49.5, tags: ["input", "usb"], in_stock: true },
  { name: "mouse", price: 19.99, tags: ["input"], in_stock: true },
  { name: "monitor", price: 189, tags: ["display"], in_stock: false },
];

export const migrations: Record<string, Migration> = {
  "0001_items": {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("items")
        .addColumn("id", "bigint", (column) => column.primaryKey().generatedAlwaysAsIdentity())
        .addColumn("name", "text", (column) => column.notNull())
        .addColumn("price", "double precision", (column) => column.notNull())
        .addColumn("tags", sql`text[]`, (column) => column.notNull().defaultTo(sql`'{}'`))
        .addColumn("in_stock", "boolean", (column) => column.notNull().defaultTo(true))
        // Unique: PostgreSQL refuses a second row with the same sku (code 23505), and allows any number without one.
        .addColumn("sku", "text", (column) => column.unique())
        .execute();
    },
  },
  "0002_sample_items": {
    async up(db: Kysely<any>): Promise<void> {
      await db.insertInto("items").values(SAMPLE_ITEMS).execute();
    },
  },
  "0003_stock_counts": {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("stock_counts")
        .addColumn("id", "bigint", (column) => column.primaryKey().generatedAlwaysAsIdentity())
        .addColumn("tick", "timestamptz", (column) => column.notNull())
        .addColumn("instance", "text", (column) => column.notNull())
        .addColumn("taken_at", "timestamptz", (column) => column.notNull())
        .addColumn("items", "integer", (column) => column.notNull())
        .addColumn("in_stock", "integer", (column) => column.notNull())
        .execute();
    },
  },
};
