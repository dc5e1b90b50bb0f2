import { classRecords } from "../compiled/class-records.js";
import type { InputReaderFunction } from "../inputs/input-reader.js";

// The `Env<T>` fields of a class, recorded by the transformer: field name and
// the reader generated for `T` (docs/guide/configuration.md, "Configuration").
// The injector fills them when it builds the class, after its Inject fields.

export type EnvField = readonly [field: string, read: InputReaderFunction<unknown>];

const envFields = classRecords<EnvField>("honest.env");

export const defineEnvFields = envFields.define;
/** The `Env<T>` fields of `target` and of the classes it extends, base classes first. */
export const envFieldsOf = envFields.of;
