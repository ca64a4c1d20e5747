/**
 * References between a scenario's calls: a generated spill path referenced rather than copied, filled in on a
 * re-run; an oversized link refused.
 * Reaches inside: the playground app's state modules (src/playground/state/) have no public entry:
 * browser-agent-tools/playground exports the component, createPlaygroundStore and the approval prompt only,
 * so they are tested as the app uses them.
 */
import { describe, expect, it } from 'vitest';
import { decodeScenario } from '../../src/playground/state/scenario.ts';
import {
  type ReferencedCall,
  referenceGenerated,
  resolveReferences,
} from '../../src/playground/state/scenario-refs.ts';

const SPILL = '/workspace/.tool-output/bash-20261130-215100-1.log';

describe('references between scenario calls', () => {
  it('a spill path an earlier call generated is referenced, not copied', () => {
    const calls: ReferencedCall[] = [
      { args: { command: 'seq 1 5000' }, details: { spilled_path: SPILL, exit_code: 0 } },
      { args: { path: 'README.md' }, details: { path: 'README.md' } },
      { args: { path: SPILL, offset: 4000 }, details: {} },
      { args: { command: `wc -l ${SPILL}` }, details: {} },
    ];
    expect(referenceGenerated(calls)).toEqual([
      { command: 'seq 1 5000' },
      { path: 'README.md' },
      { path: '{{calls.1.details.spilled_path}}', offset: 4000 },
      { command: 'wc -l {{calls.1.details.spilled_path}}' },
    ]);
    expect(referenceGenerated([calls[0], calls[2]] as ReferencedCall[])[1]).toEqual({
      path: '{{previous.details.spilled_path}}',
      offset: 4000,
    });
  });

  it('the re-run fills references from its own calls and leaves unknown ones as written', () => {
    const done = [{ spilled_path: '/w/.tool-output/bash-new-1.log' }, { exit_code: 0 }];
    expect(
      resolveReferences(
        { path: '{{calls.1.details.spilled_path}}', list: ['{{previous.details.spilled_path}}'] },
        done,
      ),
    ).toEqual({ path: '/w/.tool-output/bash-new-1.log', list: ['{{previous.details.spilled_path}}'] });
    expect(resolveReferences('{{calls.9.details.spilled_path}}', done)).toBe(
      '{{calls.9.details.spilled_path}}',
    );
  });

  it('an oversized link is refused with its size and the next step, before it is decoded', async () => {
    await expect(decodeScenario('A'.repeat(3 * 1024 * 1024))).rejects.toThrow(
      'The link holds 3.0MB of data; this page reads links up to 1.0MB. Share a large session as a file instead (Export session).',
    );
  });
});
