/**
 * Arbitrary edit sequences on arbitrary files, on every backend (fault rows 1-3, 6 and 10 of tests/faults/README.md): each
 * edit is checked against a model (plain string replacement of a text that occurs exactly once), so a
 * successful edit changes only its region, a refused one (absent, not unique, no-op, empty) changes
 * nothing, and a batch of concurrent edits and writes to one file ends exactly where applying them one
 * by one in call order ends: every call is applied or rejected, none is lost. The alphabet has no
 * blanks, quotes or dashes, so the fuzzy matcher never applies and the model is exact.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createToolSuite, type ToolResult, type Workspace } from '../../src/index.ts';
import { expectClearError, expectResultShape } from '../../src/testing/index.ts';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';
import { createWebContainerWorkspace } from '../../src/workspace/webcontainer/index.ts';
import { createWebContainerStandIn, type WebContainerStandIn } from '../workspace/webcontainer-stand-in.ts';
import { fuzzRuns } from './runs.ts';

const RUNS = fuzzRuns(100);
const PATH = 'seq.txt';

const standIns: WebContainerStandIn[] = [];
afterAll(() => {
  for (const standIn of standIns) standIn.dispose();
});

const BACKENDS: [string, () => Promise<Workspace>][] = [
  ['just-bash', () => createJustBashWorkspace()],
  [
    'webcontainer (stand-in)',
    async () => {
      const standIn = createWebContainerStandIn();
      standIns.push(standIn);
      return createWebContainerWorkspace(standIn);
    },
  ],
];

const WORDS = ['a', 'b', 'ab', 'foo', 'bar', 'x1', 'é', '中', '😀', '\n'];
const text = (min: number, max: number): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...WORDS), { minLength: min, maxLength: max }).map((parts) => parts.join(''));

/** An operation: an edit whose oldText is a slice of the current file (or any text), or a write. */
type Op =
  | { kind: 'edit'; from: number; length: number; other: string; useOther: boolean; newText: string }
  | { kind: 'write'; content: string };

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      from: fc.nat({ max: 200 }),
      length: fc.integer({ min: 0, max: 12 }),
      other: text(0, 3),
      useOther: fc.boolean(),
      newText: text(0, 4),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('write' as const), content: text(0, 30) }) },
);

/** Overlapping occurrences, as the edit tool counts them. */
function count(haystack: string, needle: string): number {
  let found = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) found += 1;
  return found;
}

/** The arguments of `op` against `current`, and what the file holds after it (undefined: refused). */
function plan(op: Op, current: string): { tool: string; args: Record<string, unknown>; next?: string } {
  if (op.kind === 'write')
    return { tool: 'write', args: { path: PATH, content: op.content }, next: op.content };
  const chars = [...current];
  const from = chars.length === 0 ? 0 : op.from % chars.length;
  const oldText = op.useOther ? op.other : chars.slice(from, from + op.length).join('');
  const args = { path: PATH, oldText, newText: op.newText };
  if (oldText === '' || oldText === op.newText || count(current, oldText) !== 1)
    return { tool: 'edit', args };
  return { tool: 'edit', args, next: current.replace(oldText, () => op.newText) };
}

function check(result: ToolResult, tool: string, expected: string | undefined): void {
  expectResultShape(result);
  if (expected === undefined) expectClearError(result, tool, PATH);
  else expect(result.is_error, result.output).toBe(false);
}

describe.each(BACKENDS)('edit sequences: %s', (_name, create) => {
  it('each edit changes only its region or nothing; the file always equals the model', async () => {
    const workspace = await create();
    const suite = createToolSuite({ workspace });
    const read = async (): Promise<string> =>
      new TextDecoder().decode(await workspace.readFile(`${workspace.root}/${PATH}`));
    const outcomes = { applied: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(
        text(1, 40),
        fc.array(opArbitrary, { minLength: 1, maxLength: 8 }),
        async (start, ops) => {
          await workspace.writeFile(`${workspace.root}/${PATH}`, start);
          let model = start;
          for (const op of ops) {
            const { tool, args, next } = plan(op, model);
            const result = await suite.execute(tool, args);
            check(result, tool, next);
            if (tool === 'edit') outcomes[next === undefined ? 'refused' : 'applied'] += 1;
            if (next !== undefined) model = next;
            expect(await read()).toBe(model);
          }
        },
      ),
      { numRuns: RUNS },
    );
    // Both paths were exercised, so the property did not pass by refusing (or applying) everything.
    expect(outcomes.applied).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  }, 120_000);

  it('concurrent edits and writes to one file: each applied or rejected in call order, none lost', async () => {
    const workspace = await create();
    const suite = createToolSuite({ workspace });
    await fc.assert(
      fc.asyncProperty(
        text(1, 40),
        fc.array(opArbitrary, { minLength: 2, maxLength: 8 }),
        async (start, ops) => {
          await workspace.writeFile(`${workspace.root}/${PATH}`, start);
          // Arguments are fixed before the batch starts (against the start content), as a model sends them.
          const calls = ops.map((op) => plan(op, start));
          const results = await Promise.all(calls.map(({ tool, args }) => suite.execute(tool, args)));
          let model = start;
          for (const [index, { tool, args }] of calls.entries()) {
            const replay =
              tool === 'write'
                ? String(args.content)
                : (() => {
                    const oldText = String(args.oldText);
                    const newText = String(args.newText);
                    if (oldText === '' || oldText === newText || count(model, oldText) !== 1)
                      return undefined;
                    return model.replace(oldText, () => newText);
                  })();
            check(results[index] as ToolResult, tool, replay);
            if (replay !== undefined) model = replay;
          }
          expect(new TextDecoder().decode(await workspace.readFile(`${workspace.root}/${PATH}`))).toBe(model);
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);
});
