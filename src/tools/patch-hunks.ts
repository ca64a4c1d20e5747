/**
 * How the hunks of a Codex patch's update section are found and applied to one file's text. Like
 * Codex: line by line, each hunk after the previous one (and after its `@@` line), the first place that
 * matches wins; a hunk of only added lines goes at the end of the file; the updated file ends with a line
 * break. Lines are compared exactly, then in edit's fuzzy form (Unicode form, quotes, dashes, special
 * spaces, trailing blanks), then also ignoring indentation. Kept lines stay exactly as they are in the
 * file, and new lines take the line ending of the lines they replace, so CRLF files stay CRLF. Pure
 * functions over strings; imports core and edit's matching helpers only.
 */
import { type PatchChunk, type PatchLine, ToolError } from '../core/index.ts';
import { closestLines, fuzzyText } from './edit-match.ts';
import { sanitizeText } from './output.ts';

/** One line of a file and the line break after it (`''` for a last line without one). */
interface FileLine {
  text: string;
  ending: string;
}

/** A run of file lines `[start, start + count)` and what replaces it. */
interface LineReplacement {
  start: number;
  count: number;
  lines: FileLine[];
}

/** Where a hunk came from, for messages. */
export interface HunkOrigin {
  display: string;
  /** 1-based line of the section header in the patch. */
  patchLine: number;
}

/** Comparison keys tried in turn: exact, fuzzy, fuzzy without indentation. */
const PASSES: readonly ((line: string) => string)[] = [
  (line) => line,
  (line) => fuzzyText(line),
  (line) => fuzzyText(line).trim(),
];
const BOM = '\uFEFF';
/** Lines of a hunk quoted at most in an error. */
const MAX_QUOTED = 20;
const SHOWN_LINE = 200;

/**
 * The new text of a file after its update hunks. Throws a `ToolError` naming the hunk that did not fit.
 * One pass: the file is split, keyed and indexed once (see {@link lineFinder}), each hunk is looked up
 * from where the previous one ended, and the replacements are made in one walk, so the cost grows with
 * the file plus the hunks, not with their product.
 */
export function applyHunks(original: string, chunks: readonly PatchChunk[], origin: HunkOrigin): string {
  const bom = original.startsWith(BOM);
  const body = bom ? original.slice(1) : original;
  const lines = splitFileLines(body);
  const dominant = dominantEnding(body);
  const seek = lineFinder(lines);

  const replacements: LineReplacement[] = [];
  let cursor = 0;
  chunks.forEach((chunk, index) => {
    if (chunk.context !== undefined) {
      const at = seek([chunk.context], cursor, false);
      if (at === undefined) throw contextNotFound(chunk, index, origin);
      cursor = at + 1;
    }
    const found = locate(chunk, cursor, seek);
    if (!found) throw hunkNotFound(body, chunk, index, origin);
    replacements.push(replacementAt(lines, found.start, found.lines, dominant));
    // Added lines at the end do not move the cursor: the next hunk is still searched from here.
    if (Number.isFinite(found.start)) {
      cursor = found.start + found.lines.filter((line) => line.kind !== '+').length;
    }
  });
  const next = applyReplacements(lines, replacements, dominant);
  return (bom ? BOM : '') + next.map((line) => line.text + line.ending).join('');
}

type Seek = (pattern: readonly string[], from: number, atEnd: boolean) => number | undefined;

/**
 * Finds a run of lines in `lines`: the first start ≥ `from` where every line of the pattern matches,
 * pass by pass (exact, fuzzy, fuzzy without indentation); with `atEnd`, the file's end first. Each
 * pass keys the file once and keeps, per key, the ascending positions of the lines that have it, so a
 * lookup reads only the places where the pattern's rarest line occurs from `from` on, not every line
 * to the end of the file: a hunk whose exact form is absent costs a few binary searches.
 */
function lineFinder(lines: readonly FileLine[]): Seek {
  const passes: { keys: string[]; places: Map<string, number[]> }[] = [];
  const passAt = (pass: number): { keys: string[]; places: Map<string, number[]> } => {
    let found = passes[pass];
    if (found === undefined) {
      const keyOf = PASSES[pass] ?? String;
      const keys = lines.map((line) => keyOf(line.text));
      const places = new Map<string, number[]>();
      keys.forEach((key, at) => {
        const list = places.get(key);
        if (list === undefined) places.set(key, [at]);
        else list.push(at);
      });
      found = { keys, places };
      passes[pass] = found;
    }
    return found;
  };
  return (pattern, from, atEnd) => {
    const last = lines.length - pattern.length;
    if (last < 0) return undefined;
    if (pattern.length === 0) return atEnd ? last : from <= last ? from : undefined;
    for (let pass = 0; pass < PASSES.length; pass += 1) {
      const { keys, places } = passAt(pass);
      const wanted = pattern.map(PASSES[pass] ?? String);
      const matchesAt = (start: number): boolean =>
        wanted.every((key, offset) => keys[start + offset] === key);
      if (atEnd && last >= from && matchesAt(last)) return last;
      const start = firstStart(wanted, places, from, last, matchesAt);
      if (start !== undefined) return start;
    }
    return undefined;
  };
}

/**
 * The first start in `[from, last]` where `matchesAt` holds, trying only the places of the pattern's
 * line with the fewest places in range (a match must have that line at start + its offset).
 */
function firstStart(
  wanted: readonly string[],
  places: ReadonlyMap<string, readonly number[]>,
  from: number,
  last: number,
  matchesAt: (start: number) => boolean,
): number | undefined {
  let anchor: { offset: number; list: readonly number[]; begin: number; count: number } | undefined;
  for (const [offset, key] of wanted.entries()) {
    const list = places.get(key);
    if (list === undefined) return undefined;
    const begin = firstAtLeast(list, from + offset);
    const count = firstAtLeast(list, last + offset + 1) - begin;
    if (count === 0) return undefined;
    if (anchor === undefined || count < anchor.count) anchor = { offset, list, begin, count };
  }
  if (anchor === undefined) return undefined;
  for (let at = anchor.begin; at < anchor.begin + anchor.count; at += 1) {
    const start = (anchor.list[at] as number) - anchor.offset;
    if (matchesAt(start)) return start;
  }
  return undefined;
}

/** The index of the first value ≥ `value` in an ascending list (its length when there is none). */
function firstAtLeast(list: readonly number[], value: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((list[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Where a hunk's kept and removed lines are, from `cursor` on. A hunk of only added lines goes at the
 * end. When its lines end with empty ones that the file does not have (the final line break written as
 * a line), it is tried again without them.
 */
function locate(
  chunk: PatchChunk,
  cursor: number,
  seek: Seek,
): { start: number; lines: readonly PatchLine[] } | undefined {
  const attempts = [chunk.lines];
  let trimmed = chunk.lines.length;
  while (trimmed > 0 && chunk.lines[trimmed - 1]?.text === '') trimmed -= 1;
  if (trimmed < chunk.lines.length && trimmed > 0) attempts.push(chunk.lines.slice(0, trimmed));
  for (const lines of attempts) {
    const old = lines.filter((line) => line.kind !== '+').map((line) => line.text);
    if (old.length === 0) return { start: Number.POSITIVE_INFINITY, lines };
    const start = seek(old, cursor, chunk.endOfFile);
    if (start !== undefined) return { start, lines };
  }
  return undefined;
}

/**
 * What replaces the matched lines: kept lines exactly as in the file, added lines with the ending of
 * the lines they replace (else of the next or previous file line). Added lines at the end go after
 * the last line (`start` = infinity).
 */
function replacementAt(
  file: readonly FileLine[],
  matchStart: number,
  hunk: readonly PatchLine[],
  dominant: string,
): LineReplacement {
  const start = Math.min(matchStart, file.length);
  let index = start;
  let removedEnding: string | undefined;
  const lines: FileLine[] = [];
  for (const line of hunk) {
    if (line.kind === ' ') {
      lines.push(file[index] ?? { text: line.text, ending: dominant });
      index += 1;
      removedEnding = undefined;
    } else if (line.kind === '-') {
      removedEnding ??= file[index]?.ending;
      index += 1;
    } else {
      const ending = removedEnding ?? file[index]?.ending ?? file[index - 1]?.ending ?? dominant;
      lines.push({ text: line.text, ending });
    }
  }
  return { start, count: index - start, lines };
}

/** The file with every replacement made, in file order; every line ends with a line break. */
function applyReplacements(
  file: readonly FileLine[],
  replacements: readonly LineReplacement[],
  dominant: string,
): FileLine[] {
  const ordered = [...replacements].sort((a, b) => a.start - b.start);
  const out: FileLine[] = [];
  // Line by line, not `out.push(...lines)`: spreading a file's 200,000 lines as arguments overflows the stack.
  const keep = (from: number, to: number): void => {
    for (let index = from; index < to; index += 1) out.push(file[index] as FileLine);
  };
  let position = 0;
  for (const replacement of ordered) {
    keep(position, replacement.start);
    for (const line of replacement.lines) out.push(line);
    position = Math.max(position, replacement.start + replacement.count);
  }
  keep(position, file.length);
  return out.map((line) => (line.ending === '' ? { text: line.text, ending: dominant } : line));
}

/** `a\r\nb\nc` → `a` + CRLF, `b` + LF, `c` + nothing. A final line break ends the last line. */
function splitFileLines(text: string): FileLine[] {
  const lines: FileLine[] = [];
  let start = 0;
  while (start < text.length) {
    const at = text.indexOf('\n', start);
    if (at === -1) {
      lines.push({ text: text.slice(start), ending: '' });
      break;
    }
    const crlf = at > start && text.charCodeAt(at - 1) === 0x0d;
    lines.push({ text: text.slice(start, crlf ? at - 1 : at), ending: crlf ? '\r\n' : '\n' });
    start = at + 1;
  }
  return lines;
}

/** CRLF when every line break of the file is one; LF otherwise (and for a file without any). */
function dominantEnding(text: string): string {
  const breaks = text.split('\n').length - 1;
  return breaks > 0 && text.split('\r\n').length - 1 === breaks ? '\r\n' : '\n';
}

function hunkName(index: number, origin: HunkOrigin): string {
  return `hunk ${index + 1} of the update of ${origin.display} (line ${origin.patchLine} of the patch)`;
}

function contextNotFound(chunk: PatchChunk, index: number, origin: HunkOrigin): ToolError {
  const after = index > 0 ? ' after the previous hunk' : '';
  return new ToolError(
    `The line '@@ ${chunk.context}' of ${hunkName(index, origin)} was not found in ${origin.display}${after}. No file was changed. Re-read ${origin.display} with read and send the patch again with a line copied from it after '@@ ', or with '@@' alone.`,
    { code: 'PATCH_NOT_FOUND', data: { path: origin.display, hunk: index + 1 } },
  );
}

/** The not-found error: the hunk's lines, then the most similar lines of the file when some resemble them. */
function hunkNotFound(file: string, chunk: PatchChunk, index: number, origin: HunkOrigin): ToolError {
  const old = chunk.lines.filter((line) => line.kind !== '+').map((line) => line.text);
  const quoted = old.slice(0, MAX_QUOTED).map((line) => sanitizeText(clip(line)));
  if (old.length > MAX_QUOTED) quoted.push(`… (${old.length - MAX_QUOTED} more lines)`);
  const after = index > 0 ? ' after the previous hunk' : '';
  const parts = [
    `${capitalize(hunkName(index, origin))} does not match the file: these lines were not found in ${origin.display}${after}:`,
    ...quoted,
  ];
  const closest = closestLines(file, old.join('\n'));
  if (closest) {
    const last = closest.firstLine + closest.lines.length - 1;
    const width = String(last).length;
    parts.push(
      `The most similar text is at ${last === closest.firstLine ? `line ${last}` : `lines ${closest.firstLine}-${last}`} (line numbers are not part of the file):`,
      ...closest.lines.map(
        (line, offset) =>
          `${String(closest.firstLine + offset).padStart(width)} | ${sanitizeText(clip(line))}`,
      ),
    );
  }
  parts.push(
    `No file was changed. Re-read ${origin.display} with read and send the patch again with the ' ' and '-' lines copied from it exactly.`,
  );
  return new ToolError(parts.join('\n'), {
    code: 'PATCH_NOT_FOUND',
    data: { path: origin.display, hunk: index + 1, ...(closest ? { closest_line: closest.firstLine } : {}) },
  });
}

function clip(line: string): string {
  return line.length > SHOWN_LINE ? `${line.slice(0, SHOWN_LINE)}…` : line;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
