/**
 * Reads a unified patch (the text the `diff` package's `createPatch` makes, as `details.diff` holds it)
 * line by line into rows with old and new line numbers, for display. Rendering only: no diff algorithm.
 */

/** What a row of a unified patch is. */
type DiffRowKind = 'meta' | 'old-file' | 'new-file' | 'hunk' | 'context' | 'added' | 'removed' | 'note';

/** One line of the patch, with its line numbers in the old and the new file where it has them. */
export interface DiffRow {
  kind: DiffRowKind;
  /** The line without its leading `+`, `-` or space (headers keep their whole text). */
  text: string;
  oldLine?: number;
  newLine?: number;
}

/** What {@link parseUnifiedDiff} returns. */
export interface ParsedDiff {
  rows: DiffRow[];
  added: number;
  removed: number;
}

const HUNK = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/** Parses `patch`. Never throws: a line it does not understand becomes a `meta` row. */
export function parseUnifiedDiff(patch: string): ParsedDiff {
  const rows: DiffRow[] = [];
  let oldLine = 0;
  let newLine = 0;
  let inHunk = false;
  let added = 0;
  let removed = 0;
  const lines = patch.split('\n');
  if (lines.at(-1) === '') lines.pop();
  for (const line of lines) {
    const hunk = HUNK.exec(line);
    if (hunk) {
      oldLine = Number(hunk[1]);
      newLine = Number(hunk[2]);
      inHunk = true;
      rows.push({ kind: 'hunk', text: line });
    } else if (inHunk && line.startsWith('+')) {
      rows.push({ kind: 'added', text: line.slice(1), newLine: newLine++ });
      added++;
    } else if (inHunk && line.startsWith('-')) {
      rows.push({ kind: 'removed', text: line.slice(1), oldLine: oldLine++ });
      removed++;
    } else if (inHunk && line.startsWith(' ')) {
      rows.push({ kind: 'context', text: line.slice(1), oldLine: oldLine++, newLine: newLine++ });
    } else if (inHunk && line.startsWith('\\')) {
      rows.push({ kind: 'note', text: line });
    } else if (line.startsWith('--- ')) {
      inHunk = false;
      rows.push({ kind: 'old-file', text: line });
    } else if (line.startsWith('+++ ')) {
      inHunk = false;
      rows.push({ kind: 'new-file', text: line });
    } else {
      if (line !== '') inHunk = false;
      rows.push(
        line === '' && inHunk
          ? { kind: 'context', text: '', oldLine: oldLine++, newLine: newLine++ }
          : { kind: 'meta', text: line },
      );
    }
  }
  return { rows, added, removed };
}
