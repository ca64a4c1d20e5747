/**
 * Effects of a remote MCP tool, derived from its annotations. MCP annotations are hints from the server,
 * so the mapping errs on the strict side: where a hint is missing, MCP's own default applies
 * (`destructiveHint` and `openWorldHint` default to `true`), and where the kind of write is unclear,
 * every plausible effect is listed, so the policy's strictest level among them applies.
 */
import type { Effect, ToolAnnotations } from '../index.ts';

/** A remote tool as `tools/list` describes it (the fields the bridge reads). */
export interface RemoteToolInfo {
  name: string;
  inputSchema?: { properties?: Record<string, unknown> } & Record<string, unknown>;
  annotations?: ToolAnnotations;
}

/** A remote tool as `tools/list` returns it. */
export interface RemoteTool extends RemoteToolInfo {
  title?: string;
  description?: string;
  outputSchema?: Record<string, unknown>;
}

/** Parameter names that hold a filesystem path: `path`, `paths`, `file_path`, `filePath`, `filename`, `directory`… */
const PATH_PARAMETER = /^(paths?|files?|filename|dir|directory)$|(_path|_paths|Path|Paths)$/;

/** Server names of filesystem servers: `filesystem`, `secure-filesystem-server`, `fs`, `files`, `file-server`… */
const FILESYSTEM_SERVER_NAME = /(^|[^a-z])(filesystem|files?|fs)([^a-z]|$)/i;

/**
 * Whether a server acts on a filesystem: its name says so (`filesystem`, `fs`, `files`), or one of its
 * tools takes a path parameter (`path`, `paths`, `*_path`, `*Path`, `filename`, `directory`).
 */
export function looksLikeFilesystem(
  serverName: string | undefined,
  tools: readonly RemoteToolInfo[],
): boolean {
  if (serverName !== undefined && FILESYSTEM_SERVER_NAME.test(serverName)) return true;
  return tools.some((tool) =>
    Object.keys(tool.inputSchema?.properties ?? {}).some((key) => PATH_PARAMETER.test(key)),
  );
}

/**
 * The effects of a remote tool, or `null` (unknown) when it does not say whether it is read-only:
 *
 * | annotations (missing hints take MCP's defaults)   | filesystem-like server   | other server                       |
 * | ------------------------------------------------- | ------------------------ | ---------------------------------- |
 * | `readOnlyHint: true`, `openWorldHint: false`      | `read`                   | `read`                             |
 * | `readOnlyHint: true`, open world                  | `read`, `net_read`       | `read`, `net_read`                 |
 * | `readOnlyHint: false`, `openWorldHint: false`     | `fs_write`               | `state_write` (+ `fs_write` when destructive) |
 * | `readOnlyHint: false`, open world                 | `fs_write`, `net_write`  | `net_write` (+ `state_write`, `fs_write` when destructive) |
 */
export function effectsOfRemoteTool(
  annotations: ToolAnnotations | undefined,
  filesystem: boolean,
): Effect[] | null {
  if (!annotations || typeof annotations.readOnlyHint !== 'boolean') return null;
  const openWorld = annotations.openWorldHint !== false;
  if (annotations.readOnlyHint) return openWorld ? ['read', 'net_read'] : ['read'];
  if (filesystem) return openWorld ? ['fs_write', 'net_write'] : ['fs_write'];
  const destructive = annotations.destructiveHint !== false;
  if (!openWorld) return destructive ? ['state_write', 'fs_write'] : ['state_write'];
  return destructive ? ['net_write', 'state_write', 'fs_write'] : ['net_write'];
}
