/**
 * How edit finds `oldText` in a file: the comparison forms (line endings only, then fuzzy), the map
 * from a match in a comparison form back to the exact span of the original text, and the search for
 * the most similar lines when nothing matched. Pure functions over strings; imports nothing.
 *
 * Every comparison form keeps, for each of its UTF-16 units, the span of original text it came from,
 * so a match is always replaced in the original text and nothing outside that span changes.
 */

/** A text in a comparison form and the way back to the original. */
export interface ComparisonForm {
  /** The normalized text searched in. */
  readonly text: string;
  /** The original span `[start, end)` that the normalized units `[from, to)` came from; `from < to`. */
  span(from: number, to: number): [number, number];
}

/**
 * The line-endings form: every CRLF becomes LF; nothing else changes. Lone CRs are kept. The map is
 * sparse (one entry per CRLF), so even a huge file costs little.
 */
export function lineEndingForm(original: string): ComparisonForm {
  if (!original.includes('\r\n')) return { text: original, span: (from, to) => [from, to] };
  /** Normalized indexes of the LF units that stand for a CRLF pair, ascending. */
  const pairs: number[] = [];
  for (let at = original.indexOf('\r\n'); at !== -1; at = original.indexOf('\r\n', at + 2)) {
    pairs.push(at - pairs.length);
  }
  const text = original.replaceAll('\r\n', '\n');
  return {
    text,
    span: (from, to) => [from + countBelow(pairs, from), to + countBelow(pairs, to)],
  };
}

/** How many sorted `values` are `< limit`. */
function countBelow(values: readonly number[], limit: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((values[middle] ?? 0) < limit) low = middle + 1;
    else high = middle;
  }
  return low;
}

const SINGLE_QUOTES = /[\u2018-\u201B]/;
const DOUBLE_QUOTES = /[\u201C-\u201F]/;
const DASHES = /[\u2010-\u2015\u2212]/;
const SPACES = /[\u00A0\u2002-\u200A\u202F\u205F\u3000]/;
const MARK = /\p{M}/u;

/** One character after fuzzy mapping: smart quotes, dashes and special spaces become ASCII. */
function mapChar(char: string): string {
  if (char.length !== 1) return char;
  if (SINGLE_QUOTES.test(char)) return "'";
  if (DOUBLE_QUOTES.test(char)) return '"';
  if (DASHES.test(char)) return '-';
  if (SPACES.test(char)) return ' ';
  return char;
}

/**
 * The fuzzy form: CRLF → LF, Unicode NFKC (per character with its combining marks), smart single and
 * double quotes → `'` and `"`, Unicode dashes and minus → `-`, special spaces → space, and spaces and
 * tabs at the end of every line dropped. Costs two numbers per character: use on bounded sizes.
 */
export function fuzzyForm(original: string): ComparisonForm {
  if (!NON_ASCII.test(original)) return asciiFuzzyForm(original);
  const units: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let lineStart = 0;
  const dropTrailingBlanks = (): void => {
    while (units.length > lineStart) {
      const last = units[units.length - 1];
      if (last !== ' ' && last !== '\t') break;
      units.pop();
      starts.pop();
      ends.pop();
    }
  };
  let index = 0;
  while (index < original.length) {
    const start = index;
    const code = original.charCodeAt(index);
    if (code === 0x0d && original.charCodeAt(index + 1) === 0x0a) {
      index += 2;
    } else {
      index += code >= 0xd800 && code <= 0xdbff && index + 1 < original.length ? 2 : 1;
      // Combining marks stay with their base character, so NFKC can compose them.
      while (index < original.length && original.charCodeAt(index) >= 0x300) {
        const next = original.codePointAt(index) ?? 0;
        const char = String.fromCodePoint(next);
        if (!MARK.test(char)) break;
        index += char.length;
      }
    }
    const segment = original.slice(start, index);
    if (segment === '\r\n' || segment === '\n') {
      dropTrailingBlanks();
      units.push('\n');
      starts.push(start);
      ends.push(index);
      lineStart = units.length;
      continue;
    }
    const normalized = code < 0x80 && segment.length === 1 ? segment : segment.normalize('NFKC');
    for (const char of normalized) {
      const mapped = mapChar(char);
      for (let unit = 0; unit < mapped.length; unit += 1) {
        units.push(mapped.charAt(unit));
        starts.push(start);
        ends.push(index);
      }
    }
  }
  dropTrailingBlanks();
  return {
    text: units.join(''),
    span: (from, to) => [starts[from] ?? 0, ends[to - 1] ?? 0],
  };
}

/** Any character outside ASCII; ASCII text has a cheaper fuzzy form. */
const NON_ASCII = /[\u0080-\u{10FFFF}]/u;

/**
 * {@link fuzzyForm} of an ASCII text, where NFKC and the character mappings change nothing: only the
 * line breaks and each line's trailing spaces and tabs. Built a line at a time with a map of a few
 * numbers per line instead of two per character, since this is the form of most source files.
 */
function asciiFuzzyForm(original: string): ComparisonForm {
  const parts: string[] = [];
  /** Per line, ascending: its start in the fuzzy text and in the original, its kept length, its break. */
  const fuzzyStarts: number[] = [];
  const originalStarts: number[] = [];
  const keptLengths: number[] = [];
  const breakStarts: number[] = [];
  const breakEnds: number[] = [];
  let fuzzyAt = 0;
  let lineStart = 0;
  while (lineStart <= original.length) {
    const newline = original.indexOf('\n', lineStart);
    const breakEnd = newline === -1 ? original.length : newline + 1;
    let breakStart = newline === -1 ? original.length : newline;
    if (newline > lineStart && original.charCodeAt(newline - 1) === 0x0d) breakStart -= 1;
    let kept = breakStart;
    while (kept > lineStart && (original[kept - 1] === ' ' || original[kept - 1] === '\t')) kept -= 1;
    fuzzyStarts.push(fuzzyAt);
    originalStarts.push(lineStart);
    keptLengths.push(kept - lineStart);
    breakStarts.push(breakStart);
    breakEnds.push(breakEnd);
    parts.push(original.slice(lineStart, kept), newline === -1 ? '' : '\n');
    fuzzyAt += kept - lineStart + (newline === -1 ? 0 : 1);
    if (newline === -1) break;
    lineStart = breakEnd;
  }
  const unit = (index: number): [number, number] => {
    const line = Math.max(0, countBelow(fuzzyStarts, index + 1) - 1);
    const offset = index - (fuzzyStarts[line] ?? 0);
    if (offset < (keptLengths[line] ?? 0)) {
      const at = (originalStarts[line] ?? 0) + offset;
      return [at, at + 1];
    }
    return [breakStarts[line] ?? 0, breakEnds[line] ?? 0];
  };
  return { text: parts.join(''), span: (from, to) => [unit(from)[0], unit(to - 1)[1]] };
}

/** The text of {@link fuzzyForm} alone, for the needle side. */
export function fuzzyText(text: string): string {
  return fuzzyForm(text).text;
}

/** Every index where `needle` starts in `haystack`, overlapping occurrences included. */
export function occurrences(haystack: string, needle: string): number[] {
  const found: number[] = [];
  if (needle === '') return found;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) found.push(at);
  return found;
}

/**
 * Characters compared, as a multiple of the searched text's length plus a fixed allowance, after which
 * counting overlapping matches stops. Confirming each overlapping match costs the needle's length, so
 * counting all of a long self-overlapping needle's matches (`"aaa…"` in `"aaaaaa…"`) is quadratic.
 */
const OVERLAP_WORK_FACTOR = 4;
const OVERLAP_WORK_ALLOWANCE = 1 << 20;

/**
 * The matches of `needle` in `haystack` that edit needs, in time linear in the haystack. For a
 * replace-all: every disjoint occurrence left to right (those it replaces), each search starting where
 * the previous match ends. Otherwise the first two occurrences at most, overlapping included: enough
 * to tell a unique match from an ambiguous one, which {@link summarizeMatches} then describes.
 */
export function matchStarts(haystack: string, needle: string, replaceAll: boolean): number[] {
  const starts: number[] = [];
  if (needle === '') return starts;
  const step = replaceAll ? needle.length : 1;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + step)) {
    starts.push(at);
    if (!replaceAll && starts.length === 2) break;
  }
  return starts;
}

/** What {@link summarizeMatches} found. */
export interface MatchSummary {
  /** Places matched, overlapping ones included. */
  matches: number;
  /** `false` when counting stopped early: there are more than `matches`. */
  complete: boolean;
  /** Distinct lines of the original text the matches start on. */
  lineCount: number;
  /** The first `maxLines` of those lines, 1-based, ascending. */
  lines: number[];
}

/**
 * Counts the places `needle` matches in `form` and the lines of `original` they start on, in one pass
 * and without keeping them: only the first `maxLines` line numbers are kept. Counting stops
 * (`complete: false`) once the characters confirmed pass {@link OVERLAP_WORK_FACTOR} times the
 * searched text's length plus a fixed allowance, which only a long self-overlapping needle reaches.
 */
export function summarizeMatches(
  original: string,
  form: ComparisonForm,
  needle: string,
  maxLines: number,
): MatchSummary {
  const summary: MatchSummary = { matches: 0, complete: true, lineCount: 0, lines: [] };
  if (needle === '') return summary;
  const budget = OVERLAP_WORK_FACTOR * form.text.length + OVERLAP_WORK_ALLOWANCE;
  let line = 1;
  let nextBreak = original.indexOf('\n');
  let lastLine = 0;
  for (let at = form.text.indexOf(needle); at !== -1; at = form.text.indexOf(needle, at + 1)) {
    const [start] = form.span(at, at + needle.length);
    while (nextBreak !== -1 && nextBreak < start) {
      line += 1;
      nextBreak = original.indexOf('\n', nextBreak + 1);
    }
    summary.matches += 1;
    if (line !== lastLine) {
      summary.lineCount += 1;
      if (summary.lines.length < maxLines) summary.lines.push(line);
      lastLine = line;
    }
    if (summary.matches * needle.length > budget) {
      summary.complete = false;
      break;
    }
  }
  return summary;
}

/** The occurrences a replace-all changes: left to right, each starting after the previous one ends. */
export function disjointOccurrences(starts: readonly number[], length: number): number[] {
  const kept: number[] = [];
  let free = 0;
  for (const start of starts) {
    if (start < free) continue;
    kept.push(start);
    free = start + length;
  }
  return kept;
}

/** 1-based line number of `index` in `text`. */
export function lineAt(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) line += 1;
  return line;
}

/** The line ending to write new text with at `index`: that of the next line break, else the previous one. */
export function lineEndingAt(text: string, index: number): '\n' | '\r\n' {
  let at = text.indexOf('\n', index);
  if (at === -1) at = text.lastIndexOf('\n', index - 1);
  return at > 0 && text.charCodeAt(at - 1) === 0x0d ? '\r\n' : '\n';
}

/** What {@link closestLines} found. */
export interface ClosestLines {
  /** 1-based number of the first line of the window. */
  firstLine: number;
  /** The window's lines as they are in the file (line endings removed). */
  lines: string[];
  /** How many of the window's lines equal oldText's (ignoring indentation and fuzzy differences). */
  score: number;
  /**
   * Set when the window matches oldText except for indentation and the file indents with tabs where
   * oldText has spaces (or the other way round): the 1-based line where that shows first.
   */
  indentation?: { line: number; file: 'tabs' | 'spaces' };
}

/** Prefix lengths tried, longest first, when looking for the anchor line. */
const PREFIXES = [Number.POSITIVE_INFINITY, 60, 40, 25, 15, 8];
/** Candidate anchors scored at most, so a common prefix cannot make the search slow. */
const MAX_CANDIDATES = 500;
/** Non-blank lines of oldText tried as anchors, first to last. */
const MAX_ANCHORS = 5;
/** Lines of a window shown at most. */
const MAX_WINDOW = 12;
/**
 * Line comparisons made at most when scoring candidate windows, shared among the candidates: scoring
 * every candidate against every line of a long oldText costs candidates × lines.
 */
const MAX_SCORED_LINES = 100_000;

/**
 * Finds the lines of `file` most like `oldText`, or `undefined` when no line resembles it. The first
 * non-blank lines of oldText are the anchors, tried in order: file lines containing one (compared
 * trimmed and in fuzzy form) are candidates, trying ever shorter prefixes until some line matches; each
 * candidate window is scored by how many of oldText's lines it reproduces (of its first lines only, when
 * oldText is long and there are many candidates), and the best (first on ties) wins.
 */
export function closestLines(file: string, oldText: string): ClosestLines | undefined {
  const oldLines = oldText.replaceAll('\r\n', '\n').split('\n');
  const fileLines = file.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  const comparable = new Map<number, string>();
  const fileKey = (index: number): string => {
    let key = comparable.get(index);
    if (key === undefined) {
      key = fuzzyText(fileLines[index] ?? '').trim();
      comparable.set(index, key);
    }
    return key;
  };
  const oldKeys = oldLines.map((line) => fuzzyText(line).trim());
  // The first non-blank lines of oldText, in order: when the first one differs (a typo, an edited
  // line), a later one that is in the file still finds the region.
  const anchors = oldKeys
    .map((key, index) => ({ key, index }))
    .filter(({ key }) => key !== '')
    .slice(0, MAX_ANCHORS);
  if (anchors.length === 0) return undefined;

  const candidates: { line: number; anchor: number }[] = [];
  searching: for (const length of PREFIXES) {
    for (const { key, index: anchor } of anchors) {
      if (length !== Number.POSITIVE_INFINITY && length >= key.length) continue;
      const prefix = key.slice(0, length).trimEnd();
      for (let index = 0; index < fileLines.length && candidates.length < MAX_CANDIDATES; index += 1) {
        if (fileKey(index).includes(prefix)) candidates.push({ line: index, anchor });
      }
      if (candidates.length > 0) break searching;
    }
  }
  if (candidates.length === 0) return undefined;

  let best: { start: number; score: number } | undefined;
  const scored = Math.min(
    oldKeys.length,
    Math.max(MAX_WINDOW, Math.floor(MAX_SCORED_LINES / candidates.length)),
  );
  for (const { line: candidate, anchor } of candidates) {
    const start = Math.max(0, candidate - anchor);
    let score = 0;
    for (let offset = 0; offset < scored && start + offset < fileLines.length; offset += 1) {
      const key = oldKeys[offset] ?? '';
      const line = fileKey(start + offset);
      if (line === key || (key !== '' && line.includes(key))) score += 1;
    }
    if (!best || score > best.score) best = { start, score };
  }
  if (!best) return undefined;
  const count = Math.min(oldLines.length, MAX_WINDOW, fileLines.length - best.start);
  const lines = fileLines.slice(best.start, best.start + count);
  const result: ClosestLines = { firstLine: best.start + 1, lines, score: best.score };
  const indentation = indentationMismatch(lines, oldLines, best.start);
  if (indentation) result.indentation = indentation;
  return result;
}

/** Tabs-versus-spaces: only when every compared line is equal once its indentation is removed. */
function indentationMismatch(
  fileLines: readonly string[],
  oldLines: readonly string[],
  start: number,
): ClosestLines['indentation'] {
  let found: ClosestLines['indentation'];
  for (let offset = 0; offset < fileLines.length && offset < oldLines.length; offset += 1) {
    const fileLine = fileLines[offset] ?? '';
    const oldLine = oldLines[offset] ?? '';
    if (fuzzyText(fileLine).trim() !== fuzzyText(oldLine).trim()) return undefined;
    if (found) continue;
    const fileIndent = /^[ \t]*/.exec(fileLine)?.[0] ?? '';
    const oldIndent = /^[ \t]*/.exec(oldLine)?.[0] ?? '';
    if (fileIndent.includes('\t') && !oldIndent.includes('\t') && oldIndent !== '') {
      found = { line: start + offset + 1, file: 'tabs' };
    } else if (!fileIndent.includes('\t') && fileIndent !== '' && oldIndent.includes('\t')) {
      found = { line: start + offset + 1, file: 'spaces' };
    }
  }
  return found;
}
