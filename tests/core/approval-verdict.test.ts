/**
 * `suite.approval(name)`: the policy's verdict for a tool and whether `onApproval` decides an `ask`,
 * which is what an agent SDK adapter derives its own approval flag from (so no adapter keeps a second
 * copy of the policy).
 */
import { describe, expect, it } from 'vitest';
import { createToolSuite } from '../../src/index.ts';

function suiteWith(onApproval?: () => boolean) {
  const suite = createToolSuite({
    builtins: false,
    policy: { read: 'allow', fs_write: 'ask', exec: 'deny', default: 'ask' },
    ...(onApproval ? { onApproval } : {}),
  });
  suite.register({ name: 'look', effects: ['read'] }, 'direct', () => 'seen');
  suite.register({ name: 'save', effects: ['fs_write'] }, 'direct', () => 'saved');
  suite.register({ name: 'run', effects: ['exec', 'fs_write'] }, 'direct', () => 'ran');
  suite.register({ name: 'mystery' }, 'deferred', () => '?');
  return suite;
}

describe('suite.approval', () => {
  it('gives the level, the effects that set it, and whether an approver is configured', () => {
    const without = suiteWith();
    expect(['look', 'save', 'run', 'mystery'].map((name) => without.approval(name))).toEqual([
      { level: 'allow', because: [], approver: false },
      { level: 'ask', because: ['fs_write'], approver: false },
      { level: 'deny', because: ['exec'], approver: false },
      { level: 'deny', because: ['unknown'], approver: false },
    ]);
    expect(suiteWith(() => true).approval('save')).toEqual({
      level: 'ask',
      because: ['fs_write'],
      approver: true,
    });
  });

  it('without a policy every tool is allowed; an unregistered name has unknown effects', () => {
    const suite = createToolSuite({ builtins: false });
    expect(suite.approval('anything')).toEqual({ level: 'allow', because: [], approver: false });
    expect(suiteWith().approval('not_registered')).toEqual({
      level: 'deny',
      because: ['unknown'],
      approver: false,
    });
  });
});
