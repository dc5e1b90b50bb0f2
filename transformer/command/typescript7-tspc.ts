// A tspc set-up on TypeScript 7: ts-patch cannot patch TypeScript 7 (tspc
// crashes inside ts-patch, before honest runs), and TypeScript 7's tsc
// ignores the transform entry. Wherever honest sees such a project
// (`honest check`, `honest init`, the runtime's refusal) it names both ways out.

/** The two ways out, as one sentence. */
export function typescript7WaysOut(typescript6: string): string {
  return (
    `either keep building with tspc on TypeScript 6 (npm install --save-dev typescript@${typescript6}), ` +
    'or build in generator mode on TypeScript 7: `honest generate && tsc`, with import "./honest.generated.js"; ' +
    "in the file that calls createApp() (`npx honest init --typescript7` writes such a project; TypeScript 7: generator mode, https://github.com/honest-ts/honest/blob/main/docs/setup/typescript-7.md)."
  );
}
