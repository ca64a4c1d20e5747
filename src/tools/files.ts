/**
 * What every file tool needs around the Workspace seam: confining a path, showing it to the model
 * relative to the root, turning backend errors into model-facing text, and decoding bytes as text.
 */
import { ToolError } from '../core/index.ts';
import {
  type ConfineOptions,
  confinePath,
  isInside,
  typeOfPath,
  type Workspace,
  WorkspaceError,
} from '../workspace/workspace.ts';
import { formatSize } from './output.ts';

/** A path the model gave, confined: `absolute` for the backend, `display` for messages. */
export interface ToolPath {
  absolute: string;
  display: string;
}

/** Confines `input` (default: the root) and returns both forms. Throws `ToolError` naming the path. */
export async function resolvePath(
  workspace: Workspace,
  input: string | undefined,
  options?: ConfineOptions,
): Promise<ToolPath> {
  const absolute = input === undefined ? workspace.root : await confinePath(workspace, input, options);
  return { absolute, display: displayPath(workspace, absolute) };
}

/** A path as the model should see it: relative to the root (`.` for the root), absolute elsewhere. */
export function displayPath(workspace: Workspace, absolute: string): string {
  if (absolute === workspace.root) return '.';
  if (isInside(workspace.root, absolute))
    return absolute.slice(workspace.root.length + (workspace.root === '/' ? 0 : 1));
  return absolute;
}

/**
 * Turns a backend failure into model-facing text that names the path and says what to do; anything
 * else is rethrown unchanged.
 */
export function fsError(error: unknown, display: string): never {
  if (!(error instanceof WorkspaceError)) throw error;
  const messages: Record<string, string> = {
    ENOENT: `${display} does not exist. Check the path with ls or find.`,
    ENOTDIR: `A part of ${display} is not a directory. Check the path with ls.`,
    EISDIR: `${display} is a directory, not a file. Use ls to list it.`,
    EEXIST: `${display} already exists.`,
    ENOTEMPTY: `${display} is a directory that is not empty.`,
    ELOOP: `${display} has too many levels of symbolic links (a loop?). Fix or remove the links.`,
    EACCES: `Permission denied for ${display}.`,
    ENOSPC: `The workspace is full${error.limitBytes === undefined ? '' : ` (its limit is ${formatSize(error.limitBytes)})`}: ${display} could not be written. Remove files you no longer need and try again.`,
    ENAMETOOLONG: `${display} is too long a path. Use shorter names.`,
    EINVAL: `${display} is not valid here.`,
  };
  throw new ToolError(messages[error.code] ?? `${display} could not be accessed (${error.code}).`, {
    code: error.code,
    data: { path: display },
  });
}

/** Runs a backend call and turns its failure into model-facing text about `display`. */
export async function onPath<T>(display: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    return fsError(error, display);
  }
}

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Strict UTF-8 decoding; `undefined` when the bytes are not valid UTF-8. Keeps a BOM. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return decoder.decode(bytes, { stream: false });
  } catch {
    return undefined;
  }
}

/** Bytes looked at for a NUL when `edit`, `write` and `apply_patch` decide whether a file is text. */
const TEXT_SNIFF_BYTES = 8192;

/** A file's text, or `undefined` when it is binary: a NUL in its first 8 KiB, or invalid UTF-8. */
export function textOf(bytes: Uint8Array): string | undefined {
  return bytes.subarray(0, TEXT_SNIFF_BYTES).includes(0) ? undefined : decodeUtf8(bytes);
}

/** What is at a path: nothing, a directory, or a file with its bytes (and its text when it has one). */
export type PathContent =
  | { kind: 'missing' }
  | { kind: 'directory' }
  | { kind: 'file'; bytes: Uint8Array; text?: string };

/** Reads what is at `absolute`; a backend failure other than "it does not exist" becomes model-facing text. */
export async function readPathContent(
  workspace: Workspace,
  absolute: string,
  display: string,
): Promise<PathContent> {
  let type: string;
  try {
    type = await typeOfPath(workspace, absolute);
  } catch (error) {
    if (error instanceof WorkspaceError && error.code === 'ENOENT') return { kind: 'missing' };
    return fsError(error, display);
  }
  if (type === 'directory') return { kind: 'directory' };
  const bytes = await onPath(display, () => workspace.readFile(absolute));
  const text = textOf(bytes);
  return text === undefined ? { kind: 'file', bytes } : { kind: 'file', bytes, text };
}
