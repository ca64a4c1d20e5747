/**
 * Nothing a call sends makes its answer grow with it: a name that cannot be a tool name is refused
 * before any lookup or similarity search, every echo is clipped, problem lists and error messages have
 * caps. Sizes and texts are asserted here; how long it takes is measured in bench/.
 * Reaches inside: the caps asserted (MAX_ARGUMENT_KEYS, MAX_ERROR_DATA_*, MAX_ERROR_MESSAGE_CHARS,
 * MAX_FULLY_CHECKED_VALUES, MAX_COMPARED_CHARS) are exported by no entry; closestNames gets names of
 * megabytes that execute refuses before any similarity search, and validateArguments meets a validator
 * stubbed to run out of stack on three items, where a call would need 369,000 errors.
 */
import { Validator } from '@cfworker/json-schema';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { MAX_FULLY_CHECKED_VALUES, validateArguments } from '../../src/core/arguments.ts';
import {
  MAX_ARGUMENT_KEYS,
  MAX_ERROR_DATA_CHARS,
  MAX_ERROR_DATA_ITEMS,
  MAX_ERROR_MESSAGE_CHARS,
} from '../../src/core/index.ts';
import { closestNames, MAX_COMPARED_CHARS } from '../../src/core/similar.ts';
import { createCoreSuite, createToolSuite as createFullSuite, ToolError } from '../../src/index.ts';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';
import { fuzzRuns } from '../faults/runs.ts';

const NAME_RULE = 'tool names are 1-128 characters of letters, digits, "_", ".", ":" and "-"';

function plainSuite() {
  const suite = createFullSuite({ builtins: ['read', 'ls'] });
  return suite;
}

describe('a called name that cannot be a tool name', () => {
  it('a million characters: refused with a short echo, no suggestions', async () => {
    const result = await plainSuite().execute('q'.repeat(1_000_000), {});
    const head = 'q'.repeat(64);
    expect(result.output).toBe(
      `Unknown tool "${head}…" (1000000 characters): ${NAME_RULE}. Available tools: read, ls.`,
    );
    expect(result.structured_output).toEqual({
      error: { code: 'UNKNOWN_TOOL', message: result.output, tool: `${head}…`, suggestions: [] },
    });
  });

  it('a name that contains a registered name is not searched either, through executeCall too', async () => {
    const result = await plainSuite().executeCall({ name: `${'x'.repeat(3_000_000)}read`, arguments: {} });
    expect(result.output.length).toBeLessThan(300);
    expect(result.output).toContain(`(3000004 characters): ${NAME_RULE}.`);
  });

  it('characters no tool name has: refused, the name shown with its control characters escaped', async () => {
    const result = await plainSuite().execute('read file\n', {});
    // Only outer whitespace is trimmed, as before.
    expect(result.output).toBe(`Unknown tool "read file": ${NAME_RULE}. Available tools: read, ls.`);
    const control = await plainSuite().execute('re\u0000ad', {});
    expect(control.output).toBe(`Unknown tool "re\\u0000ad": ${NAME_RULE}. Available tools: read, ls.`);
  });

  it('the longest name register accepts (128 characters) is still called; 129 is refused', async () => {
    const suite = createFullSuite({ builtins: false });
    const longest = `t${'o'.repeat(127)}`;
    suite.register({ name: longest }, 'direct', () => 'ran');
    expect((await suite.execute(longest, {})).output).toBe('ran');
    expect(() => suite.register({ name: `${longest}o` }, 'direct')).toThrow(/1-128 characters/);
    expect((await suite.execute(`${longest}o`, {})).output).toBe(
      `Unknown tool "${longest.slice(0, 64)}…" (129 characters): ${NAME_RULE}. Available tools: ${longest}.`,
    );
  });

  it('an unknown-tool answer lists at most 50 available tools', async () => {
    const suite = createFullSuite({ builtins: false });
    for (let index = 0; index < 60; index += 1) suite.register({ name: `tool_${index}` }, 'direct');
    const result = await suite.execute('zzz', {});
    const listed = Array.from({ length: 50 }, (_, index) => `tool_${index}`).join(', ');
    expect(result.output).toBe(`Unknown tool "zzz". Available tools: ${listed} and 10 more.`);
  });
});

describe('closestNames bounds its work', () => {
  it('a target longer than any comparable name gets no suggestions, uncompared', () => {
    expect(closestNames('read'.repeat(1_000_000), ['read', 'write'])).toEqual([]);
    expect(closestNames('x'.repeat(MAX_COMPARED_CHARS + 1), ['x'])).toEqual([]);
    expect(closestNames('x', ['x'.repeat(MAX_COMPARED_CHARS + 1)])).toEqual([]);
  });

  it('ranks exactly as the full edit-distance matrix does, for names within the bound', () => {
    const name = fc.stringMatching(/^[a-e_]{1,12}$/);
    fc.assert(
      fc.property(name, fc.array(name, { maxLength: 8 }), (target, names) => {
        expect(closestNames(target, names)).toEqual(referenceClosest(target, names));
      }),
      { numRuns: fuzzRuns(2000) },
    );
    expect(closestNames('reed', ['read', 'write', 'edit'])).toEqual(['read']);
    expect(closestNames('wrtie', ['write'])).toEqual(['write']);
  });
});

describe('error texts have caps, whatever the call sent', () => {
  it(`${MAX_ARGUMENT_KEYS - 1} extra properties (the most a call may send): 20 problems listed, the rest counted, the echo clipped`, async () => {
    const args: Record<string, unknown> = { path: 'a.txt' };
    for (let index = 0; index < MAX_ARGUMENT_KEYS - 1; index += 1) args[`p${index}`] = index;
    const result = await plainSuite().execute('read', args);
    const lines = result.output.split('\n');
    expect(lines[0]).toBe('Invalid arguments for read:');
    expect(lines[1]).toBe('- p0: not a parameter of this tool (parameters: path, offset, limit).');
    expect(lines[20]).toBe('- p19: not a parameter of this tool (parameters: path, offset, limit).');
    expect(lines[21]).toBe('- … and 979 more problems.');
    expect(lines[22]).toMatch(/^Received: \{"path":"a\.txt","p0":0,.*… \(\d+ characters\)$/);
    expect(lines[23]).toBe('Fix the arguments and call read again.');
    expect(lines).toHaveLength(24);
    expect(result.output.length).toBeLessThan(3_000);
    const error = result.structured_output.error as Record<string, unknown>;
    expect(error.problems).toHaveLength(20);
    expect(error.problems_omitted).toBe(979);
    expect(JSON.stringify(result.structured_output).length).toBeLessThan(6_000);
  });

  it('50,000 extra properties: refused in one line before anything describes them, also inside an envelope', async () => {
    const args: Record<string, unknown> = { path: 'a.txt' };
    for (let index = 0; index < 50_000; index += 1) args[`p${index}`] = index;
    const sent = JSON.stringify(args);
    const problem =
      "the arguments have 50,001 keys, more than the 1,000 one call may have. This tool's parameters are path, offset, limit: send only those.";
    const result = await plainSuite().execute('read', args);
    expect(result.output).toBe(
      [
        'Invalid arguments for read:',
        `- ${problem}`,
        `Received: ${sent.slice(0, 600)}… (${sent.length} characters)`,
        'Fix the arguments and call read again.',
      ].join('\n'),
    );
    expect(result.structured_output).toEqual({
      error: {
        code: 'INVALID_ARGUMENTS',
        message: result.output,
        tool: 'read',
        problems: [problem],
      },
    });
    const wrapped = await plainSuite().execute('read', { input: args });
    expect(wrapped.output.split('\n')[1]).toBe(`- ${problem}`);
  });

  it('a tool without parameters says so when refusing too many keys', async () => {
    const suite = createFullSuite({ builtins: false });
    suite.register({ name: 'ping' }, 'direct', () => 'pong');
    const args = Object.fromEntries(
      Array.from({ length: MAX_ARGUMENT_KEYS + 1 }, (_, index) => [`k${index}`, 1]),
    );
    const result = await suite.execute('ping', args);
    expect(result.output.split('\n')[1]).toBe(
      '- the arguments have 1,001 keys, more than the 1,000 one call may have. This tool takes no parameters: send {}.',
    );
  });

  it(`${MAX_FULLY_CHECKED_VALUES.toLocaleString('en-US')} values of invalid edits (as many as are checked in full): every problem counted, 20 described`, async () => {
    // path, edits, and each edit with its one value: 10,000 values.
    const edits = Array.from({ length: MAX_FULLY_CHECKED_VALUES / 2 - 1 }, () => ({ oldText: 1 }));
    const result = await createFullSuite({ builtins: ['edit'] }).execute('edit', { path: 'a.txt', edits });
    const lines = result.output.split('\n');
    const listed = Array.from({ length: 10 }, (_, index) => [
      `- edits[${index}].newText: required but missing.`,
      `- edits[${index}].oldText: expected string, got number 1.`,
    ]).flat();
    expect(lines.slice(0, 22)).toEqual([
      'Invalid arguments for edit:',
      ...listed,
      '- … and 9978 more problems.',
    ]);
    expect(result.structured_output.error).toMatchObject({ problems_omitted: 9_978 });
  });

  it('200,000 invalid edits: the check stops at the first value with a problem, and says so', async () => {
    const edits = Array.from({ length: 200_000 }, () => ({ oldText: 1 }));
    const result = await createFullSuite({ builtins: ['edit'] }).execute('edit', { path: 'a.txt', edits });
    const lines = result.output.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      'Invalid arguments for edit:',
      '- edits[0].newText: required but missing.',
      '- edits[0].oldText: expected string, got number 1.',
      '- … perhaps more: the arguments hold over 10,000 values, so the check stopped at the first value with a problem.',
    ]);
    expect(lines[4]).toMatch(
      /^Received: \{"path":"a\.txt","edits":\[\{"oldText":1\},.*… \(\d+ characters\)$/,
    );
    const error = result.structured_output.error as Record<string, unknown>;
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENTS', problems_uncounted: true });
    expect(error).not.toHaveProperty('problems_omitted');
  });

  it("errors too many for the validator to gather (it runs out of stack): the first value's problems, uncounted", () => {
    // @cfworker/json-schema gathers a nested schema's errors with push(...errors), which throws a
    // RangeError past about 100,000 errors at once: 9,000 items failing 40 alternatives each do (bench
    // section 7 times that call). Here its gathering validator throws the same on three items, so the
    // test does the work of three, not of 369,000 errors.
    const validate = Validator.prototype.validate;
    const modes: boolean[] = [];
    const spy = vi.spyOn(Validator.prototype, 'validate').mockImplementation(function (
      this: Validator,
      instance,
    ) {
      const { shortCircuit } = this as unknown as { shortCircuit: boolean };
      modes.push(shortCircuit);
      if (!shortCircuit) throw new RangeError('Maximum call stack size exceeded');
      return validate.call(this, instance);
    });
    const alternatives = Array.from({ length: 40 }, (_, index) => ({ type: 'string', minLength: index }));
    const schema = {
      type: 'object',
      properties: { xs: { type: 'array', items: { anyOf: alternatives } } },
    } as const;
    try {
      const found = validateArguments({ xs: [1, 2, 3] }, schema, { describeAtMost: 20 });
      expect(found).toEqual({
        described: [
          'xs[0]: value does not match any subschemas (got number 1).',
          'xs[0]: expected string, got number 1.',
        ],
        count: null,
      });
      // The gathering validator ran out of stack, then the one that stops at the first problem answered.
      expect(modes).toEqual([false, true]);
    } finally {
      spy.mockRestore();
    }
  });

  it('one problem naming a huge property is clipped', async () => {
    const key = 'k'.repeat(100_000);
    const result = await plainSuite().execute('read', { path: 'a.txt', [key]: 1 });
    const problem = result.output.split('\n')[1] ?? '';
    expect(problem).toBe(`- ${'k'.repeat(300)}…`);
  });

  it('a thrown message over the cap is cut with a marker, in output and structured form', async () => {
    const suite = createCoreSuite();
    suite.register({ name: 'loud' }, 'direct', () => {
      throw new ToolError('e'.repeat(1_000_000));
    });
    const result = await suite.execute('loud', {});
    const kept = `loud: ${'e'.repeat(MAX_ERROR_MESSAGE_CHARS - 6)}`;
    const message = `${kept}… [message cut: the first ${MAX_ERROR_MESSAGE_CHARS} of 1000006 characters are shown]`;
    expect(result.output).toBe(message);
    expect(result.structured_output).toEqual({ error: { code: 'TOOL_FAILED', message, tool: 'loud' } });
  });

  it("an error's data keeps a clipped copy of a huge string and the first items of a huge list", async () => {
    const suite = createCoreSuite();
    suite.register({ name: 'echoing' }, 'direct', () => {
      throw new ToolError('Invalid glob.', {
        code: 'INVALID_GLOB',
        data: { pattern: 'a'.repeat(100_000), tried: Array.from({ length: 10_000 }, (_, i) => i) },
      });
    });
    const result = await suite.execute('echoing', {});
    expect(result.structured_output).toEqual({
      error: {
        code: 'INVALID_GLOB',
        message: 'echoing: Invalid glob.',
        tool: 'echoing',
        pattern: `${'a'.repeat(MAX_ERROR_DATA_CHARS)}…`,
        tried: Array.from({ length: MAX_ERROR_DATA_ITEMS }, (_, i) => i),
        data_clipped: true,
      },
    });
  });

  it('data under the size cap is kept whole, however many items it has', async () => {
    const suite = createCoreSuite();
    const lines = Array.from({ length: 1000 }, (_, i) => `line ${i}`);
    suite.register({ name: 'chatty' }, 'direct', () => {
      throw new ToolError('Failed.', { data: { lines } });
    });
    const result = await suite.execute('chatty', {});
    expect(result.structured_output).toEqual({
      error: { code: 'TOOL_FAILED', message: 'chatty: Failed.', tool: 'chatty', lines },
    });
  });

  it('find with a 100,000-character pattern answers in a few kilobytes', async () => {
    const suite = createFullSuite({ workspace: () => createJustBashWorkspace({ files: { 'a.txt': 'x' } }) });
    const result = await suite.execute('find', { pattern: `{${'a'.repeat(100_000)}` });
    expect(result.is_error).toBe(true);
    expect(JSON.stringify(result.structured_output).length).toBeLessThan(20_000);
  });
});

/** The ranking before the work was bounded: a full optimal-string-alignment matrix per name. */
function referenceClosest(target: string, names: readonly string[], limit = 3): string[] {
  const wanted = target.toLowerCase();
  const score = (a: string, b: string): number => {
    if (a.length > 0 && b.length > 0 && (a.includes(b) || b.includes(a))) return 1;
    const d = Array.from({ length: a.length + 1 }, (_, i) =>
      Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
    );
    const at = (i: number, j: number): number => d[i]?.[j] ?? Number.POSITIVE_INFINITY;
    for (let i = 1; i <= a.length; i += 1) {
      for (let j = 1; j <= b.length; j += 1) {
        const cost = a[i - 1] === b[j - 1] ? 0 : 1;
        let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
          best = Math.min(best, at(i - 2, j - 2) + 1);
        const row = d[i];
        if (row) row[j] = best;
      }
    }
    return at(a.length, b.length);
  };
  return names
    .map((name, order) => ({ name, order, distance: score(wanted, name.toLowerCase()) }))
    .filter(
      ({ distance, name }) => distance <= Math.max(2, Math.ceil(Math.max(wanted.length, name.length) / 3)),
    )
    .sort((a, b) => a.distance - b.distance || a.order - b.order)
    .slice(0, limit)
    .map(({ name }) => name);
}
