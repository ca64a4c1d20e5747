/**
 * Codex's `apply_patch` format: the envelope (`*** Begin Patch` … `*** End Patch`) with Add, Delete and
 * Update sections, `*** Move to:`, `@@` hunks and `*** End of File`, taken apart into plain data, and
 * the ways Codex sends it through a shell (`["apply_patch", patch]`, `apply_patch <<'EOF' … EOF`).
 * This is not a unified diff, so no diff library reads it. Pure functions; applying a patch to files is
 * the edit tool's job.
 */

/** One line of an update hunk: kept (`' '`), removed (`'-'`) or added (`'+'`). */
export interface PatchLine {
  kind: ' ' | '-' | '+';
  text: string;
}

/** One `@@` hunk of an update section. */
export interface PatchChunk {
  /** The text after `@@ `: a line the hunk's lines come after (a class or function header, say). */
  context?: string;
  lines: PatchLine[];
  /** `*** End of File` closed the hunk: its lines end the file. */
  endOfFile: boolean;
  /** 1-based line of the patch where the hunk starts, for messages. */
  patchLine: number;
}

/** One file section of a patch. `patchLine` is the 1-based line of its header in the patch. */
export type PatchHunk =
  | { type: 'add'; path: string; content: string; patchLine: number }
  | { type: 'delete'; path: string; patchLine: number }
  | { type: 'update'; path: string; moveTo?: string; chunks: PatchChunk[]; patchLine: number };

/** A patch taken apart; `cwd` is the directory its relative paths start from, when the call named one. */
export interface ParsedPatch {
  hunks: PatchHunk[];
  cwd?: string;
}

/** Why a patch cannot be read; the message is for the model and says what to send instead. */
export class PatchSyntaxError extends Error {}

const BEGIN = '*** Begin Patch';
const END = '*** End Patch';
const ADD = '*** Add File: ';
const DELETE = '*** Delete File: ';
const UPDATE = '*** Update File: ';
const MOVE = '*** Move to: ';
const END_OF_FILE = '*** End of File';
const UNIFIED_RANGE = /^-\d+(?:,\d+)? \+\d+(?:,\d+)? @@/;
const RESEND = 'Nothing was changed; fix it and send the whole patch again.';
const HEADERS = "'*** Add File: {path}', '*** Delete File: {path}', '*** Update File: {path}'";

/**
 * Takes a patch apart. Markers may carry surrounding whitespace; a patch wrapped in a heredoc
 * (`<<'EOF'` … `EOF`) is unwrapped. Throws {@link PatchSyntaxError} naming the line that is wrong.
 */
export function parsePatch(text: string): PatchHunk[] {
  const lines = unwrapHeredoc(text.trim().split(/\r?\n/));
  if (lines[0]?.trim() !== BEGIN) {
    throw new PatchSyntaxError(
      `The first line of the patch must be '${BEGIN}'. Nothing was changed; send the whole patch, from ${BEGIN} to ${END}.`,
    );
  }
  if (lines.length < 2 || lines[lines.length - 1]?.trim() !== END) {
    throw new PatchSyntaxError(
      `The last line of the patch must be '${END}'. Nothing was changed; send the whole patch, from ${BEGIN} to ${END}.`,
    );
  }
  const body = lines.slice(1, -1);
  const hunks: PatchHunk[] = [];
  let index = 0;
  while (index < body.length) {
    const { hunk, next } = parseSection(body, index);
    hunks.push(hunk);
    index = next;
  }
  if (hunks.length === 0) {
    throw new PatchSyntaxError(
      `The patch has no file sections, so no files were modified. Put ${HEADERS} sections between ${BEGIN} and ${END}.`,
    );
  }
  return hunks;
}

/** GPT-4.1 sometimes sends the heredoc with the patch: `<<'EOF'`, the patch, `EOF`. */
function unwrapHeredoc(lines: string[]): string[] {
  const first = lines[0]?.trim();
  const last = lines[lines.length - 1]?.trim() ?? '';
  if (lines.length >= 4 && /^<<(EOF|'EOF'|"EOF")$/.test(first ?? '') && last.endsWith('EOF')) {
    return lines.slice(1, -1);
  }
  return lines;
}

/** The 1-based patch line of `body[index]` (the body starts at line 2). */
function lineOf(index: number): number {
  return index + 2;
}

/** One file section starting at `body[start]`, and the index after it. */
function parseSection(body: readonly string[], start: number): { hunk: PatchHunk; next: number } {
  const header = body[start]?.trim() ?? '';
  const patchLine = lineOf(start);
  if (header.startsWith(ADD)) {
    const path = pathOf(header, ADD, patchLine);
    let index = start + 1;
    const content: string[] = [];
    while (body[index]?.startsWith('+')) {
      content.push(`${body[index]?.slice(1)}\n`);
      index += 1;
    }
    return { hunk: { type: 'add', path, content: content.join(''), patchLine }, next: index };
  }
  if (header.startsWith(DELETE)) {
    return { hunk: { type: 'delete', path: pathOf(header, DELETE, patchLine), patchLine }, next: start + 1 };
  }
  if (header.startsWith(UPDATE)) return parseUpdate(body, start);
  throw new PatchSyntaxError(
    `Line ${patchLine} of the patch, '${header}', is not a valid file header. Valid headers: ${HEADERS}. ${RESEND}`,
  );
}

function pathOf(header: string, marker: string, patchLine: number): string {
  const path = header.slice(marker.length).trim();
  if (path === '') {
    throw new PatchSyntaxError(`Line ${patchLine} of the patch, '${header}', names no file. ${RESEND}`);
  }
  return path;
}

/** An `*** Update File:` section: an optional `*** Move to:` line, then one or more hunks. */
function parseUpdate(body: readonly string[], start: number): { hunk: PatchHunk; next: number } {
  const header = body[start]?.trim() ?? '';
  const patchLine = lineOf(start);
  const path = pathOf(header, UPDATE, patchLine);
  let index = start + 1;
  const move = body[index]?.trim();
  const moveTo = move?.startsWith(MOVE) ? pathOf(move, MOVE, lineOf(index)) : undefined;
  if (moveTo !== undefined) index += 1;
  const chunks: PatchChunk[] = [];
  while (index < body.length) {
    const line = body[index] ?? '';
    if (line.trim() === '') {
      index += 1;
      continue;
    }
    if (line.trim().startsWith('*** ')) break;
    const parsed = parseChunk(body, index, chunks.length === 0);
    chunks.push(parsed.chunk);
    index = parsed.next;
  }
  if (chunks.length === 0) {
    throw new PatchSyntaxError(
      `The update of ${path} (line ${patchLine} of the patch) has no changes: give them as '@@' hunks of ' ', '-' and '+' lines, or leave the section out. ${RESEND}`,
    );
  }
  return {
    hunk: { type: 'update', path, ...(moveTo === undefined ? {} : { moveTo }), chunks, patchLine },
    next: index,
  };
}

/** One hunk: `@@` or `@@ context` (optional for the first), then its lines, maybe `*** End of File`. */
function parseChunk(
  body: readonly string[],
  start: number,
  first: boolean,
): { chunk: PatchChunk; next: number } {
  const opener = body[start] ?? '';
  const marked = opener.trim() === '@@' || opener.startsWith('@@ ');
  if (!marked && !first) {
    throw new PatchSyntaxError(
      `Line ${lineOf(start)} of the patch, '${opener}', should start a hunk with '@@' (or '@@ ' and a line the change comes after). ${RESEND}`,
    );
  }
  // A unified diff's `@@ -12,7 +12,8 @@` says where by numbers, not by a line of the file: no context.
  const header = opener.startsWith('@@ ') ? opener.slice(3) : undefined;
  const context = header !== undefined && UNIFIED_RANGE.test(header) ? undefined : header;
  const chunk: PatchChunk = {
    ...(context === undefined || context.trim() === '' ? {} : { context }),
    lines: [],
    endOfFile: false,
    patchLine: lineOf(start),
  };
  let index = marked ? start + 1 : start;
  for (; index < body.length; index += 1) {
    const line = body[index] ?? '';
    if (line.trim() === END_OF_FILE && chunk.lines.length > 0) {
      chunk.endOfFile = true;
      index += 1;
      break;
    }
    const kind = line === '' ? ' ' : line.charAt(0);
    if (kind !== ' ' && kind !== '-' && kind !== '+') break;
    chunk.lines.push({ kind, text: line.slice(1) });
  }
  if (chunk.lines.length === 0) {
    const found = body[index];
    throw new PatchSyntaxError(
      found === undefined || found.trim().startsWith('*')
        ? `The hunk at line ${lineOf(start)} of the patch has no lines. ${RESEND}`
        : `Line ${lineOf(index)} of the patch, '${found}', is not a hunk line: every line of a hunk starts with ' ' (kept), '-' (removed) or '+' (added). ${RESEND}`,
    );
  }
  return { chunk, next: index };
}
