/**
 * The `edit` built-in tool: replaces exact text in a file, one edit or several matched against the
 * original content, exact first and fuzzy second, changing only the matched text. Edits to one path are
 * serialised with writes through the shared mutation queue. Imports core, the Workspace seam (type,
 * errors) and the tools' shared helpers only.
 */
import type { FromSchema } from 'json-schema-to-ts';
import {
  type PeerContext,
  type PeerTranslated,
  ToolError,
  type ToolRepairs,
  type ToolReturn,
} from '../core/index.ts';
import type { Workspace } from '../workspace/workspace.ts';
import { applyPatch, PATCH_OUTPUT_SCHEMA, type PatchOutput } from './apply-patch.ts';
import { firstChangedLine, unifiedPatch } from './edit-diff.ts';
import {
  type ComparisonForm,
  closestLines,
  fuzzyForm,
  fuzzyText,
  lineAt,
  lineEndingAt,
  lineEndingForm,
  matchStarts,
  summarizeMatches,
} from './edit-match.ts';
import { onPath, resolvePath, textOf, typeIfExists } from './files.ts';
import { withFileMutation } from './mutation-queue.ts';
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, sanitizeText, splitLines, truncateHead } from './output.ts';
import { APPLY_PATCH, type EditPatchInput, PATCH_PARAMETERS, patchToolCall } from './patch-call.ts';
import { textEditorCall } from './peer-tools.ts';
import {
  type BuiltinSpec,
  type BuiltinTool,
  defineBuiltin,
  PATH_ALIASES,
  type PathParameter,
  pathParameter,
} from './tool.ts';
import { verifyWritten } from './write-verify.ts';

/** The arguments `edit` takes: the `parameters` the model reads (tests pin every word). */
const EDIT_PARAMETERS = {
  type: 'object',
  properties: {
    path: pathParameter('File to edit') as PathParameter,
    oldText: { type: 'string', description: 'Exact text to replace.' },
    newText: { type: 'string', description: 'Text to put in its place.' },
    replaceAll: { type: 'boolean', description: 'Replace every occurrence of oldText. Default: false.' },
    edits: {
      type: 'array',
      minItems: 1,
      description:
        'Several replacements, each matched against the original file. Use instead of oldText/newText.',
      items: {
        type: 'object',
        properties: {
          oldText: { type: 'string', description: 'Exact text to replace.' },
          newText: { type: 'string', description: 'Text to put in its place.' },
          replaceAll: { type: 'boolean', description: 'Replace every occurrence. Default: false.' },
        },
        required: ['oldText', 'newText'],
        additionalProperties: false,
      },
    },
    dryRun: {
      type: 'boolean',
      description: 'Show the diff the edit would make without changing the file. Default: false.',
    },
  },
  required: ['path'],
  additionalProperties: false,
} as const;

/** The arguments a model sends: one replacement, or several in `edits`. */
export type EditInput = FromSchema<typeof EDIT_PARAMETERS>;

/** One of the replacements in `edits`. */
export type EditReplacement = NonNullable<EditInput['edits']>[number];

/** The `edit` tool's spec: the name, description and parameters the model reads, and its effects. */
export const EDIT_SPEC: BuiltinSpec<typeof EDIT_PARAMETERS> = {
  name: 'edit',
  description:
    'Replace exact text in a file. Give oldText and newText, or edits: [{oldText, newText}] for several changes at once. Each oldText must match the file exactly once, including whitespace and indentation; add surrounding lines to make it unique, or set replaceAll to change every occurrence. If any edit fails, the file is left unchanged.',
  parameters: EDIT_PARAMETERS,
  effects: ['read', 'fs_write'],
};

/**
 * The schema of `structured_output` when `edit` succeeds. Not declared to models (see
 * `BuiltinParts.outputSchema`); codemode types `edit`'s results with it.
 */
export const EDIT_OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    path: { type: 'string' },
    replacements: { type: 'integer' },
    first_changed_line: { type: 'integer' },
    dry_run: { type: 'boolean' },
  },
  required: ['path', 'replacements', 'first_changed_line'],
  additionalProperties: false,
} as const;

export type EditOutput = FromSchema<typeof EDIT_OUTPUT_SCHEMA>;

/**
 * The codes of edit's errors (`structured_output.error.code`), a patch's included; a filesystem
 * failure carries the workspace's own code (`ENOSPC`, `ENOTDIR`, ...).
 */
export const EDIT_ERRORS = {
  INVALID_ARGUMENTS: 'INVALID_ARGUMENTS',
  ENOENT: 'ENOENT',
  EISDIR: 'EISDIR',
  BINARY_FILE: 'BINARY_FILE',
  EDIT_NO_CHANGE: 'EDIT_NO_CHANGE',
  EDIT_EMPTY_OLD_TEXT: 'EDIT_EMPTY_OLD_TEXT',
  EDIT_OVERLAP: 'EDIT_OVERLAP',
  EDIT_NOT_UNIQUE: 'EDIT_NOT_UNIQUE',
  EDIT_NOT_FOUND: 'EDIT_NOT_FOUND',
  PATCH_NOT_FOUND: 'PATCH_NOT_FOUND',
  PATCH_WRITE_FAILED: 'PATCH_WRITE_FAILED',
  ABORTED: 'ABORTED',
  WRITE_NOT_VERIFIED: 'WRITE_NOT_VERIFIED',
} as const;

/**
 * The names other agents give edit and its parameters, and the shapes they send them in: arrays of
 * edits, Cline's SEARCH/REPLACE blocks, Codex's patches, Anthropic's text-editor commands.
 */
export const EDIT_REPAIRS: ToolRepairs = {
  aliases: [
    'Edit',
    'edit_file',
    'replace',
    'str_replace',
    'str_replace_editor',
    'str_replace_based_edit_tool',
    'replace_in_file',
    'MultiEdit',
    'multiedit',
    'multi_edit',
    APPLY_PATCH,
  ],
  parameters: {
    path: PATH_ALIASES,
    oldText: ['old_string', 'oldString', 'old_str', 'old_text', 'search'],
    newText: ['new_string', 'newString', 'new_str', 'new_text', 'replace', 'replacement'],
    replaceAll: ['replace_all', 'allow_multiple'],
  },
  drop: ['instruction', 'explanation'],
  convert: [{ kind: 'above', from: 'expected_replacements', to: 'replaceAll', above: 1, value: true }],
  // MultiEdit's and the MCP server's edits spell each replacement's keys their own way too.
  items: { edits: ['oldText', 'newText', 'replaceAll'] },
  peers: {
    "Anthropic's text editor": {
      names: ['str_replace_based_edit_tool', 'str_replace_editor'],
      marker: 'command',
      translate: textEditorCall,
    },
    "Codex's apply_patch": {
      names: [APPLY_PATCH],
      // The freeform tool sends the patch itself, not JSON.
      text: { key: 'input', startsWith: ['*** Begin Patch', '<<'] },
      translate: patchToolCall,
    },
    "Cline's SEARCH/REPLACE blocks": { marker: 'diff', translate: searchReplaceCall },
  },
};

/** Cline's `replace_in_file` sends its edits as `<<<<<<< SEARCH … ======= … >>>>>>> REPLACE` blocks in `diff`. */
function searchReplaceCall(args: Record<string, unknown>, context: PeerContext): PeerTranslated {
  if (!context.has('edits') || context.has('diff') || typeof args.diff !== 'string') return undefined;
  const edits = parseSearchReplaceBlocks(args.diff);
  if (edits.length === 0) return undefined;
  const { diff: _diff, ...rest } = args;
  return { call: { name: context.tool, arguments: { ...rest, edits: rest.edits ?? edits } } };
}

/** The `oldText`/`newText` pair of each SEARCH/REPLACE block. */
function parseSearchReplaceBlocks(diff: string): { oldText: string; newText: string }[] {
  const blocks = /<{3,} SEARCH\r?\n([\s\S]*?)\r?\n?={3,}\r?\n([\s\S]*?)\r?\n?>{3,} REPLACE/g;
  return [...diff.matchAll(blocks)].map((match) => ({ oldText: match[1] ?? '', newText: match[2] ?? '' }));
}

/** Largest file (in UTF-16 units of text) that fuzzy matching is tried on. */
const DEFAULT_MAX_FUZZY_CHARS: number = 2 * 1024 * 1024;

/** Options of {@link createEditTool}. */
export interface EditToolOptions {
  /**
   * Files longer than this many characters are matched exactly only (modulo line endings); the fuzzy
   * form costs memory in proportion to the file. Default: {@link DEFAULT_MAX_FUZZY_CHARS} (2 Mi).
   */
  maxFuzzyChars?: number;
  /**
   * Read the file back after writing and report an error result if it does not hold exactly the bytes
   * written. Default: `true`.
   */
  verify?: boolean;
}

/** One requested replacement, with the name messages use for it (`oldText` or `edits[2].oldText`). */
interface EditRequest {
  oldText: string;
  newText: string;
  replaceAll: boolean;
  index: number;
  label: string;
}

/** One span of the original text and what replaces it. */
interface Replacement {
  start: number;
  end: number;
  text: string;
  edit: EditRequest;
}

const BOM = '\uFEFF';
/** Line numbers listed at most in "matches N places" and success messages. */
const MAX_LISTED_LINES = 10;
/** Line numbers kept at most in the structured data of "matches N places"; `line_count` has them all. */
const MAX_DATA_LINES = 100;
/** Characters of a file line shown at most in "most similar lines". */
const MAX_SHOWN_LINE = 200;
/** Blanks the fuzzy form drops at a line's end (after mapping special spaces to a space). */
const BLANK = /^[ \t\u00A0\u2002-\u200A\u202F\u205F\u3000]$/;

/**
 * Creates the `edit` tool. Takes `{path, oldText, newText, replaceAll?}` or `{path, edits: [...]}`.
 * Each oldText is matched against the original content: exactly (modulo CRLF/LF) first, then in a
 * fuzzy form (NFKC, trailing blanks, smart quotes, dashes, special spaces). Only the matched spans are
 * rewritten; the BOM and each region's line endings are kept. Not found, not unique, overlapping, empty
 * and no-op edits, directories, missing and binary files are error results that leave the file as it
 * was. A Codex `apply_patch` call reaches it parsed, as `{ patch }` (see `./apply-patch.ts`).
 */
export function createEditTool(
  options: EditToolOptions = {},
): BuiltinTool<EditInput | EditPatchInput, EditOutput | PatchOutput, typeof EDIT_ERRORS> {
  const maxFuzzyChars = options.maxFuzzyChars ?? DEFAULT_MAX_FUZZY_CHARS;
  const verify = options.verify ?? true;
  return defineBuiltin(
    EDIT_SPEC,
    {
      errorCodes: EDIT_ERRORS,
      repairs: EDIT_REPAIRS,
      outputSchema: EDIT_OUTPUT_SCHEMA,
      translated: { parameters: PATCH_PARAMETERS, outputSchema: PATCH_OUTPUT_SCHEMA },
    },
    async (input, context) => {
      const workspace = await context.workspace();
      // Codex's apply_patch arrives here parsed (its peer translation in patch-call.ts), never from a model.
      if ('patch' in input) return applyPatch(workspace, input.patch, context.signal, verify);
      const edit = input;
      const { absolute, display } = await resolvePath(workspace, edit.path);
      const requests = parseRequests(edit, display);
      return withFileMutation(workspace, absolute, async () => {
        const decoded = await readText(workspace, absolute, display);
        const bom = decoded.startsWith(BOM);
        const original = bom ? decoded.slice(1) : decoded;
        const { next, lines, count, fuzzy, inOrder } = planEdits(original, requests, display, maxFuzzyChars);
        if (next === original || requests.every((request) => request.oldText === request.newText)) {
          throw new ToolError(
            `No changes made to ${display}: the new text is identical to the text it replaces. Send the change you want in newText.`,
            { code: EDIT_ERRORS.EDIT_NO_CHANGE, data: { path: display } },
          );
        }
        if (edit.dryRun === true) return dryRunResult(display, original, next, count, lines);
        const data = new TextEncoder().encode(bom ? BOM + next : next);
        if (context.signal.aborted) {
          throw new ToolError(`Editing ${display} was aborted before anything was written.`, {
            code: EDIT_ERRORS.ABORTED,
          });
        }
        await onPath(display, () => workspace.writeFile(absolute, data));
        if (verify) await verifyWritten(workspace, absolute, display, data);

        const firstLine = firstChangedLine(original, next);
        const where = listLines(lines);
        const note =
          (fuzzy.length > 0
            ? ` ${joinWords(fuzzy)} matched only after ignoring differences in Unicode form, quotes, dashes, special spaces or trailing whitespace; nothing outside the matched text changed.`
            : '') +
          (inOrder
            ? ' Some oldText matched only the text that the edits before it produced, so the edits were made one after another, in order.'
            : '');
        return {
          output: `Edited ${display}: ${count} replacement${count === 1 ? '' : 's'} (${where}).${note}`,
          structured_output: { path: display, replacements: count, first_changed_line: firstLine },
          details: {
            diff: await unifiedPatch(display, { kind: 'text', text: original }, next),
            first_changed_line: firstLine,
            replacements: count,
            line_count: splitLines(next).length,
            match: fuzzy.length > 0 ? 'fuzzy' : 'exact',
          },
        };
      });
    },
  );
}

/** What `dryRun: true` returns: the diff the edit would make, in the output too, since it is the point. */
async function dryRunResult(
  display: string,
  original: string,
  next: string,
  count: number,
  lines: readonly number[],
): Promise<ToolReturn<EditOutput>> {
  const diff = await unifiedPatch(display, { kind: 'text', text: original }, next);
  const shown = truncateHead(diff, { maxLines: DEFAULT_MAX_LINES, maxBytes: DEFAULT_MAX_BYTES });
  const cut = shown.truncated ? `\n[Diff cut at ${shown.outputLines} lines.]` : '';
  const firstLine = firstChangedLine(original, next);
  return {
    output: `Dry run: ${display} was not changed. The edit would make ${count} replacement${count === 1 ? '' : 's'} (${listLines(lines)}):\n${sanitizeText(shown.content)}${cut}`,
    structured_output: { path: display, replacements: count, first_changed_line: firstLine, dry_run: true },
    details: { diff, first_changed_line: firstLine, replacements: count, dry_run: true },
  };
}

/** The edits the call asks for, in order; malformed shapes are error results saying what to send. */
function parseRequests(args: EditInput, display: string): EditRequest[] {
  const single = args.oldText !== undefined || args.newText !== undefined || args.replaceAll !== undefined;
  const list = args.edits;
  if (single && list !== undefined) {
    throw invalid(
      `Both oldText/newText and edits were sent for ${display}. Send one or the other; for several changes, put each one in edits as {oldText, newText}.`,
    );
  }
  if (!single && (list === undefined || (Array.isArray(list) && list.length === 0))) {
    throw invalid(
      `Nothing to change in ${display}: send oldText and newText (with replaceAll: true to change every occurrence), or edits: [{oldText, newText}, ...] for several changes.`,
    );
  }
  if (single) {
    if (typeof args.oldText !== 'string') {
      throw invalid(
        `oldText is missing for ${display}. Send the exact text to replace, together with newText.`,
      );
    }
    if (typeof args.newText !== 'string') {
      throw invalid(
        `newText is missing for ${display}. Send the text that replaces oldText (an empty string deletes it).`,
      );
    }
    return [
      {
        oldText: args.oldText,
        newText: args.newText,
        replaceAll: args.replaceAll === true,
        index: 0,
        label: 'oldText',
      },
    ];
  }
  if (!Array.isArray(list)) {
    throw invalid(`edits for ${display} must be a list: [{oldText, newText}, ...].`);
  }
  return list.map((item: unknown, index): EditRequest => {
    const edit = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
    if (typeof edit.oldText !== 'string' || typeof edit.newText !== 'string') {
      throw invalid(`edits[${index}] for ${display} needs oldText and newText, both strings.`);
    }
    return {
      oldText: edit.oldText,
      newText: edit.newText,
      replaceAll: edit.replaceAll === true,
      index,
      label: `edits[${index}].oldText`,
    };
  });
}

function invalid(message: string): ToolError {
  return new ToolError(message, { code: EDIT_ERRORS.INVALID_ARGUMENTS });
}

/** The file as text; a directory, a missing file and a binary file are error results. */
async function readText(workspace: Workspace, absolute: string, display: string): Promise<string> {
  const type = await typeIfExists(workspace, absolute, display);
  if (type === undefined) {
    throw new ToolError(
      `${display} does not exist. Check the path with ls or find; to create a new file, use write.`,
      { code: EDIT_ERRORS.ENOENT, data: { path: display } },
    );
  }
  if (type === 'directory') {
    throw new ToolError(`${display} is a directory, not a file. Give the path of a file to edit.`, {
      code: EDIT_ERRORS.EISDIR,
      data: { path: display },
    });
  }
  const bytes = await onPath(display, () => workspace.readFile(absolute));
  const text = textOf(bytes);
  if (text === undefined) {
    throw new ToolError(
      `${display} is not a UTF-8 text file (${bytes.length} bytes with NUL bytes or invalid UTF-8), so edit will not change it. Replace it whole with write, or use bash.`,
      { code: EDIT_ERRORS.BINARY_FILE, data: { path: display, bytes: bytes.length } },
    );
  }
  return text;
}

/**
 * Matches every request against `original` and returns the replacements sorted by position, plus the
 * labels of requests that needed the fuzzy form. Throws the error result of the first request that
 * cannot be matched, or of the first overlap.
 */
function plan(
  original: string,
  requests: readonly EditRequest[],
  display: string,
  maxFuzzyChars: number,
): { replacements: Replacement[]; fuzzy: string[] } {
  let exactForm: ComparisonForm | undefined;
  let fuzzyFormOf: ComparisonForm | undefined;
  const fuzzyAllowed = original.length <= maxFuzzyChars;
  const replacements: Replacement[] = [];
  const fuzzy: string[] = [];
  for (const request of requests) {
    if (request.oldText === '') {
      throw new ToolError(
        `${request.label} is empty, so there is nothing to find in ${display}. To insert text, put a neighbouring line in oldText and that line plus your addition in newText; to create a file, use write.`,
        { code: EDIT_ERRORS.EDIT_EMPTY_OLD_TEXT, data: { path: display, edit: request.index } },
      );
    }
    exactForm ??= lineEndingForm(original);
    let form = exactForm;
    let needle = request.oldText.replaceAll('\r\n', '\n');
    let starts = matchStarts(form.text, needle, request.replaceAll);
    let usedFuzzy = false;
    if (starts.length === 0 && fuzzyAllowed) {
      const fuzzyNeedle = fuzzyText(request.oldText);
      if (fuzzyNeedle !== '') {
        fuzzyFormOf ??= fuzzyForm(original);
        form = fuzzyFormOf;
        needle = fuzzyNeedle;
        starts = matchStarts(form.text, needle, request.replaceAll);
        usedFuzzy = true;
      }
    }
    if (starts.length === 0) throw notFound(original, request, display, fuzzyAllowed);
    if (starts.length > 1 && !request.replaceAll) throw notUnique(original, form, needle, request, display);
    if (usedFuzzy) fuzzy.push(request.label);
    // A replace-all's starts are already disjoint, left to right.
    for (const start of starts) {
      let [from, to] = form.span(start, start + needle.length);
      // The fuzzy form drops oldText's trailing blanks: take as many of the file's blanks at that
      // place with the match, so retyped text like "x = " replaces "x = " and not just "x =".
      for (let blanks = trailingBlanks(request.oldText); usedFuzzy && blanks > 0; blanks -= 1) {
        if (to >= original.length || !BLANK.test(original.charAt(to))) break;
        to += 1;
      }
      const ending = lineEndingAt(original, from);
      const text = request.newText.replaceAll('\r\n', '\n');
      replacements.push({
        start: from,
        end: to,
        text: ending === '\n' ? text : text.replaceAll('\n', '\r\n'),
        edit: request,
      });
    }
  }
  replacements.sort((a, b) => a.start - b.start || a.edit.index - b.edit.index);
  for (let index = 1; index < replacements.length; index += 1) {
    const previous = replacements[index - 1];
    const current = replacements[index];
    if (!previous || !current || current.start >= previous.end) continue;
    const [first, second] = [previous.edit.index, current.edit.index].sort((a, b) => a - b);
    const line = lineAt(original, current.start);
    throw new ToolError(
      first === second
        ? `${current.edit.label} matches overlapping text in ${display} (line ${line}). Make it longer so its matches do not overlap, or change them one at a time.`
        : `edits[${first}] and edits[${second}] overlap in ${display} (line ${line}). Merge them into one edit, or make each oldText cover separate text.`,
      { code: EDIT_ERRORS.EDIT_OVERLAP, data: { path: display, edits: [first, second], line } },
    );
  }
  return { replacements, fuzzy };
}

/** The edited text, where the replacements start (lines of the new text), and how they matched. */
interface PlannedEdits {
  next: string;
  lines: number[];
  count: number;
  fuzzy: string[];
  inOrder: boolean;
}

/**
 * Every edit matched against the original text; when that fails because a later edit's oldText only
 * exists once the edits before it are made (as other agents' multi-edit tools apply them), the edits
 * are made in order instead, each on the result of the previous ones. If that fails too, the error of
 * the first way is thrown.
 */
function planEdits(
  original: string,
  requests: readonly EditRequest[],
  display: string,
  maxFuzzyChars: number,
): PlannedEdits {
  try {
    const { replacements, fuzzy } = plan(original, requests, display, maxFuzzyChars);
    const { text, lines } = apply(original, replacements);
    return { next: text, lines, count: replacements.length, fuzzy, inOrder: false };
  } catch (error) {
    const retry =
      requests.length > 1 &&
      error instanceof ToolError &&
      (error.code === 'EDIT_NOT_FOUND' || error.code === 'EDIT_OVERLAP');
    if (!retry) throw error;
    let text = original;
    let count = 0;
    const fuzzy: string[] = [];
    for (const request of requests) {
      try {
        const planned = plan(text, [request], display, maxFuzzyChars);
        text = apply(text, planned.replacements).text;
        count += planned.replacements.length;
        fuzzy.push(...planned.fuzzy);
      } catch {
        throw error;
      }
    }
    return { next: text, lines: [firstChangedLine(original, text)], count, fuzzy, inOrder: true };
  }
}

/** The new text and the 1-based line (in the new text) where each replacement starts. */
function apply(original: string, replacements: readonly Replacement[]): { text: string; lines: number[] } {
  const parts: string[] = [];
  const lines: number[] = [];
  let line = 1;
  let position = 0;
  for (const replacement of replacements) {
    const kept = original.slice(position, replacement.start);
    parts.push(kept, replacement.text);
    line += countNewlines(kept);
    lines.push(line);
    line += countNewlines(replacement.text);
    position = replacement.end;
  }
  parts.push(original.slice(position));
  return { text: parts.join(''), lines: [...new Set(lines)] };
}

/** How many blanks `text` ends with. */
function trailingBlanks(text: string): number {
  let count = 0;
  while (count < text.length && BLANK.test(text.charAt(text.length - 1 - count))) count += 1;
  return count;
}

function countNewlines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
}

/**
 * The "matches N places" error. The matches are counted in one pass without being kept; the data lists
 * the first {@link MAX_DATA_LINES} of their lines with the total in `line_count`. When counting stopped
 * early (a long self-overlapping oldText), N is "at least N".
 */
function notUnique(
  original: string,
  form: ComparisonForm,
  needle: string,
  request: EditRequest,
  display: string,
): ToolError {
  const summary = summarizeMatches(original, form, needle, Math.max(MAX_DATA_LINES, MAX_LISTED_LINES));
  const where = listLines(summary.lines, summary.lineCount);
  const places = `${summary.complete ? '' : 'at least '}${summary.matches} places`;
  return new ToolError(
    `${request.label} matches ${places} in ${display} (${where}). Add surrounding lines to it so it matches exactly one place, or set replaceAll: true to replace every one.`,
    {
      code: EDIT_ERRORS.EDIT_NOT_UNIQUE,
      data: {
        path: display,
        edit: request.index,
        matches: summary.matches,
        matches_complete: summary.complete,
        line_count: summary.lineCount,
        lines: summary.lines.slice(0, MAX_DATA_LINES),
      },
    },
  );
}

/** The not-found error: the most similar lines, numbered, or a plain "re-read" when none resemble it. */
function notFound(original: string, request: EditRequest, display: string, fuzzyAllowed: boolean): ToolError {
  const head = `${request.label} was not found in ${display}. It must match the file exactly, including whitespace, indentation and line breaks.${fuzzyAllowed ? '' : ` (${display} is too large for approximate matching, so only an exact match was tried.)`}`;
  const closest = closestLines(original, request.oldText);
  const data = { path: display, edit: request.index };
  if (!closest) {
    return new ToolError(
      `${head} No line of ${display} resembles the first line of ${request.label}. Re-read the file with read and copy the text from it exactly.`,
      { code: EDIT_ERRORS.EDIT_NOT_FOUND, data },
    );
  }
  const last = closest.firstLine + closest.lines.length - 1;
  const width = String(last).length;
  const shown = closest.lines.map((line, index) => {
    const clipped = line.length > MAX_SHOWN_LINE ? `${line.slice(0, MAX_SHOWN_LINE)}…` : line;
    return `${String(closest.firstLine + index).padStart(width)} | ${sanitizeText(clipped)}`;
  });
  const range = last === closest.firstLine ? `line ${last}` : `lines ${closest.firstLine}-${last}`;
  const indentation = closest.indentation
    ? ` ${display} indents line ${closest.indentation.line} with ${closest.indentation.file}, but ${request.label} uses ${closest.indentation.file === 'tabs' ? 'spaces' : 'tabs'}: copy the file's indentation exactly.`
    : '';
  return new ToolError(
    [
      `${head}${indentation}`,
      `The most similar text is at ${range} (line numbers are not part of the file):`,
      ...shown,
      `Re-read that part with read (offset=${closest.firstLine}) and copy oldText from it exactly.`,
    ].join('\n'),
    { code: EDIT_ERRORS.EDIT_NOT_FOUND, data: { ...data, closest_line: closest.firstLine } },
  );
}

/** `line 4`, `lines 4, 9 and 20`, `lines 4, 9, ... and 7 more`; `total` when `lines` is only the first of them. */
function listLines(lines: readonly number[], total: number = lines.length): string {
  if (total === 1) return `line ${lines[0]}`;
  const listed = lines.slice(0, MAX_LISTED_LINES).map(String);
  const rest = total - listed.length;
  return `lines ${rest > 0 ? `${listed.join(', ')} and ${rest} more` : joinWords(listed)}`;
}

/** `a`, `a and b`, `a, b and c`. */
function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}
