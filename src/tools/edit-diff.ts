/**
 * The unified patches write and edit put in `details.diff` (for the UI, never the model), made with the
 * `diff` package (loaded lazily), and the first line where two texts differ. Imports `diff` only.
 */

/** Lines of context around each hunk. */
const PATCH_CONTEXT = 3;
/**
 * Edit distance (in lines) past which the patch is not computed: diffing two large, unrelated texts
 * costs time quadratic in their size, and a UI cannot show such a patch usefully anyway.
 */
const MAX_EDIT_LENGTH = 5000;

/** What the previous content of a file was, for {@link unifiedPatch}. */
export type PatchBase =
  | { kind: 'text'; text: string }
  | { kind: 'missing' }
  | { kind: 'binary'; bytes: number };

/**
 * A unified patch with `---`/`+++` file headers (no `Index:` line) from `base` to `next` for the file
 * shown as `display`. A created file diffs against `/dev/null` (every line `+`); a binary previous
 * content gives a one-line "Binary file … replaced" note instead of hunks; a patch too large to
 * compute gives a one-line note saying so. Never throws.
 */
export async function unifiedPatch(display: string, base: PatchBase, next: string): Promise<string> {
  if (base.kind === 'binary') {
    return `Binary file ${display} (${base.bytes} bytes) replaced with text (${new TextEncoder().encode(next).length} bytes)\n`;
  }
  const created = base.kind === 'missing';
  // Loaded on the first patch, so the library's root entry stays light.
  const { createTwoFilesPatch, FILE_HEADERS_ONLY } = await import('diff');
  const patch = createTwoFilesPatch(
    created ? '/dev/null' : `a/${display}`,
    `b/${display}`,
    created ? '' : base.text,
    next,
    undefined,
    undefined,
    { context: PATCH_CONTEXT, headerOptions: FILE_HEADERS_ONLY, maxEditLength: MAX_EDIT_LENGTH },
  );
  return patch ?? `Patch of ${display} not computed: more than ${MAX_EDIT_LENGTH} lines changed\n`;
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
