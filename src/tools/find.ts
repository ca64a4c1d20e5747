/**
 * The `find` tool: lists paths under a directory that match a glob (`picomatch`), over the Workspace
 * file calls. Walks with `walk.ts` (gitignore, skipped names, symlinks listed but never followed).
 * A pattern without `/` matches names at any depth, as fd does. Imports core, workspace.ts, the tools'
 * helpers and picomatch.
 */
import { ToolError } from '../core/index.ts';
import { typeOfPath } from '../workspace/workspace.ts';
import { resolvePath } from './files.ts';
import { globMatcher } from './glob.ts';
import { DEFAULT_MAX_BYTES, formatSize, sanitizeText, truncateHead } from './output.ts';
import { BUILTIN_SPECS } from './specs.ts';
import { type BuiltinTool, defineBuiltin } from './tool.ts';
import type { FindInput, FindOutput } from './types.ts';
import { DEFAULT_MAX_WALK_ENTRIES, startError, walkTree } from './walk.ts';

/** Results shown when the call gives no `limit`. */
export const DEFAULT_FIND_LIMIT = 1000;

/** Options of {@link createFindTool}. */
export interface FindToolOptions {
  /** Default `limit`. Default: {@link DEFAULT_FIND_LIMIT}. */
  defaultLimit?: number;
  /** Bytes of output shown. Default: `DEFAULT_MAX_BYTES` (50 KB). */
  maxBytes?: number;
  /** Entries a search visits before it stops. Default: `DEFAULT_MAX_WALK_ENTRIES` (100,000). */
  maxEntries?: number;
}

/** Creates the `find` tool. */
export function createFindTool(options: FindToolOptions = {}): BuiltinTool<FindInput, FindOutput> {
  const defaultLimit = options.defaultLimit ?? DEFAULT_FIND_LIMIT;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_WALK_ENTRIES;

  return defineBuiltin<FindInput, FindOutput>(BUILTIN_SPECS.find, async (input, context) => {
    const workspace = await context.workspace();
    const pattern = input.pattern;
    const limit = input.limit ?? defaultLimit;
    const target = await resolvePath(workspace, input.path);
    const type = await typeOfPath(workspace, target.absolute).catch((error: unknown) =>
      startError(workspace, target.absolute, target.display, error),
    );
    if (type !== 'directory') {
      throw new ToolError(
        `${target.display} is a file, not a directory. Give find a directory to search in, or use read to see the file.`,
        { code: 'ENOTDIR', data: { path: target.display } },
      );
    }
    const matches = await compileFindPattern(pattern, target.absolute);
    const prune = await compileFindIgnore(input.ignore);

    const walk = walkTree(workspace, target.absolute, { maxEntries, signal: context.signal, prune });
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
    if (context.signal.aborted) throw new ToolError('The search was aborted.', { code: 'ABORTED' });
    const capped = walk.capped;
    const capNotice = `[Stopped after visiting ${maxEntries} entries; some paths were not looked at. Search a narrower path.]`;

    if (paths.length === 0) {
      const core = pattern.trim().replace(/\/+$/, '');
      const hint =
        core.includes('/') && !core.startsWith('**/') && !core.startsWith('/')
          ? ` A pattern with / is matched against whole paths relative to the search directory; try "**/${core.replace(/^\.\//, '')}" to match at any depth.`
          : '';
      const where = target.display === '.' ? 'the workspace' : target.display;
      const none = `No files match "${pattern}" in ${where}.${hint}`;
      return {
        output: capped ? `${none}\n\n${capNotice}` : none,
        structured_output: { paths: [], truncated: capped },
        details: { line_count: 0, entries_visited: walk.visited, walk_capped: capped },
      };
    }

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
    if (capped) notices.push(capNotice);
    const output = notices.length > 0 ? `${truncation.content}\n\n${notices.join('\n')}` : truncation.content;
    return {
      output,
      structured_output: { paths, truncated: more || truncation.truncated || capped },
      details: {
        line_count: truncation.outputLines,
        entries_visited: walk.visited,
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
  });
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
