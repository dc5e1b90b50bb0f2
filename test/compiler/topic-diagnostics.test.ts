import { describe, expect, it } from "vitest";
import { compileFixture } from "../support/compile.js";

// docs/reference/diagnostics.md, "Compile-time diagnostics" (TS991042, and
// TS991014 for a T that cannot travel as JSON): a Topic<T> field honest cannot
// fill, or whose messages it cannot write and read, fails the build at the
// field, the type or the name to change, with what to write instead
// (docs/guide/topics.md, "Declaring a topic"). Each case as tsc prints it:
// file, line, column, code and text.

const HEADER = `import { PerRequest } from "honest";
import type { Topic, i64 } from "honest";
export interface Change { id: i64; name: string }
`;

function printed(name: string, files: Readonly<Record<string, string>>): readonly string[] {
  const compiled = compileFixture(`topic-diagnostics-${name}`, files);
  expect(compiled.diagnostics.filter((diagnostic) => diagnostic.code < 991000)).toEqual([]);
  return compiled.printed;
}

describe("Topic<T> diagnostics", () => {
  it("reports a field honest cannot fill: static, not declare, not readonly, or in a @PerRequest() component", () => {
    expect(
      printed("placement", {
        "src/feed.ts": `${HEADER}
export class Feed {
  static everyone: Topic<Change>;
  readonly assigned!: Topic<Change>;
  declare changing: Topic<Change>;
  declare readonly changes: Topic<Change>;
}
@PerRequest()
export class Work {
  declare readonly changes: Topic<Change>;
}
`,
      }),
    ).toEqual([
      "src/feed.ts(6,10): error TS991042: Feed.everyone: a Topic<T> field must be an instance field with a plain name, declare readonly, as in declare readonly changes: Topic<ItemChange>; honest fills it when it builds the component.",
      "src/feed.ts(7,12): error TS991042: Feed.assigned: a Topic<T> field must be an instance field with a plain name, declare readonly, as in declare readonly changes: Topic<ItemChange>; honest fills it when it builds the component.",
      "src/feed.ts(8,11): error TS991042: Feed.changing: a Topic<T> field must be an instance field with a plain name, declare readonly, as in declare readonly changes: Topic<ItemChange>; honest fills it when it builds the component.",
      "src/feed.ts(13,20): error TS991042: Work.changes: Work is @PerRequest(), built for each request, and a topic lasts as long as the app; declare the Topic<T> field in an app-wide component and reach that component through Inject<T>.",
    ]);
  });

  it("reports a name that is not one string literal, at the name", () => {
    expect(
      printed("name", {
        "src/feed.ts": `${HEADER}
const prefix = "items";
export class Feed {
  declare readonly wide: Topic<Change, string>;
  declare readonly empty: Topic<Change, "">;
  declare readonly computed: Topic<Change, \`\${typeof prefix}.changes\`>;
  declare readonly either: Topic<Change, "a" | "b">;
}
`,
      }),
    ).toEqual([
      'src/feed.ts(7,40): error TS991042: Feed.wide: the name in Topic<Change, string> must be one string literal, not empty, as in Topic<ItemChange, "items.changes">; leave it out and the topic is named "Feed.wide".',
      'src/feed.ts(8,41): error TS991042: Feed.empty: the name in Topic<Change, ""> must be one string literal, not empty, as in Topic<ItemChange, "items.changes">; leave it out and the topic is named "Feed.empty".',
      'src/feed.ts(10,42): error TS991042: Feed.either: the name in Topic<Change, "a" | "b"> must be one string literal, not empty, as in Topic<ItemChange, "items.changes">; leave it out and the topic is named "Feed.either".',
    ]);
  });

  it("reports a T that cannot travel as JSON, at the property to change, as for a body", () => {
    expect(
      printed("json", {
        "src/feed.ts": `${HEADER}
interface Tick { at: Date; run: () => void }
export class Feed {
  declare readonly ticks: Topic<Tick>;
  declare readonly keys: Topic<{ key: symbol }>;
}
`,
      }),
    ).toEqual([
      "src/feed.ts(5,28): error TS991014: Feed.ticks: Topic<Tick> cannot carry its messages: $.run is a function (() => void), which cannot travel as JSON.",
      "src/feed.ts(8,34): error TS991014: Feed.keys: Topic<{ key: symbol }> cannot carry its messages: $.key is a symbol, which cannot travel as JSON.",
    ]);
  });

  it("reports a second field that gives a topic's name another type, naming the first", () => {
    expect(
      printed("conflict", {
        "src/feed.ts": `${HEADER}
export class Feed {
  declare readonly changes: Topic<Change, "items.changes">;
}
`,
        "src/mirror.ts": `import type { Topic } from "honest";
import type { Change } from "./feed.js";
export class Mirror {
  declare readonly same: Topic<Change, "items.changes">;
  declare readonly other: Topic<{ name: string }, "items.changes">;
  declare readonly own: Topic<{ name: string }>;
}
`,
      }),
    ).toEqual([
      'src/mirror.ts(5,51): error TS991042: Mirror.other: the topic "items.changes" carries { name: string } here and Change in Feed.changes; a topic carries one type: give one field another name, or both the same type.',
    ]);
  });
});
