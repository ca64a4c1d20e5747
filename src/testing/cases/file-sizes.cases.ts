/** Files of every size around 64 KiB, written every way and read back every way (see ../file-sizes.ts). */
import { expect } from 'vitest';
import type { CaseRegistrar } from '../case-types.ts';
import { probeFileSizes } from '../file-sizes.ts';

export function defineFileSizeCases(c: CaseRegistrar): void {
  c.test(
    'files of 0 B to 1 MiB, written by write and by writeFile, read back whole by every command and tool',
    async (setup) => {
      const { call, workspace } = await setup();
      const problems = await probeFileSizes({
        call: (tool, args) => call(tool, args),
        writeFile: (path, text) =>
          workspace.writeFile(`${workspace.root}/${path}`, new TextEncoder().encode(text)),
      });
      expect(problems).toEqual([]);
    },
    // Two 1 MiB files go through nine commands each: seconds, more on a busy machine.
    { timeoutMs: 90_000 },
  );
}
