/**
 * The `ls` tool: one directory's entries over the Workspace file calls, sorted case-insensitively,
 * directories marked with `/`, symlinks with their target. Sizes (for `structured_output`) come from a
 * `stat` of the shown files only, in parallel; on a backend whose `stat` reads the whole file (it
 * offers `statType`), they are left unknown, so a listing costs one `readdir` however large the files.
 * It lists everything (no .gitignore) except the spill directory. Imports core, workspace.ts, the tools' helpers (files, output, and walk's `startError`)
 * and picomatch (for `ignore`).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { ToolError, type ToolRepairs } from '../core/index.ts';
import { formatSize } from '../shared/index.ts';
import { type DirEntry, typeOfPath, type Workspace, WorkspaceError } from '../workspace/workspace.ts';
import { fsError, resolvePath } from './files.ts';
import { globMatcher } from './glob.ts';
import { DEFAULT_MAX_BYTES, sanitizeText, truncateHead } from './output.ts';
import {
  type BuiltinSpec,
  type BuiltinTool,
  defineBuiltin,
  PATH_ALIASES,
  type PathParameter,
  pathParameter,
} from './tool.ts';
import { startError } from './walk.ts';

/** The arguments `ls` takes: the `parameters` the model reads (tests pin every word). */
const LS_PARAMETERS = {
  type: 'object',
  properties: {
    path: pathParameter('Directory to list', 'the workspace root') as PathParameter,
    limit: { type: 'integer', minimum: 1, description: 'Maximum number of entries. Default: 500.' },
    ignore: {
      type: 'array',
      items: { type: 'string' },
      description: 'Glob patterns of entry names to leave out, e.g. ["*.log", "dist"].',
    },
  },
  additionalProperties: false,
} as const;

export type LsInput = FromSchema<typeof LS_PARAMETERS>;

/** The `ls` tool's spec: the name, description and parameters the model reads, and its effects. */
export const LS_SPEC: BuiltinSpec<typeof LS_PARAMETERS> = {
  name: 'ls',
  description:
    'List a directory: entries sorted alphabetically, directories end in /, dotfiles included. Returns up to limit entries (default 500).',
  parameters: LS_PARAMETERS,
  effects: ['read'],
};

/**
 * The schema of `structured_output` when `ls` succeeds. Not declared to models (see
 * `BuiltinParts.outputSchema`); codemode types `ls`'s results with it.
 */
export const LS_OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    path: { type: 'string' },
    entries: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          type: { enum: ['file', 'directory', 'symlink', 'other'] },
          size: { type: ['integer', 'null'] },
          target: { type: 'string' },
        },
        required: ['name', 'type', 'size'],
        additionalProperties: false,
      },
    },
    truncated: { type: 'boolean' },
    // Present (true) when the backend cannot give a file's size without reading the whole file (it has
    // no stat call, like WebContainer's fs): every file's `size` is then null rather than read.
    sizes_unknown: { const: true },
  },
  required: ['path', 'entries', 'truncated'],
  additionalProperties: false,
} as const;

export type LsOutput = FromSchema<typeof LS_OUTPUT_SCHEMA>;

/**
 * The codes of ls's errors (`structured_output.error.code`); a filesystem failure carries the
 * workspace's own code.
 */
export const LS_ERRORS = {
  ENOENT: 'ENOENT',
  ENOTDIR: 'ENOTDIR',
  INVALID_GLOB: 'INVALID_GLOB',
} as const;

/** The names other agents give ls and its parameters. */
export const LS_REPAIRS: ToolRepairs = {
  aliases: ['LS', 'list_directory', 'list_dir', 'list_files', 'list'],
  parameters: { path: PATH_ALIASES },
  drop: ['explanation'],
};

/** Entries shown when the call gives no `limit`. */
const DEFAULT_LS_LIMIT = 500;

/** Options of {@link createLsTool}. */
export interface LsToolOptions {
  /** Default `limit`. Default: 500 (`DEFAULT_LS_LIMIT`). */
  defaultLimit?: number;
  /** Bytes of output shown. Default: `DEFAULT_MAX_BYTES` (50 KB). */
  maxBytes?: number;
}

/**
 * One entry, as in `structured_output.entries`: `size` in bytes for files, `null` otherwise or when
 * unknown; `target` for symlinks, when the backend can read links.
 */
type LsEntry = LsOutput['entries'][number];

/** Creates the `ls` tool. */
export function createLsTool(options: LsToolOptions = {}): BuiltinTool<LsInput, LsOutput, typeof LS_ERRORS> {
  const defaultLimit = options.defaultLimit ?? DEFAULT_LS_LIMIT;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;

  return defineBuiltin(
    LS_SPEC,
    { errorCodes: LS_ERRORS, repairs: LS_REPAIRS, outputSchema: LS_OUTPUT_SCHEMA },
    async (input, context) => {
      const workspace = await context.workspace();
      const limit = input.limit ?? defaultLimit;
      const ignored = await compileIgnore(input.ignore);
      const target = await resolvePath(workspace, input.path);
      const listed = await listDirectory(workspace, target.absolute, target.display);

      const parent = target.absolute === '/' ? '' : target.absolute;
      const visible = listed.filter((entry) => `${parent}/${entry.name}` !== workspace.spillDir);
      const kept = visible.filter(
        (entry) => !ignored(entry.name) && !(entry.type === 'directory' && ignored(`${entry.name}/`)),
      );
      kept.sort(byNameIgnoringCase);
      const shown = kept.slice(0, limit);
      const entries = await describeEntries(workspace, parent, shown);

      if (entries.length === 0) {
        const left = visible.length - kept.length;
        const output =
          left > 0
            ? `(empty after ignore: ${left} ${left === 1 ? 'entry' : 'entries'} left out)`
            : '(empty directory)';
        return {
          output,
          structured_output: { path: target.display, entries: [], truncated: false },
          details: { line_count: 0, entry_count: 0, ignored_count: left },
        };
      }

      const lines = entries.map((entry) => {
        const name = clean(entry.name);
        if (entry.type === 'directory') return `${name}/`;
        if (entry.type === 'symlink')
          return entry.target === undefined ? `${name}@` : `${name} -> ${clean(entry.target)}`;
        return name;
      });
      const truncation = truncateHead(lines.join('\n'), { maxLines: Number.MAX_SAFE_INTEGER, maxBytes });
      const notices: string[] = [];
      if (truncation.truncated) {
        notices.push(
          `[Output cut at ${formatSize(maxBytes)}: ${truncation.outputLines} of ${kept.length} entries shown. Use a smaller limit, or ignore to leave entries out.]`,
        );
      }
      const more = kept.length > shown.length;
      if (more) {
        notices.push(
          `[${shown.length} of ${kept.length} entries shown. Use limit=${kept.length} to see them all.]`,
        );
      }
      const output =
        notices.length > 0 ? `${truncation.content}\n\n${notices.join('\n')}` : truncation.content;
      return {
        output,
        structured_output: {
          path: target.display,
          entries,
          truncated: more || truncation.truncated,
          ...(workspace.statType === undefined ? {} : { sizes_unknown: true }),
        },
        details: {
          line_count: truncation.outputLines,
          entry_count: kept.length,
          ignored_count: visible.length - kept.length,
          limit_reached: more,
        },
      };
    },
  );
}

/** The directory's entries, or a model-facing error for a missing path or a file. */
async function listDirectory(workspace: Workspace, absolute: string, display: string): Promise<DirEntry[]> {
  try {
    return await workspace.readdir(absolute);
  } catch (error) {
    if (!(error instanceof WorkspaceError)) throw error;
    if (error.code === 'ENOENT' && absolute === workspace.root)
      startError(workspace, absolute, display, error);
    if (error.code === 'ENOENT') {
      throw new ToolError(
        `${display} does not exist. Use ls on its parent directory, or find to search for it.`,
        {
          code: LS_ERRORS.ENOENT,
          data: { path: display },
        },
      );
    }
    if (error.code === 'ENOTDIR') {
      const type = await typeOfPath(workspace, absolute).catch(() => undefined);
      if (type === 'file') {
        throw new ToolError(`${display} is a file, not a directory. Use read to see it.`, {
          code: LS_ERRORS.ENOTDIR,
          data: { path: display },
        });
      }
    }
    return fsError(error, display);
  }
}

/**
 * Sizes of the shown files (unless a size would cost a whole-file read) and targets of the shown
 * symlinks, fetched in parallel.
 */
async function describeEntries(
  workspace: Workspace,
  parent: string,
  shown: readonly DirEntry[],
): Promise<LsEntry[]> {
  const readlink = workspace.readlink?.bind(workspace);
  const sizesKnown = workspace.statType === undefined;
  return Promise.all(
    shown.map(async ({ name, type }): Promise<LsEntry> => {
      const path = `${parent}/${name}`;
      if (type === 'file' && sizesKnown) {
        const size = await workspace.stat(path).then(
          (stat) => stat.size,
          () => null,
        );
        return { name, type, size };
      }
      if (type === 'symlink' && readlink) {
        const target = await readlink(path).catch(() => undefined);
        return target === undefined ? { name, type, size: null } : { name, type, size: null, target };
      }
      return { name, type, size: null };
    }),
  );
}

/** `ignore` globs as one matcher over entry names (`dir/` is tried too for directories). */
async function compileIgnore(value: unknown): Promise<(name: string) => boolean> {
  const globs = Array.isArray(value)
    ? value.filter((glob): glob is string => typeof glob === 'string' && glob.trim() !== '')
    : [];
  if (globs.length === 0) return () => false;
  return globMatcher(
    globs,
    (reason) => `Invalid ignore glob: ${reason}. Use globs of names such as "*.log" or "dist".`,
  );
}

function byNameIgnoringCase(a: DirEntry, b: DirEntry): number {
  const left = a.name.toLowerCase();
  const right = b.name.toLowerCase();
  if (left !== right) return left < right ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** A name on one line: control characters escaped, line breaks shown as `?`. */
function clean(name: string): string {
  return sanitizeText(name).replace(/[\n\r]/g, '?');
}
