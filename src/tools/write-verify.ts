/**
 * The post-condition check of the tools that change files (write, edit): read the file back and
 * compare, so a backend that silently drops or alters data is never reported as a success. Imports
 * core, the Workspace type and the tools' file helpers only.
 */
import { ToolError } from '../core/index.ts';
import type { Workspace } from '../workspace/workspace.ts';
import { onPath } from './files.ts';

/** Throws an error result unless `absolute` now holds exactly `data`. */
export async function verifyWritten(
  workspace: Workspace,
  absolute: string,
  display: string,
  data: Uint8Array,
): Promise<void> {
  const stored = await onPath(display, () => workspace.readFile(absolute));
  if (stored.length === data.length && stored.every((byte, index) => byte === data[index])) return;
  throw new ToolError(
    `${display} was written, but reading it back gave different bytes. Check it with read before changing it again.`,
    { code: 'WRITE_NOT_VERIFIED', data: { path: display } },
  );
}
