// Reading the repository's Markdown as GitHub renders it: its headings, the
// anchors GitHub gives them, and its links.

/** Where the repository lives; README.md links to its files as `${REPOSITORY_URL}/blob/main/<path>`. */
export const REPOSITORY_URL = "https://github.com/honest-ts/honest";

/** The lines of a Markdown text that are outside its fenced code blocks (where `# ` starts a shell comment). */
function proseLines(text: string): { line: string; number: number }[] {
  const lines: { line: string; number: number }[] = [];
  let fence: string | undefined;
  text.split("\n").forEach((line, index) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker !== undefined && (fence === undefined || marker.startsWith(fence))) {
      fence = fence === undefined ? marker : undefined;
      return;
    }
    if (fence === undefined) lines.push({ line, number: index + 1 });
  });
  return lines;
}

/** The text of each ATX heading (`## Resolvers`), in order. */
export function markdownHeadings(text: string): string[] {
  return proseLines(text).flatMap(({ line }) => {
    const heading = /^#{1,6} (.+?)\s*#*\s*$/.exec(line)?.[1];
    return heading === undefined ? [] : [heading.trim()];
  });
}

/** A heading's anchor as GitHub writes it: lower case, punctuation but `-` and `_` dropped, each space a `-`. */
export function headingSlug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** Every anchor a Markdown text's headings give it: a repeated one the second time with `-1`, then `-2`. */
export function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const heading of markdownHeadings(text)) {
    const slug = headingSlug(heading);
    const times = seen.get(slug) ?? 0;
    seen.set(slug, times + 1);
    anchors.add(times === 0 ? slug : `${slug}-${times}`);
  }
  return anchors;
}

/** The destination of every inline link and image (`[text](target)`), outside code blocks and code spans. */
export function markdownLinks(text: string): { target: string; line: number }[] {
  return proseLines(text).flatMap(({ line, number }) =>
    [...line.replace(/(`+)[^`]*?\1/g, "").matchAll(/\]\(\s*<?([^()\s<>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(([, target]) => ({
      target: target!,
      line: number,
    })),
  );
}
