/**
 * The `read` built-in tool: a page of a text file, or an image as base64 data. Imports core, the
 * Workspace seam (type, errors) and the tools' shared helpers only.
 *
 * Text is paged by byte offsets: lines are found by scanning the bytes for LF, and only the page shown
 * is decoded, so a large file costs one byte scan and one validity check, never a full decode into a
 * string. A file over {@link LARGE_FILE_BYTES} (decided from `stat`) on a backend with
 * `readFileRange` is never loaded whole: it is scanned a chunk at a time, then only the page is read. The model gets the lines without line-number prefixes and with CRLF shown as LF, so what it
 * reads can be pasted into edit's oldText as is (edit matches LF against CRLF). `structured_output`
 * keeps each shown line's own ending, so a program concatenating consecutive pages gets the file back
 * (except a UTF-8 BOM and the rest of a clipped over-long line).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { ToolError, type ToolRepairs, type ToolReturn } from '../core/index.ts';
import { formatSize } from '../shared/index.ts';
import { typeOfPath, WorkspaceError } from '../workspace/workspace.ts';
import { fsError, onPath, resolvePath } from './files.ts';
import { detectImageMimeType, encodeBase64 } from './images.ts';
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, sanitizeText } from './output.ts';
import { readMultipleCall, readTailCall, viewCall } from './peer-tools.ts';
import {
  type BuiltinSpec,
  type BuiltinTool,
  defineBuiltin,
  PATH_ALIASES,
  type PathParameter,
  pathParameter,
} from './tool.ts';

/** The arguments `read` takes: the `parameters` the model reads (tests pin every word). */
const READ_PARAMETERS = {
  type: 'object',
  properties: {
    path: pathParameter('File to read') as PathParameter,
    offset: { type: 'integer', minimum: 1, description: 'Line to start from, 1-based. Default: 1.' },
    limit: { type: 'integer', minimum: 1, description: 'Maximum number of lines to return.' },
  },
  required: ['path'],
  additionalProperties: false,
} as const;

export type ReadInput = FromSchema<typeof READ_PARAMETERS>;

/** The `read` tool's spec: the name, description and parameters the model reads, and its effects. */
export const READ_SPEC: BuiltinSpec<typeof READ_PARAMETERS> = {
  name: 'read',
  description:
    'Read a text file or an image from the workspace. Text comes back as it is in the file, without line numbers: up to 2000 lines or 50 KB, whichever comes first; use offset and limit to page through longer files. Images (PNG, JPEG, GIF, WebP) come back as image data. Use ls for directories.',
  parameters: READ_PARAMETERS,
  effects: ['read'],
};

/**
 * The schema of `structured_output` when `read` succeeds: a page of text, or an image. Not declared
 * to models (see `BuiltinParts.outputSchema`); codemode types `read`'s results with it.
 */
export const READ_OUTPUT_SCHEMA = {
  anyOf: [
    {
      type: 'object',
      properties: {
        path: { type: 'string' },
        content: { type: 'string' },
        start_line: { type: 'integer' },
        end_line: { type: 'integer' },
        total_lines: { type: 'integer' },
        truncated: { type: 'boolean' },
      },
      required: ['path', 'content', 'start_line', 'end_line', 'total_lines', 'truncated'],
      additionalProperties: false,
    },
    {
      type: 'object',
      properties: {
        path: { type: 'string' },
        mime_type: { type: 'string' },
        data_base64: { type: 'string' },
        bytes: { type: 'integer' },
      },
      required: ['path', 'mime_type', 'data_base64', 'bytes'],
      additionalProperties: false,
    },
  ],
} as const;

export type ReadOutput = FromSchema<typeof READ_OUTPUT_SCHEMA>;

/**
 * The codes of read's errors (`structured_output.error.code`); a filesystem failure carries the
 * workspace's own code (`ENOENT`, `EISDIR`, ...).
 */
export const READ_ERRORS = {
  BINARY_FILE: 'BINARY_FILE',
  IMAGE_TOO_LARGE: 'IMAGE_TOO_LARGE',
  OFFSET_OUT_OF_RANGE: 'OFFSET_OUT_OF_RANGE',
  /** Several files asked for at once (`read_multiple_files`), and some of them could not be read. */
  READ_FAILED: 'READ_FAILED',
} as const;

/** The names other agents give read and its parameters, and the shapes they send them in. */
export const READ_REPAIRS: ToolRepairs = {
  aliases: ['Read', 'read_file', 'read_text_file', 'read_multiple_files', 'view'],
  parameters: {
    path: PATH_ALIASES,
    offset: ['start_line', 'startLine', 'start_line_one_indexed'],
    limit: ['line_limit', 'head'],
  },
  drop: ['mode', 'indentation', 'should_read_entire_file'],
  // A `view_range` or an end line becomes the `limit` from `offset`.
  convert: [
    { kind: 'range', from: 'view_range', start: 'offset', to: 'limit' },
    {
      kind: 'lastLine',
      from: ['end_line', 'endLine', 'end_line_one_indexed_inclusive'],
      start: 'offset',
      to: 'limit',
    },
  ],
  peers: {
    "Anthropic's text editor: view": { names: ['view'], translate: viewCall },
    'MCP filesystem: read_text_file with tail': {
      names: ['read_text_file', 'read_file'],
      marker: 'tail',
      translate: readTailCall,
    },
    'MCP filesystem: read_multiple_files': { names: ['read_multiple_files'], translate: readMultipleCall },
  },
};

/** Largest image, in bytes, that read returns as data. */
const DEFAULT_MAX_IMAGE_BYTES: number = 5 * 1024 * 1024;

/** Options of {@link createReadTool}. */
export interface ReadToolOptions {
  /** Lines shown per call at most. Default: {@link DEFAULT_MAX_LINES} (2,000). */
  maxLines?: number;
  /** UTF-8 bytes of text shown per call at most; a longer single line is clipped. Default: {@link DEFAULT_MAX_BYTES} (50 KB). */
  maxBytes?: number;
  /** Largest image returned as base64 data; a larger one is an error result. Default: {@link DEFAULT_MAX_IMAGE_BYTES} (5 MiB). */
  maxImageBytes?: number;
  /**
   * Files larger than this (by `stat`) are paged with ranged reads when the backend offers
   * `readFileRange`, never loaded whole. Default: {@link LARGE_FILE_BYTES} (8 MiB).
   */
  largeFileBytes?: number;
  /** Bytes per ranged read while scanning a large file. Default: 1 MiB. */
  chunkBytes?: number;
}

/** Leading bytes searched for NUL when deciding whether a file is binary. */
const SNIFF_BYTES = 8192;
/** Bytes decoded per step when checking that a whole file is UTF-8; also the chunk of a ranged scan. */
const VALIDATE_CHUNK = 1024 * 1024;
const LF = 0x0a;
/** Files larger than this are read in ranges when the backend can (`Workspace.readFileRange`). */
const LARGE_FILE_BYTES: number = 8 * 1024 * 1024;

/**
 * Creates the `read` tool. Text: up to `maxLines` lines or `maxBytes` bytes from `offset` (1-based),
 * with a notice naming the shown range and the offset to continue from. A directory, a missing file, a
 * binary file and an offset past the end are error results. PNG, JPEG, GIF and WebP files (recognised
 * by their bytes, not their name) return `{path, mime_type, data_base64, bytes}`. The spill directory
 * of the workspace is readable too.
 */
export function createReadTool(
  options: ReadToolOptions = {},
): BuiltinTool<ReadInput, ReadOutput, typeof READ_ERRORS> {
  const maxLines = options.maxLines ?? DEFAULT_MAX_LINES;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxImageBytes = options.maxImageBytes ?? DEFAULT_MAX_IMAGE_BYTES;
  const largeFileBytes = options.largeFileBytes ?? LARGE_FILE_BYTES;
  const chunkBytes = Math.max(1, options.chunkBytes ?? VALIDATE_CHUNK);
  return defineBuiltin(
    READ_SPEC,
    { errorCodes: READ_ERRORS, repairs: READ_REPAIRS, outputSchema: READ_OUTPUT_SCHEMA },
    async (input, context) => {
      const workspace = await context.workspace();
      const target = await resolvePath(workspace, input.path, { allow: [workspace.spillDir] });
      const { absolute, display } = target;
      const readRange = workspace.readFileRange?.bind(workspace);
      // The size matters only to page a large file with ranged reads; without them the type is enough
      // (a backend without stat would otherwise read the file twice).
      const stat = readRange
        ? await onPath(display, () => workspace.stat(absolute))
        : { type: await onPath(display, () => typeOfPath(workspace, absolute)), size: 0 };
      if (stat.type === 'directory') fsError(new WorkspaceError('EISDIR', absolute), display);
      const page = {
        offset: input.offset ?? 1,
        limit: input.limit,
        maxLines,
        maxBytes,
      };
      if (readRange && stat.size > largeFileBytes) {
        const range = (start: number, end: number): Promise<Uint8Array> =>
          onPath(display, () => readRange(absolute, start, end));
        return readLargePage(range, stat.size, display, page, { maxImageBytes, chunkBytes });
      }
      const bytes = await onPath(display, () => workspace.readFile(absolute));

      const mimeType = detectImageMimeType(bytes);
      if (mimeType) {
        if (bytes.length > maxImageBytes) imageTooLarge(display, mimeType, bytes.length, maxImageBytes);
        return {
          output: `Read image ${display} (${mimeType}, ${bytes.length} bytes).`,
          structured_output: {
            path: display,
            mime_type: mimeType,
            data_base64: encodeBase64(bytes),
            bytes: bytes.length,
          },
          details: { mime_type: mimeType, bytes: bytes.length },
        };
      }

      if (bytes.subarray(0, SNIFF_BYTES).includes(0) || !isValidUtf8(bytes))
        binaryFile(display, bytes.length);
      const bom = bomLength(bytes);
      const totalLines = countLines(bytes, bom);
      checkOffset(page.offset, totalLines, display);
      const start = lineStartByte(bytes, bom, page.offset);
      return cutPage(
        {
          window: bytes.subarray(start),
          windowStart: start,
          fileSize: bytes.length,
          totalLines,
          firstLineEnd: firstLineEnd(bytes, start),
        },
        display,
        page,
      );
    },
  );
}

function imageTooLarge(display: string, mimeType: string, size: number, maxImageBytes: number): never {
  throw new ToolError(
    `${display} is an ${mimeType} file of ${formatSize(size)}, more than the ${formatSize(maxImageBytes)} read returns, so it is not shown. Ask the user for a smaller image.`,
    { code: READ_ERRORS.IMAGE_TOO_LARGE, data: { path: display, mime_type: mimeType, bytes: size } },
  );
}

function binaryFile(display: string, size: number): never {
  throw new ToolError(
    `${display} is a binary file (${size} bytes; NUL bytes or invalid UTF-8), so its content is not shown. To inspect it, run with bash: od -c ${shellQuote(display)} | head -20`,
    { code: READ_ERRORS.BINARY_FILE, data: { path: display, bytes: size } },
  );
}

function checkOffset(offset: number, totalLines: number, display: string): void {
  if (offset <= Math.max(totalLines, 1)) return;
  throw new ToolError(
    totalLines === 0
      ? `Offset ${offset} is beyond the end of ${display}, which is empty. Leave offset out to read it.`
      : `Offset ${offset} is beyond the end of ${display} (${plural(totalLines, 'line')}). Use an offset from 1 to ${totalLines}.`,
    { code: READ_ERRORS.OFFSET_OUT_OF_RANGE, data: { path: display, offset, total_lines: totalLines } },
  );
}

/**
 * A page of a file too large to load: one pass over `chunkBytes`-sized ranges checks UTF-8, counts
 * lines and finds where line `offset` starts and ends; then only the page's bytes are read. The page
 * has at most `maxBytes` bytes, so the window holds `maxBytes + 2` (enough to see that the next line
 * does not fit).
 */
async function readLargePage(
  range: (start: number, end: number) => Promise<Uint8Array>,
  size: number,
  display: string,
  page: PageRequest,
  { maxImageBytes, chunkBytes }: { maxImageBytes: number; chunkBytes: number },
): Promise<ToolReturn<ReadOutput>> {
  const head = await range(0, Math.min(size, SNIFF_BYTES));
  const mimeType = detectImageMimeType(head);
  if (mimeType) imageTooLarge(display, mimeType, size, maxImageBytes);
  if (head.includes(0)) binaryFile(display, size);
  const bom = bomLength(head);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let newlines = 0;
  let start = page.offset === 1 ? bom : -1;
  let lineEnd = -1;
  let last = -1;
  for (let at = 0; at < size; at += chunkBytes) {
    const chunk = await range(at, Math.min(size, at + chunkBytes));
    try {
      decoder.decode(chunk, { stream: true });
    } catch {
      binaryFile(display, size);
    }
    for (let lf = chunk.indexOf(LF); lf !== -1; lf = chunk.indexOf(LF, lf + 1)) {
      newlines += 1;
      if (start >= 0 && lineEnd < 0 && at + lf >= start) lineEnd = at + lf;
      if (newlines === page.offset - 1) start = at + lf + 1;
    }
    last = chunk[chunk.length - 1] ?? last;
  }
  try {
    decoder.decode();
  } catch {
    binaryFile(display, size);
  }
  const totalLines = newlines + (size > bom && last !== LF ? 1 : 0);
  checkOffset(page.offset, totalLines, display);
  const windowStart = Math.max(start, 0);
  const window = await range(windowStart, Math.min(size, windowStart + page.maxBytes + 2));
  return cutPage(
    { window, windowStart, fileSize: size, totalLines, firstLineEnd: lineEnd < 0 ? size : lineEnd },
    display,
    page,
  );
}

interface PageRequest {
  offset: number;
  limit: number | undefined;
  maxLines: number;
  maxBytes: number;
}

/**
 * Where a page starts: the file's bytes from the first line of the page on (all of them, or at least
 * `maxBytes + 2`), with what the cut needs to know about the rest of the file.
 */
interface PageSource {
  window: Uint8Array;
  /** Byte offset of `window[0]` in the file: the start of line `offset`. */
  windowStart: number;
  fileSize: number;
  totalLines: number;
  /** Byte offset in the file of the LF ending the page's first line, or the file size. */
  firstLineEnd: number;
}

/** The notice of a page that stopped before the end of the file: which lines, why, and how to go on. */
function pageNotice(
  stop: 'lines' | 'bytes' | 'limit',
  lastLine: number,
  totalLines: number,
  { offset, limit, maxLines, maxBytes }: PageRequest,
): string {
  const range = lastLine === offset ? `Line ${offset}` : `Lines ${offset}-${lastLine}`;
  const cause =
    stop === 'lines'
      ? `${maxLines}-line limit`
      : stop === 'bytes'
        ? `${formatSize(maxBytes)} limit`
        : `limit=${limit}; ${plural(totalLines - lastLine, 'more line')}`;
  return `[${range} of ${totalLines} shown (${cause}). Use offset=${lastLine + 1} to continue.]`;
}

/** Cuts one page out of valid UTF-8 text and words the notice. */
function cutPage(source: PageSource, display: string, request: PageRequest): ToolReturn<ReadOutput> {
  const { window: bytes, windowStart, fileSize, totalLines } = source;
  const { offset, limit, maxLines, maxBytes } = request;
  const atEnd = windowStart + bytes.length >= fileSize;
  const wanted = Math.min(limit ?? Number.POSITIVE_INFINITY, maxLines);
  let next = 0;
  let end = 0;
  let shown = 0;
  let used = 0;
  let stop: 'lines' | 'bytes' | 'limit' | 'clipped' | null = null;
  let notice = '';
  while (next < bytes.length) {
    if (shown >= wanted) {
      stop = limit !== undefined && limit <= maxLines ? 'limit' : 'lines';
      break;
    }
    const newline = bytes.indexOf(LF, next);
    const lineEnd = newline === -1 ? bytes.length : newline;
    const size = lineEnd - next + (shown > 0 ? 1 : 0);
    if (used + size > maxBytes) {
      if (shown > 0) {
        stop = 'bytes';
        break;
      }
      // One line over the whole budget: show its head and say how to get the rest.
      const lineBytes = source.firstLineEnd - windowStart;
      const cut = charBoundary(bytes, next + maxBytes) - next;
      const part = Math.min(maxBytes, lineBytes - cut);
      const after = offset < totalLines ? ` Use offset=${offset + 1} to continue after this line.` : '';
      notice = `[Line ${offset} is ${formatSize(lineBytes)}, over the ${formatSize(maxBytes)} output limit, so only its first ${plural(cut, 'byte')} are shown.${after} To see the next part of line ${offset}, run with bash: sed -n '${offset}p' ${shellQuote(display)} | head -c ${cut + part} | tail -c ${part}]`;
      end = next + cut;
      shown = 1;
      stop = 'clipped';
      break;
    }
    used += size;
    end = lineEnd;
    shown += 1;
    next = newline === -1 ? bytes.length : newline + 1;
  }
  // A window is at least one byte longer than any page, so running off it means the budget ran out.
  if (stop === null && !atEnd) stop = 'bytes';

  const lastLine = offset + shown - 1;
  const shownText = new TextDecoder().decode(bytes.subarray(0, end));
  // Programs get the lines with their endings, so consecutive pages concatenate to the file.
  const content = stop !== 'clipped' && windowStart + end < fileSize ? `${shownText}\n` : shownText;
  if (stop === 'lines' || stop === 'bytes' || stop === 'limit') {
    notice = pageNotice(stop, lastLine, totalLines, request);
  }
  const truncated = stop !== null;
  const body = totalLines === 0 ? '(empty file)' : sanitizeText(shownText.replace(/\r(?=\n|$)/g, ''));
  const nextOffset = truncated && lastLine < totalLines ? lastLine + 1 : undefined;
  return {
    output: notice ? `${body}\n\n${notice}` : body,
    structured_output: {
      path: display,
      content,
      start_line: offset,
      end_line: lastLine,
      total_lines: totalLines,
      truncated,
    },
    details: {
      line_count: totalLines,
      truncated,
      truncated_by: stop === 'clipped' ? 'line_too_long' : stop,
      start_line: offset,
      end_line: lastLine,
      ...(nextOffset !== undefined ? { next_offset: nextOffset } : {}),
      bytes: fileSize,
    },
  };
}

/** 3 when `bytes` starts with a UTF-8 byte order mark, else 0. */
function bomLength(bytes: Uint8Array): number {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
}

/** Byte index of the LF ending the line that starts at `start`, or the length. */
function firstLineEnd(bytes: Uint8Array, start: number): number {
  const at = bytes.indexOf(LF, start);
  return at === -1 ? bytes.length : at;
}

/** Lines in `bytes` after `from`: LFs, plus one for a last line without LF. */
function countLines(bytes: Uint8Array, from: number): number {
  let lines = 0;
  for (let at = bytes.indexOf(LF, from); at !== -1; at = bytes.indexOf(LF, at + 1)) lines += 1;
  if (bytes.length > from && bytes[bytes.length - 1] !== LF) lines += 1;
  return lines;
}

/** Byte index where 1-based `line` starts; `line` is within the file. */
function lineStartByte(bytes: Uint8Array, from: number, line: number): number {
  let at = from;
  for (let current = 1; current < line; current += 1) at = bytes.indexOf(LF, at) + 1;
  return at;
}

/** The largest index `<= index` that does not fall inside a UTF-8 sequence. */
function charBoundary(bytes: Uint8Array, index: number): number {
  let at = Math.min(index, bytes.length);
  while (at > 0 && ((bytes[at] ?? 0) & 0xc0) === 0x80) at -= 1;
  return at;
}

/** Whether all of `bytes` is valid UTF-8, decoded in chunks so no full-size string is ever built. */
function isValidUtf8(bytes: Uint8Array): boolean {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for (let at = 0; at < bytes.length; at += VALIDATE_CHUNK) {
      decoder.decode(bytes.subarray(at, at + VALIDATE_CHUNK), { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/** `1 line`, `3 lines`. */
function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** A path as one shell word: unchanged when plain, else single-quoted. */
function shellQuote(path: string): string {
  return /^[\w./@%+=:,-]+$/.test(path) ? path : `'${path.replaceAll("'", `'\\''`)}'`;
}
