/**
 * The `find` tool: lists paths under a directory that match a glob (`picomatch`), over the Workspace
 * file calls. Walks with `walk.ts` (gitignore, skipped names, symlinks listed but never followed).
 * A pattern without `/` matches names at any depth, as fd does. Imports core, workspace.ts, the tools'
 * helpers and picomatch.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { type ToolContext, ToolError, type ToolRepairs, type ToolReturn } from '../core/index.ts';
import { formatSize } from '../shared/index.ts';
import { typeOfPath, type Workspace } from '../workspace/workspace.ts';
import { resolvePath } from './files.ts';
import { globMatcher } from './glob.ts';
import { DEFAULT_MAX_BYTES, sanitizeText, truncateHead } from './output.ts';
import { fileSearchCall } from './peer-tools.ts';
import {
  type BuiltinSpec,
  type BuiltinTool,
  defineBuiltin,
  PATH_ALIASES,
  type PathParameter,
  pathParameter,
} from './tool.ts';
import { DEFAULT_MAX_WALK_ENTRIES, startError, walkTree } from './walk.ts';

/** The arguments `find` takes: the `parameters` the model reads (tests pin every word). */
const FIND_PARAMETERS = {
  type: 'object',
  properties: {
    pattern: { type: 'string', minLength: 1, description: 'Glob pattern to match paths against.' },
    path: pathParameter('Directory to search in', 'the workspace root') as PathParameter,
    limit: { type: 'integer', minimum: 1, description: 'Maximum number of results. Default: 1000.' },
    ignore: {
      type: 'array',
      items: { type: 'string' },
      description: 'Globs of paths to leave out, matched like pattern; a directory left out is not searched.',
    },
  },
  required: ['pattern'],
  additionalProperties: false,
} as const;

export type FindInput = FromSchema<typeof FIND_PARAMETERS>;

/** The `find` tool's spec: the name, description and parameters the model reads, and its effects. */
export const FIND_SPEC: BuiltinSpec<typeof FIND_PARAMETERS> = {
  name: 'find',
  description:
    'Find files by glob pattern, e.g. "*.ts" (a pattern without / matches names at any depth) or "src/**/test_*.py". Returns paths relative to the search directory (directories end in /), up to limit results (default 1000). Respects .gitignore and skips .git and node_modules.',
  parameters: FIND_PARAMETERS,
  effects: ['read'],
};

/**
 * The schema of `structured_output` when `find` succeeds. Not declared to models (see
 * `BuiltinParts.outputSchema`); codemode types `find`'s results with it.
 */
export const FIND_OUTPUT_SCHEMA = {
  type: 'object',
  properties: { paths: { type: 'array', items: { type: 'string' } }, truncated: { type: 'boolean' } },
  required: ['paths', 'truncated'],
  additionalProperties: false,
} as const;

export type FindOutput = FromSchema<typeof FIND_OUTPUT_SCHEMA>;

/**
 * The codes of find's errors (`structured_output.error.code`); a filesystem failure carries the
 * workspace's own code.
 */
export const FIND_ERRORS = {
  INVALID_GLOB: 'INVALID_GLOB',
  ENOENT: 'ENOENT',
  ENOTDIR: 'ENOTDIR',
  ABORTED: 'ABORTED',
} as const;

/** The names other agents give find and its parameters. */
export const FIND_REPAIRS: ToolRepairs = {
  aliases: ['Glob', 'search_files', 'directory_tree', 'glob', 'file_search'],
  parameters: {
    pattern: ['query', 'glob', 'name'],
    path: PATH_ALIASES,
    limit: ['max_results', 'maxResults'],
    ignore: ['excludePatterns', 'exclude_patterns', 'exclude'],
  },
  drop: ['respect_git_ignore', 'explanation'],
  peers: {
    // Cline's search_files searches contents; the MCP server's matches names with `pattern`, as find does.
    "Cline's search_files: a content search": {
      names: ['search_files'],
      marker: 'regex',
      redirect: { tool: 'grep', arguments: { pattern: 'regex', glob: 'file_pattern' } },
    },
    // Every path below `path`, as find lists them (directories end in /).
    'MCP filesystem: directory_tree': { names: ['directory_tree'], defaults: { pattern: '*' } },
    "Cursor's file_search: part of a name": { names: ['file_search'], translate: fileSearchCall },
  },
};

/** Results shown when the call gives no `limit`. */
const DEFAULT_FIND_LIMIT = 1000;

/** Options of {@link createFindTool}. */
export interface FindToolOptions {
  /** Default `limit`. Default: 1000 (`DEFAULT_FIND_LIMIT`). */
  defaultLimit?: number;
  /** Bytes of output shown. Default: `DEFAULT_MAX_BYTES` (50 KB). */
  maxBytes?: number;
  /** Entries a search visits before it stops. Default: `DEFAULT_MAX_WALK_ENTRIES` (100,000). */
  maxEntries?: number;
}

/** Creates the `find` tool. */
export function createFindTool(
  options: FindToolOptions = {},
): BuiltinTool<FindInput, FindOutput, typeof FIND_ERRORS> {
  const settings: Required<FindToolOptions> = {
    defaultLimit: options.defaultLimit ?? DEFAULT_FIND_LIMIT,
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    maxEntries: options.maxEntries ?? DEFAULT_MAX_WALK_ENTRIES,
  };
  return defineBuiltin(
    FIND_SPEC,
    { errorCodes: FIND_ERRORS, repairs: FIND_REPAIRS, outputSchema: FIND_OUTPUT_SCHEMA },
    (input, context) => runFind(input, context, settings),
  );
}

async function runFind(
  input: FindInput,
  context: ToolContext<Workspace>,
  settings: Required<FindToolOptions>,
): Promise<ToolReturn<FindOutput>> {
  const workspace = await context.workspace();
  const limit = input.limit ?? settings.defaultLimit;
  const target = await resolvePath(workspace, input.path);
  const type = await typeOfPath(workspace, target.absolute).catch((error: unknown) =>
    startError(workspace, target.absolute, target.display, error),
  );
  if (type !== 'directory') {
    throw new ToolError(
      `${target.display} is a file, not a directory. Give find a directory to search in, or use read to see the file.`,
      { code: FIND_ERRORS.ENOTDIR, data: { path: target.display } },
    );
  }
  const matches = await compileFindPattern(input.pattern, target.absolute);
  const prune = await compileFindIgnore(input.ignore);
  const walk = walkTree(workspace, target.absolute, {
    maxEntries: settings.maxEntries,
    signal: context.signal,
    prune,
  });
  const paths: string[] = [];
  let more = false;
  walking: for await (const run of walk) {
    for (const entry of run) {
      const isDirectory = entry.type === 'directory';
      if (!matches(entry.relative, entry.name, isDirectory)) continue;
      if (paths.length >= limit) {
        more = true;
        break walking;
      }
      const shown = showPath(entry.relative);
      paths.push(isDirectory ? `${shown}/` : shown);
    }
  }
  if (context.signal.aborted) throw new ToolError('The search was aborted.', { code: FIND_ERRORS.ABORTED });
  const found: FindFound = { paths, more, limit, visited: walk.visited, capped: walk.capped };
  if (paths.length === 0) return noPathResult(input.pattern, target.display, found, settings.maxEntries);
  return pathsResult(found, settings);
}

/** What a walk found, and how it ended. */
interface FindFound {
  paths: string[];
  more: boolean;
  limit: number;
  visited: number;
  capped: boolean;
}

function capNotice(maxEntries: number): string {
  return `[Stopped after visiting ${maxEntries} entries; some paths were not looked at. Search a narrower path.]`;
}

/** Nothing matched: says so, with a hint when the pattern has a / that only matches whole paths. */
function noPathResult(
  pattern: string,
  display: string,
  found: FindFound,
  maxEntries: number,
): ToolReturn<FindOutput> {
  const core = pattern.trim().replace(/\/+$/, '');
  const hint =
    core.includes('/') && !core.startsWith('**/') && !core.startsWith('/')
      ? ` A pattern with / is matched against whole paths relative to the search directory; try "**/${core.replace(/^\.\//, '')}" to match at any depth.`
      : '';
  const where = display === '.' ? 'the workspace' : display;
  const none = `No files match "${pattern}" in ${where}.${hint}`;
  return {
    output: found.capped ? `${none}\n\n${capNotice(maxEntries)}` : none,
    structured_output: { paths: [], truncated: found.capped },
    details: { line_count: 0, entries_visited: found.visited, walk_capped: found.capped },
  };
}

/** The paths found, cut to `maxBytes`, with the notices of what was left out. */
function pathsResult(found: FindFound, settings: Required<FindToolOptions>): ToolReturn<FindOutput> {
  const { paths, more, limit, capped } = found;
  const { maxBytes } = settings;
  const truncation = truncateHead(paths.join('\n'), { maxLines: Number.MAX_SAFE_INTEGER, maxBytes });
  const notices: string[] = [];
  if (truncation.truncated) {
    notices.push(
      `[Output cut at ${formatSize(maxBytes)}: ${truncation.outputLines} of ${paths.length} paths shown. Narrow the pattern or path.]`,
    );
  }
  if (more) {
    notices.push(
      `[${limit} ${limit === 1 ? 'result' : 'results'} shown; more exist. Use limit=${limit * 2} for more, or narrow the pattern or path.]`,
    );
  }
  if (capped) notices.push(capNotice(settings.maxEntries));
  const output = notices.length > 0 ? `${truncation.content}\n\n${notices.join('\n')}` : truncation.content;
  return {
    output,
    structured_output: { paths, truncated: more || truncation.truncated || capped },
    details: {
      line_count: truncation.outputLines,
      entries_visited: found.visited,
      limit_reached: more,
      walk_capped: capped,
      ...(truncation.truncated
        ? {
            truncation: {
              truncated_by: 'bytes',
              total_lines: paths.length,
              output_lines: truncation.outputLines,
            },
          }
        : {}),
    },
  };
}

/** A path on one line: control characters escaped, line breaks shown as `?`. */
function showPath(path: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  return /[\u0000-\u001f\u007f\ud800-\udfff]/.test(path) ? sanitizeText(path).replace(/[\n\r]/g, '?') : path;
}

/**
 * The matcher of `ignore`: each glob follows the pattern's rule (without `/` it is matched against
 * names at any depth, with `/` against the path relative to the search directory).
 */
async function compileFindIgnore(
  value: unknown,
): Promise<((relative: string, name: string) => boolean) | undefined> {
  const globs = Array.isArray(value)
    ? value.filter((glob): glob is string => typeof glob === 'string' && glob.trim() !== '')
    : [];
  if (globs.length === 0) return undefined;
  const cleaned = globs.map((glob) =>
    glob
      .trim()
      .replace(/^(\.\/)+/, '')
      .replace(/\/+$/, ''),
  );
  const byName = await globMatcher(
    cleaned.filter((glob) => !glob.includes('/')),
    (reason) => `Invalid ignore glob: ${reason}. Use globs such as "dist" or "*.log".`,
  );
  const byPath = await globMatcher(
    cleaned.filter((glob) => glob.includes('/')),
    (reason) => `Invalid ignore glob: ${reason}. Use globs such as "dist" or "build/**/*.map".`,
  );
  return (relative, name) => byName(name) || byPath(relative);
}

/**
 * The matcher of a find pattern. A leading `./` and the search directory's own absolute path are
 * dropped; a trailing `/` restricts matches to directories; a pattern without `/` is matched against
 * names at any depth, any other against the path relative to the search directory.
 */
async function compileFindPattern(
  pattern: string,
  start: string,
): Promise<(relative: string, name: string, isDirectory: boolean) => boolean> {
  let cleaned = pattern.trim();
  if (cleaned.startsWith(`${start}/`)) cleaned = cleaned.slice(start.length + 1);
  while (cleaned.startsWith('./')) cleaned = cleaned.slice(2);
  const directoriesOnly = cleaned.length > 1 && cleaned.endsWith('/');
  if (directoriesOnly) cleaned = cleaned.replace(/\/+$/, '');
  const match = await globMatcher(
    cleaned,
    (reason) => `Invalid glob "${pattern}": ${reason}. Use a glob such as "*.ts" or "src/**/*.py".`,
    { pattern },
  );
  const byName = !cleaned.includes('/');
  return (relative, name, isDirectory) =>
    (!directoriesOnly || isDirectory) && (byName ? match(name) : match(relative));
}
