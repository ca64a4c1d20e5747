/**
 * Other agents' call shapes that need code: the commands of Anthropic's text-editor tool, the MCP
 * reference filesystem server's `tail` and multi-file read, and Cursor's name search. Each is one typed
 * translation function (`PeerTranslation`) that a built-in lists in its repairs' `peers` table, keyed
 * by the peer shape; the translator reads that table, no core step calls into this file. A shape that
 * is one call of a built-in becomes that canonical call; a shape that is several (a `view` that lists a
 * directory, an `insert`, a `tail`) runs them, each through the steps after translation (exposure,
 * validation, policy and approval apply to each), and words a result in the peer's terms where ours
 * would point the model at a command it does not have. Plain renames and defaults are data in each
 * built-in's repairs.
 */
import {
  ERROR_CODES,
  errorResult,
  isPlainObject,
  type PeerRun,
  type PeerTranslated,
  type PeerTranslation,
  successResult,
  type ToolResult,
  toJsonObject,
} from '../core/index.ts';

/** Output characters of `read_multiple_files` before further files are left out. */
const MAX_MULTI_READ_CHARS = 100_000;
/** Commands of Anthropic's text-editor tool that are carried out here. */
const TEXT_EDITOR_COMMANDS = ['view', 'create', 'str_replace', 'insert'] as const;

/** A peer shape that is several calls of the built-ins: the calls, made with `run`, and their result. */
type PeerProgram = (args: Record<string, unknown>, run: PeerRun) => Promise<ToolResult>;

/** The translation of a shape that is always the program `code`. */
function program(code: PeerProgram): PeerTranslation {
  return (args) => ({ run: (run) => code(args, run) });
}

/** Anthropic's `str_replace_based_edit_tool` / `str_replace_editor`: dispatch on `command`. */
export const textEditorCall: PeerTranslation = (args) => {
  const { command, ...rest } = args;
  // A command that is not a string is no text-editor call: the arguments go to edit as sent.
  if (typeof command !== 'string') return undefined;
  if (command === 'view') return { run: (run) => view(rest, run) };
  if (command === 'create') return { run: (run) => create(rest, run) };
  if (command === 'str_replace') return strReplace(rest);
  if (command === 'insert') return { run: (run) => insert(rest, run) };
  if (command === 'undo_edit') {
    return {
      result: refusal(
        'undo_edit is not available here: no history of edits is kept. To revert a change, send str_replace with the changed text as old_str and the previous text as new_str.',
      ),
    };
  }
  return {
    result: refusal(
      `The text-editor command "${command}" is not supported. Use one of: ${TEXT_EDITOR_COMMANDS.join(', ')}.`,
    ),
  };
};

// The programs are constants further down: each is named inside an arrow, read when a call runs.

/** The text editor's `view` called as a tool of its own (read's alias). */
export const viewCall: PeerTranslation = program((args, run) => view(args, run));

/** The text editor's `create` called as a tool of its own (write's alias): it never overwrites. */
export const createCall: PeerTranslation = program((args, run) => create(args, run));

/** MCP `read_text_file` / `read_file` with `tail`: the last N lines (and `head` is a `limit`). */
export const readTailCall: PeerTranslation = program((args, run) => readTail(args, run));

/** MCP `read_multiple_files`: each path read in turn; one failure does not stop the others. */
export const readMultipleCall: PeerTranslation = program((args, run) => readMultiple(args, run));

/** Cursor's `file_search` takes a fuzzy part of a name, not a glob: it matches every name holding it. */
export const fileSearchCall: PeerTranslation = (args, context) => {
  const key = 'pattern' in args ? 'pattern' : 'query';
  const part = args[key];
  if (typeof part !== 'string' || /[*?[{]/.test(part)) return undefined;
  return { call: { name: context.tool, arguments: { ...args, [key]: `**/*${part}*` } } };
};

function refusal(message: string, code: string = ERROR_CODES.INVALID_ARGUMENTS): ToolResult {
  return errorResult(message, { code });
}

function errorCode(result: ToolResult): unknown {
  const error = result.structured_output.error;
  return isPlainObject(error) ? error.code : undefined;
}

/** `view`: a file (optionally a `view_range`), or a directory's listing. */
const view: PeerProgram = async (args, run) => {
  const { view_range: range, ...rest } = args;
  const readArgs: Record<string, unknown> = { ...rest };
  if (range !== undefined) {
    const parsed = parseViewRange(range);
    if (typeof parsed === 'string') return refusal(parsed);
    readArgs.offset = parsed.start;
    if (parsed.end !== -1) readArgs.limit = parsed.end - parsed.start + 1;
  }
  const read = await run('read', readArgs);
  if (errorCode(read) !== 'EISDIR') return read;
  if (range !== undefined) {
    return refusal(
      `view_range cannot be used on a directory, and ${String(args.path)} is one. Send view without view_range to list it.`,
    );
  }
  return run('ls', { path: args.path });
};

/** `[start, end]` with 1 <= start <= end, or end -1 for "to the end of the file"; else the complaint. */
function parseViewRange(range: unknown): { start: number; end: number } | string {
  const values = Array.isArray(range) ? range.map((value) => Number(value)) : [];
  const [start, end] = values;
  if (
    values.length === 2 &&
    start !== undefined &&
    end !== undefined &&
    Number.isInteger(start) &&
    Number.isInteger(end) &&
    start >= 1 &&
    (end === -1 || end >= start)
  ) {
    return { start, end };
  }
  return `Invalid view_range ${JSON.stringify(range)}: send [start, end] with 1 <= start <= end (line numbers, 1-based), or [start, -1] to view to the end of the file.`;
}

/** `create`: a new file only; an existing file is refused and left as it was. */
const create: PeerProgram = async (args, run) => {
  const { file_text: fileText, content, ...rest } = args;
  const text = fileText ?? content;
  if (typeof text !== 'string') {
    return refusal('create needs file_text: the whole content of the new file.');
  }
  const written = await run('write', { ...rest, content: text, overwrite: false });
  if (errorCode(written) !== 'EEXIST') return written;
  return errorResult(
    `${String(args.path)} already exists, so create left it unchanged. To change it, use str_replace or insert; view shows its content.`,
    { code: 'EEXIST', data: { path: String(args.path) } },
  );
};

/** `str_replace`: one edit call; a missing `new_str` deletes `old_str`, as the text editor does. */
function strReplace(args: Record<string, unknown>): PeerTranslated {
  const { old_str: oldText, new_str: newText, ...rest } = args;
  if (typeof oldText !== 'string') {
    return { result: refusal('str_replace needs old_str: the exact text to replace.') };
  }
  return { call: { name: 'edit', arguments: { ...rest, oldText, newText: newText ?? '' } } };
}

/**
 * `insert`: `new_str` as new lines after line `insert_line` (0: before the first line). Done as an
 * edit whose oldText is the lines around that place, widened until they occur once in the file, so
 * the insertion is atomic and keeps the file's line endings.
 */
const insert: PeerProgram = async (args, run) => {
  const { insert_line: rawLine, new_str: text, path } = args;
  const line = Number(rawLine);
  if (rawLine === undefined || rawLine === null || !Number.isInteger(line) || line < 0) {
    return refusal(
      'insert needs insert_line: the line after which new_str goes (0 puts it before the first line).',
    );
  }
  if (typeof text !== 'string') return refusal('insert needs new_str: the text to insert.');
  const probe = await run('read', { path, limit: 1 });
  if (probe.is_error) return probe;
  const total = probe.structured_output.total_lines;
  if (typeof total !== 'number')
    return refusal(`${String(path)} is not a text file, so insert cannot change it.`);
  if (line > total) {
    return refusal(
      `Invalid insert_line ${line}: ${String(path)} has ${total} line${total === 1 ? '' : 's'}, so insert_line must be from 0 (before the first line) to ${total} (after the last).`,
    );
  }
  if (total === 0) return run('write', { path, content: text });
  for (let width = 1; ; width *= 2) {
    const first = Math.max(1, line - width + 1);
    const last = Math.min(total, line + width);
    const page = await run('read', { path, offset: first, limit: last - first + 1 });
    if (page.is_error) return page;
    const content = page.structured_output.content;
    if (typeof content !== 'string' || page.structured_output.end_line !== last) break;
    const { oldText, newText } = insertionEdit(content, line - first + 1, text);
    const edited = await run('edit', { path, oldText, newText });
    if (!edited.is_error) {
      const count = text.split('\n').length;
      const where = line === 0 ? 'before line 1' : `after line ${line}`;
      return {
        ...edited,
        output: `Inserted ${count} line${count === 1 ? '' : 's'} ${where} of ${String(path)}.`,
      };
    }
    const code = errorCode(edited);
    if ((code !== 'EDIT_NOT_UNIQUE' && code !== 'EDIT_EMPTY_OLD_TEXT') || (first === 1 && last === total)) {
      return edited;
    }
  }
  return refusal(
    `insert could not find a unique place for line ${line} of ${String(path)}: the lines around it repeat too often. Use str_replace with a longer old_str instead.`,
  );
};

/**
 * The edit that inserts `text` after the window's line `after` (1-based; 0: before the window's first
 * line). `content` is the window's lines with their endings.
 */
function insertionEdit(content: string, after: number, text: string): { oldText: string; newText: string } {
  const lines = content.split(/(?<=\n)/);
  const before = lines.slice(0, after).join('');
  const rest = lines.slice(after).join('');
  const oldText = withoutFinalEnding(before + rest);
  if (after === 0) return { oldText, newText: `${text}\n${oldText}` };
  const ending = /\r?\n$/.exec(before)?.[0] ?? '';
  const kept = before.slice(0, before.length - ending.length);
  return { oldText, newText: `${kept}\n${text}${withoutFinalEnding(ending + rest)}` };
}

function withoutFinalEnding(text: string): string {
  return text.replace(/\r?\n$/, '');
}

/** The last `tail` lines of a file: its length first, then that page. */
const readTail: PeerProgram = async (args, run) => {
  const { tail, head, limit, ...rest } = args;
  if (head !== undefined || limit !== undefined) {
    return refusal('Send head or tail, not both: head reads the first N lines, tail the last N.');
  }
  const count = Number(tail);
  if (!Number.isInteger(count) || count < 1) {
    return refusal(`tail must be a whole number of lines, at least 1; got ${JSON.stringify(tail)}.`);
  }
  const probe = await run('read', { ...rest, limit: 1 });
  const total = probe.structured_output.total_lines;
  if (probe.is_error || typeof total !== 'number' || total === 0) return probe;
  return run('read', { ...rest, offset: Math.max(1, total - count + 1), limit: count });
};

/** Each of `paths` read in turn, until the output is long enough. */
const readMultiple: PeerProgram = async (args, run) => {
  const paths = args.paths;
  if (!Array.isArray(paths) || paths.length === 0 || !paths.every((path) => typeof path === 'string')) {
    return refusal('read_multiple_files needs paths: a list of file paths, at least one.');
  }
  const sections: string[] = [];
  const files: Record<string, unknown>[] = [];
  const left: string[] = [];
  let used = 0;
  let failed = 0;
  for (const path of paths) {
    if (used > MAX_MULTI_READ_CHARS) {
      left.push(path);
      continue;
    }
    const result = await run('read', { path });
    if (result.is_error) failed += 1;
    const section = `${path}:\n${result.output}`;
    used += section.length;
    sections.push(section);
    files.push({ path, is_error: result.is_error, result: result.structured_output });
  }
  const notice =
    left.length > 0
      ? `\n\n[Not read, to keep this output short: ${left.join(', ')}. Read them in another call.]`
      : '';
  const output = `${sections.join('\n---\n')}${notice}`;
  const details = { files: paths.length, failed };
  if (failed > 0) {
    // Not every file was read, so the call did not do its whole job; the others are still shown.
    return errorResult(output, { code: 'READ_FAILED', data: { files, not_read: left }, details });
  }
  return successResult(output, toJsonObject({ files, not_read: left }), details, 0);
};
