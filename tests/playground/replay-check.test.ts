/**
 * A permalink's replay against what the link recorded: the records a link carries are checked as
 * untrusted input, a stopped call is shown as recorded instead of re-run, and the notice names each
 * call that gave another result. Its words are the page's: asserted word for word.
 * Reaches inside: the playground app's state modules (src/playground/state/) have no public entry:
 * browser-agent-tools/playground exports the component, createPlaygroundStore and the approval prompt only,
 * so they are tested as the app uses them.
 */
import { describe, expect, it } from 'vitest';
import { headOf, parseRecorded, recordOf } from '../../src/playground/state/replay-check.ts';
import { replayDifferences, replayNotice } from '../../src/playground/state/replay-notice.ts';
import { parseScenario, ScenarioError } from '../../src/playground/state/scenario.ts';
import { startPlayground } from './harness.ts';

const ok = (output: string) => ({
  output,
  structured_output: {},
  is_error: false,
  details: { duration_ms: 1 },
});
const failed = (code: string) => ({
  output: 'x: failed',
  is_error: true,
  structured_output: { error: { code, message: 'failed', tool: 'x' } },
  details: { duration_ms: 1 },
});

describe('a permalink replay', () => {
  it('records a result by error, code and a FNV-1a hash of the output, spill file names aside', () => {
    expect(recordOf(ok('hello'))).toEqual({
      is_error: false,
      output: '4f9f2cab',
      head: 'hello',
      activated: [],
    });
    expect(recordOf(failed('UNKNOWN_TOOL'))).toMatchObject({ is_error: true, code: 'UNKNOWN_TOOL' });
    const spilled = (at: number) =>
      ok(`cut. The full output is in /tmp/tool-output/bash-${at}-1.log: read it.`);
    expect(recordOf(spilled(1796283325993))).toEqual(recordOf(spilled(1796283999999)));
  });

  it("keeps the output's first line, at most 120 characters, never cut inside one", () => {
    expect(recordOf(ok('first line\nsecond line')).head).toBe('first line');
    expect(headOf('')).toBe('');
    // 119 letters and then astral characters (two UTF-16 units each): the 120th is kept whole.
    const astral = `${'a'.repeat(119)}😀😀😀`;
    expect(headOf(astral)).toBe(`${'a'.repeat(119)}😀`);
    expect(headOf('😀'.repeat(500))).toBe('😀'.repeat(120));
    expect(headOf('x'.repeat(5 * 1024 * 1024))).toBe('x'.repeat(120));
    // A record of a link made before links kept the first line reads as it was, without one.
    expect(parseRecorded({ is_error: false, output: '4f9f2cab' })).toEqual({
      is_error: false,
      output: '4f9f2cab',
    });
    expect(parseRecorded({ is_error: false, output: '4f9f2cab', head: 'hello', activated: [] })).toEqual(
      recordOf(ok('hello')),
    );
    for (const head of ['two\nlines', 'y'.repeat(121), 7])
      expect(parseRecorded({ is_error: false, output: '4f9f2cab', head })).toBe(
        '"recorded.head" must be one line of at most 120 characters.',
      );
  });

  it('refuses a record that is not one, naming the call', () => {
    expect(parseRecorded('x')).toBe('"recorded" must be an object.');
    expect(parseRecorded({ is_error: 'no', output: '00000000' })).toBe(
      '"recorded.is_error" must be true or false.',
    );
    expect(parseRecorded({ is_error: false, output: 'z'.repeat(100_000) })).toBe(
      '"recorded.output" must be 8 hex digits.',
    );
    expect(parseRecorded({ is_error: true, output: '00000000', code: '<img>' })).toBe(
      '"recorded.code" must be an error code (capitals, digits and _, at most 64).',
    );
    expect(() =>
      parseScenario({ version: 1, calls: [{ name: 'ls' }, { name: 'ls', recorded: { is_error: 1 } }] }),
    ).toThrow(new ScenarioError('Call 2: "recorded.is_error" must be true or false.'));
  });

  it('says green only when every call that ran gave its recorded result and one was compared', () => {
    const calls = [{ recorded: recordOf(ok('a')) }, { recorded: recordOf(ok('b')) }, {}];
    const same = [ok('a'), ok('b'), ok('c')].map((result) => ({ tool: 'read', result }));
    expect(replayNotice('Loaded', calls.slice(0, 2), same.slice(0, 2))).toEqual({
      kind: 'success',
      text: 'Loaded, 2 calls re-run: each gave the result recorded in the link.',
    });
    expect(replayNotice('Loaded', calls, same)).toEqual({
      kind: 'info',
      text: 'Loaded, 3 calls re-run: 2 gave the result recorded in the link, 1 without a recorded result to compare with; the others were not compared.',
    });
    const other = [ok('a'), failed('INVALID_PATH')].map((result) => ({ tool: 'read', result }));
    expect(replayNotice('Loaded', calls.slice(0, 2), other)).toEqual({
      kind: 'error',
      text: 'Loaded, 2 calls re-run, but 1 of 2 did not give the result recorded in the link: call 2 (read) gave an error (INVALID_PATH), recorded as a success. The history shows what each gave here.',
    });
  });

  it('compares the tools each call activated, when the link recorded them', () => {
    const search = ok('Activated: github_create_issue');
    const calls = [{ recorded: recordOf(search, ['github_create_issue']) }];
    expect(calls[0]?.recorded.activated).toEqual(['github_create_issue']);
    const same = [{ tool: 'tool_search', result: search, activated: ['github_create_issue'] }];
    expect(replayNotice('Loaded', calls, same).kind).toBe('success');
    const other = [{ tool: 'tool_search', result: search, activated: ['github_create_issue', 'slack_send'] }];
    expect(replayNotice('Loaded', calls, other)).toEqual({
      kind: 'error',
      text: "Loaded, 1 call re-run, but 1 of 1 did not give the result recorded in the link: call 1 (tool_search) activated github_create_issue, slack_send, where the author's call activated github_create_issue: the declarations after it differ. The history shows what each gave here.",
    });
    // A link made before links recorded activations compares the rest.
    const { activated: _, ...older } = recordOf(search);
    expect(replayNotice('Loaded', [{ recorded: older }], other).kind).toBe('success');
    expect(parseRecorded({ is_error: false, output: '4f9f2cab', activated: ['<b>'] })).toBe(
      '"recorded.activated" must be a list of at most 1000 tool names.',
    );
  });

  it('says plainly, and not in green, when no call was compared, and how to re-run', () => {
    // A link made before links recorded results, or written by hand.
    const old = [{}, {}];
    const ran = [ok('a'), ok('b')].map((result) => ({ tool: 'read', result }));
    expect(replayNotice('Loaded', old, ran)).toEqual({
      kind: 'info',
      text: "Loaded, 2 calls re-run: nothing was compared (2 without a recorded result to compare with), so this replay is not checked against what the link's author saw. A link copied from this page records each call's result.",
    });
    // Every call was stopped when the link was made: shown as recorded, none run.
    const stopped = { recorded: { is_error: true, code: 'ABORTED', output: '00000000' } };
    const shown = [{ tool: 'bash', result: failed('ABORTED') }];
    expect(replayNotice('Loaded', [stopped], shown)).toEqual({
      kind: 'info',
      text: 'Loaded, 0 calls re-run, 1 shown as recorded (stopped when the link was made, not re-run): nothing was compared, so this replay is not checked against what the link\'s author saw. To re-run the stopped calls, choose "Run the link again, stopped calls included".',
    });
    expect(
      replayNotice('Loaded', [stopped], [{ tool: 'bash', result: ok('ran') }], { rerunStopped: true }),
    ).toEqual({
      kind: 'info',
      text: "Loaded, 0 calls re-run, 1 run again though stopped when the link was made (not compared): nothing was compared (1 whose record is a stop), so this replay is not checked against what the link's author saw.",
    });
    expect(replayNotice('Loaded', [], [])).toEqual({
      kind: 'info',
      text: 'Loaded, 0 calls re-run: the link has no calls, so nothing was compared.',
    });
  });

  it('shows a call stopped when the link was made as recorded, without running it', async () => {
    const playground = await startPlayground();
    const recorded = { is_error: true, code: 'SCRIPT_TIMEOUT', output: '00000000' };
    // Run, the call would leave ran.txt behind at once, and `ls` would list it.
    const entries = await playground.reset({
      version: 1,
      files: {},
      calls: [
        { name: 'bash', arguments: { command: 'echo ran > ran.txt' }, recorded },
        { name: 'ls', arguments: {} },
      ],
    });
    expect(entries.map((entry) => entry.result.output)).toEqual([
      'bash: Not re-run: when this link was made, the call ended with SCRIPT_TIMEOUT (stopped before it answered), so the replay shows that instead of running it again. Run it from the composer to try it.',
      '(empty directory)',
    ]);
    const replayed = entries.map((entry) => ({ tool: 'bash', result: entry.result }));
    expect(replayDifferences([{ recorded }, {}], replayed)).toEqual({
      compared: 0,
      shown: 1,
      rerun: 0,
      differed: [],
    });
    // Made again into a link, the call keeps its stopped record, so that link shows it too.
    expect(playground.scenario().calls?.[0]?.recorded).toMatchObject({
      is_error: true,
      code: 'SCRIPT_TIMEOUT',
    });
  });
});
