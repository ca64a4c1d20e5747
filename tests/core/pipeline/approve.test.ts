/**
 * The pipeline's policy and approval step (src/core/pipeline/approve.ts) alone.
 * Reaches inside: approveCall runs over a hand-built engine (fixture.ts), the policy, effects and approver
 * plain fields, so each branch is one call; the same rules through suite.execute are in
 * tests/core/execute.test.ts and tests/core/approval-verdict.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../../src/core/entry.ts';
import { approveCall } from '../../../src/core/pipeline/approve.ts';
import { OBJECT, testCall, testEngine } from './fixture.ts';

/** The tool approval is asked about: resolve hands approval the registered tool. */
const probe = testEngine().catalog.register({ name: 'probe', parameters: OBJECT }, 'direct');

describe('pipeline: policy and approval', () => {
  it('lets every call run without a policy', async () => {
    expect(await approveCall(testEngine(), testCall(), probe, {})).toBeUndefined();
  });

  it('denies by policy, naming the effects', async () => {
    const engine = testEngine({ policy: { exec: 'deny' }, effects: () => ['exec'] });
    const refusal = await approveCall(engine, testCall(), probe, {});
    expect(refusal?.output).toBe(
      'Tool "probe" was denied by policy (effect exec), so it did not run. Do not retry it; use a tool without that effect or ask the user.',
    );
  });

  it('asks the approver with the call and its effects, and runs when approved', async () => {
    const requests: ApprovalRequest[] = [];
    const engine = testEngine({
      policy: { fs_write: 'ask' },
      effects: () => ['fs_write'],
      onApproval: (request) => {
        requests.push(request);
        return true;
      },
    });
    expect(await approveCall(engine, testCall(), probe, { path: 'a' })).toBeUndefined();
    expect(requests).toEqual([
      {
        tool: 'probe',
        arguments: { path: 'a' },
        effects: ['fs_write'],
        asking: ['fs_write'],
        caller: 'model',
        session: undefined,
      },
    ]);
  });

  it('refuses an ask without an approver, and a refused approval with its reason', async () => {
    const ask = { policy: { unknown: 'ask' as const } };
    expect((await approveCall(testEngine(ask), testCall(), probe, {}))?.output).toBe(
      'Tool "probe" needs approval (unknown effects) but no approver is configured, so it did not run. Ask the user to allow it.',
    );
    const refusing = testEngine({ ...ask, onApproval: () => ({ approved: false, reason: 'not now' }) });
    expect((await approveCall(refusing, testCall(), probe, {}))?.output).toBe(
      'The user did not approve tool "probe" (unknown effects): not now. Do not retry the same call; ask the user how to proceed.',
    );
  });

  it('does not ask again for a call that comes approved', async () => {
    const engine = testEngine({ policy: { unknown: 'ask' } });
    expect(await approveCall(engine, testCall({ approved: true }), probe, {})).toBeUndefined();
  });
});
