/**
 * The post-condition check of the tools that change files (write, edit): read the file back and
 * compare, so a backend that silently drops or alters data is never reported as a success. Imports
 * core, the Workspace seam and the tools' file helpers only.
 */
import { ToolError } from '../core/index.ts';
import { confinePath, type Workspace } from '../workspace/workspace.ts';
import { onPath } from './files.ts';

/** The code of a write that could not be confirmed; in the error tables of write and edit. */
const WRITE_NOT_VERIFIED = 'WRITE_NOT_VERIFIED';

/**
 * Throws an error result unless `absolute` now holds exactly `data`. A mismatch is explained: when
 * confining the path again no longer gives `absolute` (a symbolic link appeared on the way while the
 * file was being written), the text says so instead of blaming the backend.
 */
export async function verifyWritten(
  workspace: Workspace,
  absolute: string,
  display: string,
  data: Uint8Array,
): Promise<void> {
  const stored = await onPath(display, () => workspace.readFile(absolute)).catch(() => undefined);
  if (stored && stored.length === data.length && stored.every((byte, index) => byte === data[index])) return;
  const now = await confinePath(workspace, display).catch(() => undefined);
  if (now !== absolute) {
    throw new ToolError(
      `${display} changed while it was being written: a symbolic link on its path now leads ${now === undefined ? 'outside the workspace' : 'somewhere else'}, so the write cannot be confirmed. Check the path with bash (ls -la), then write again.`,
      { code: WRITE_NOT_VERIFIED, data: { path: display } },
    );
  }
  throw new ToolError(
    `${display} was written, but ${stored ? 'reading it back gave different bytes' : 'it could not be read back'}. Check it with read before changing it again.`,
    { code: WRITE_NOT_VERIFIED, data: { path: display } },
  );
}
