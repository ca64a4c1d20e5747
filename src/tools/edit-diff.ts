/**
 * The unified patches write and edit put in `details.diff` (for the UI, never the model), made with the
 * `diff` package (loaded lazily), and the first line where two texts differ. Imports `diff` only.
 */

/** Lines of context around each hunk. */
const PATCH_CONTEXT = 3;
/**
 * Edit distance (in lines) past which the patch is not computed, however small the texts: the diff
 * costs time in proportion to the square of the lines changed, and a UI cannot show such a patch
 * usefully anyway. In the playground the patch is made on the page's main thread: at 1,000 a 2,000-line
 * file took about 100 ms (200 on a busy machine), at 600 about a third of that.
 */
const MAX_EDIT_LENGTH = 600;
/**
 * Bound on lines changed × lines compared: the diff also costs time in proportion to that product, so
 * the edit distance tried shrinks as the texts grow (250 lines changed for two 80,000-line texts).
 */
const MAX_DIFF_WORK = 40_000_000;

/** What the previous content of a file was, for {@link unifiedPatch}. */
export type PatchBase =
  | { kind: 'text'; text: string }
  | { kind: 'missing' }
  | { kind: 'binary'; bytes: number };

/**
 * A unified patch with `---`/`+++` file headers (no `Index:` line) from `base` to `next` for the file
 * shown as `display`. A created file diffs against `/dev/null` (every line `+`); a binary previous
 * content gives a one-line "Binary file … replaced" note instead of hunks; a patch too costly to
 * compute (more lines changed than {@link MAX_DIFF_WORK} allows for the texts' size) gives a one-line
 * note saying so. Never throws.
 */
export async function unifiedPatch(display: string, base: PatchBase, next: string): Promise<string> {
  if (base.kind === 'binary') {
    return `Binary file ${display} (${base.bytes} bytes) replaced with text (${new TextEncoder().encode(next).length} bytes)\n`;
  }
  const created = base.kind === 'missing';
  const previous = created ? '' : base.text;
  const previousLines = lineCount(previous);
  const nextLines = lineCount(next);
  const maxEditLength = Math.min(
    MAX_EDIT_LENGTH,
    Math.max(1, Math.floor(MAX_DIFF_WORK / Math.max(1, previousLines + nextLines))),
  );
  // Loaded on the first patch, so the library's root entry stays light.
  const { createTwoFilesPatch, FILE_HEADERS_ONLY } = await import('diff');
  const patch = createTwoFilesPatch(
    created ? '/dev/null' : `a/${display}`,
    `b/${display}`,
    previous,
    next,
    undefined,
    undefined,
    { context: PATCH_CONTEXT, headerOptions: FILE_HEADERS_ONLY, maxEditLength },
  );
  return (
    patch ??
    `Patch of ${display} not computed: more than ${maxEditLength} lines changed, the limit for a diff of ${previousLines} and ${nextLines} lines\n`
  );
}

/** Lines of `text` as the diff counts them: a last line without a line break counts too. */
function lineCount(text: string): number {
  let count = text.length > 0 && !text.endsWith('\n') ? 1 : 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
}

/** 1-based line (in `next`) of the first character where `previous` and `next` differ; 0 when equal. */
export function firstChangedLine(previous: string, next: string): number {
  const length = Math.min(previous.length, next.length);
  let index = 0;
  while (index < length && previous.charCodeAt(index) === next.charCodeAt(index)) index += 1;
  if (index === length && previous.length === next.length) return 0;
  let line = 1;
  for (let at = next.indexOf('\n'); at !== -1 && at < index; at = next.indexOf('\n', at + 1)) line += 1;
  return line;
}
