import { describe, expect, it } from 'vitest';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';
import { HARDENED_FILE_SYSTEM_BYTES } from '../../src/workspace/just-bash/just-bash-workspace.ts';
import { WorkspaceError } from '../../src/workspace/workspace.ts';
import { runWorkspaceConformance } from './conformance.ts';

runWorkspaceConformance({ name: 'just-bash', create: (files) => createJustBashWorkspace({ files }) });

describe('just-bash backend', () => {
  it("names the hardened profile's storage limit when a write does not fit", async () => {
    expect(HARDENED_FILE_SYSTEM_BYTES).toBe(128 * 1024 * 1024);
    const workspace = await createJustBashWorkspace();
    const almost = new Uint8Array(HARDENED_FILE_SYSTEM_BYTES - 1024 * 1024);
    await workspace.writeFile('/workspace/almost.bin', almost);
    const full = await workspace
      .writeFile('/workspace/over.bin', new Uint8Array(2 * 1024 * 1024))
      .catch((caught: unknown) => caught);
    expect(full).toBeInstanceOf(WorkspaceError);
    expect(full).toMatchObject({ code: 'ENOSPC', limitBytes: HARDENED_FILE_SYSTEM_BYTES });
  });
});
