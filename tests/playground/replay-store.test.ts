/**
 * Transcript replay: parsing, references to earlier results, and both shipped examples end to end.
 * Reaches inside: the playground app's state modules (src/playground/state/) have no public entry:
 * browser-agent-tools/playground exports the component, createPlaygroundStore and the approval prompt only,
 * so they are tested as the app uses them.
 */
import { describe, expect, it } from 'vitest';
import { fillReferences, parseTranscript } from '../../src/playground/state/replay-store.ts';
import { startPlayground } from './harness.ts';

const result = (details: Record<string, unknown>) => ({
  output: '',
  structured_output: {},
  details: { duration_ms: 0, ...details },
  is_error: false,
});

describe('replay', () => {
  it('reads a JSON list, { calls }, or one call per line', () => {
    expect(parseTranscript('[{"name":"ls"}]')).toEqual([{ name: 'ls' }]);
    expect(parseTranscript('{"calls":[{"name":"ls"},{"name":"find"}]}')).toHaveLength(2);
    expect(parseTranscript('{"name":"ls"}\n{"name":"find"}\n')).toEqual([{ name: 'ls' }, { name: 'find' }]);
    expect(() => parseTranscript('')).toThrow('The transcript is empty. Paste a JSON list of tool calls.');
    expect(() => parseTranscript('[]')).toThrow('The transcript holds no call.');
    expect(() => parseTranscript('nope')).toThrow(/^The transcript is not JSON: /);
  });

  it('fills references to earlier results, keeping the type of a whole-string reference', () => {
    const results = [result({ n: 3, path: '/tmp/a.log' }), result({ spilled_path: '/tmp/b.log' })];
    expect(
      fillReferences(
        {
          a: '{{previous.details.spilled_path}}',
          b: '{{step1.details.n}}',
          c: 'at {{step1.details.path}}!',
          d: '{{step9.details.x}}',
        },
        results,
      ),
    ).toEqual({ a: '/tmp/b.log', b: 3, c: 'at /tmp/a.log!', d: '{{step9.details.x}}' });
  });

  it('runs both shipped examples from a fresh session; each step keeps its declarations and result', async () => {
    const playground = await startPlayground();
    await playground.runCall({
      kind: 'named',
      name: 'tool_search',
      args: { query: 'slack' },
      caller: 'model',
    });
    const replay = await playground.replay();

    replay.loadExample('search-then-call');
    await replay.runAll();
    let steps = replay.store.getState().steps;
    expect(steps.map((step) => step.result?.is_error)).toEqual([false, false]);
    expect(steps[0]?.declarations).toEqual([
      'read',
      'write',
      'edit',
      'bash',
      'grep',
      'find',
      'ls',
      'tool_search',
    ]);
    expect(steps[0]?.added).toEqual(expect.arrayContaining(['github_create_issue']));
    expect(steps[1]?.declarations).toContain('github_create_issue');
    expect(steps[1]?.result?.output).toMatch(
      /^Created issue #\d+ in acme\/shop: Checkout returns 500 for carts over 50 items/,
    );

    replay.loadExample('edit-test-read-spill');
    await replay.runAll();
    steps = replay.store.getState().steps;
    expect(steps.map((step) => step.result?.is_error)).toEqual([false, false, false]);
    const spilled = steps[1]?.result?.details.spilled_path;
    expect(spilled).toMatch(/^\/tmp\/tool-output\//);
    expect(steps[2]?.sent).toMatchObject({ input: { file_path: spilled } });
    expect(steps[2]?.result?.output).toContain('ok 2401 - cart: totals are rounded to cents');
  });
});
