/**
 * Section 7: hostile inputs. Every call must cost the host time and memory bounded by the work the
 * tool does, never by the size of a name or an error. Each case is one call a model can send cheaply
 * (a long tool name, an ambiguous edit, a write over a big file, thousands of stray arguments, huge
 * patterns and paths), run at size n and at 10n through `suite.execute` on the embedded backend, in
 * this process, so its time is time the host thread spends.
 *
 * Two figures per call: the wall time of the awaited call, and the longest stretch during it in which
 * the event loop could not run (a 1 ms `setInterval` probe; the gap up to the call's return counts
 * too). Growth is the 10n figure over the n figure: linear work gives about 10×. The size of what the
 * call returns (`output` characters, `structured_output` JSON characters) is reported at 10n.
 */

import { createInProcessRunner } from '../../src/codemode/in-process-runner.ts';
import { enableCodemode } from '../../src/codemode/index.ts';
import { createToolSuite, type ToolResult, type ToolSuite } from '../../src/index.ts';
import { mountMcpServer } from '../../src/mcp/index.ts';
import { createJustBashWorkspace, importZip } from '../../src/workspace/just-bash/index.ts';
import type { Workspace } from '../../src/workspace/workspace.ts';
import { hostileServer } from '../../tests/mcp/hostile-server.ts';
import { craftZip } from '../../tests/workspace/zip-craft.ts';
import { collectGarbage, fixed, median, table, verdict } from '../lib/stats.ts';
import type { BenchContext, SectionResult } from './types.ts';

/** Growth from n to 10n allowed: linear is 10×, plus some room for noise. */
const TARGET_GROWTH = 12;
/** Every call at 10n must end within bash's default timeout. */
const TARGET_MS = 30_000;
/**
 * The most a result may hold at 10n (`output` characters plus `structured_output` JSON characters):
 * none of these calls has anything large to return, so a result that grows with the input is an echo.
 */
const TARGET_RESULT_CHARS = 100_000;
/**
 * Below this many ms at 10n a call is too short for its growth to mean anything (fixed costs and
 * timer noise decide it), so its growth target counts as met; the figures are printed all the same.
 */
const NOISE_FLOOR_MS = 50;

type Suite = ToolSuite<Workspace>;

interface HostileCase {
  label: string;
  /** What n counts, for the table: "characters", "lines", "properties". */
  unit: string;
  /** n in a full run; a quick run uses {@link HostileCase.quickSize}. */
  size: number;
  quickSize: number;
  /** Untimed: puts the files the call needs in place (again before every call). */
  prepare?: (workspace: Workspace, n: number) => Promise<void>;
  call: (suite: Suite, n: number) => Promise<ToolResult>;
}

/** `0,\n1,\n…`: n lines, one comma each. */
function commaLines(n: number): string {
  let text = '';
  for (let index = 0; index < n; index += 1) text += `${index},\n`;
  return text;
}

/** `line 0\nline 1\n…`: n numbered lines. */
function numberedLines(n: number): string {
  let text = '';
  for (let index = 0; index < n; index += 1) text += `line ${index}\n`;
  return text;
}

async function put(workspace: Workspace, path: string, text: string): Promise<void> {
  await workspace.writeFile(`${workspace.root}/${path}`, new TextEncoder().encode(text));
}

/**
 * A host call (an import, a mount) as a result the table can size: its value as JSON in `output`, or
 * its error's message with `is_error`.
 */
async function hostCall(run: () => Promise<unknown>): Promise<ToolResult> {
  try {
    const value = await run();
    return {
      output: JSON.stringify(value ?? null),
      structured_output: {},
      details: { duration_ms: 0 },
      is_error: false,
    };
  } catch (error) {
    const output = error instanceof Error ? error.message : String(error);
    return { output, structured_output: {}, details: { duration_ms: 0 }, is_error: true };
  }
}

/** Inputs a host case builds once per size, untimed (a zip is slow to make and quick to refuse). */
const built = new Map<string, Uint8Array>();
function once(key: string, make: () => Uint8Array): Uint8Array {
  let value = built.get(key);
  if (value === undefined) {
    value = make();
    built.set(key, value);
  }
  return value;
}

const lyingZip = (n: number): Uint8Array =>
  once(`lying-${n}`, () => craftZip([{ name: 'bomb.bin', content: new Uint8Array(n), size: 10 }]));
const manyZip = (n: number): Uint8Array =>
  once(`many-${n}`, () => {
    const zeros = new Uint8Array(6 * 1024);
    return craftZip(
      Array.from({ length: n }, (_, index) => ({ name: `d${index % 50}/f${index}.bin`, content: zeros })),
    );
  });
const deepZip = (n: number): Uint8Array =>
  once(`deep-${n}`, () =>
    craftZip([{ name: `${'d/'.repeat(n)}f.txt`, content: new TextEncoder().encode('x') }]),
  );

/** A tool whose one parameter is a list of strings, each matching one of 40 alternatives. */
const PICKER = {
  name: 'pick_strings',
  description: 'Picks strings.',
  parameters: {
    type: 'object',
    properties: {
      xs: {
        type: 'array',
        items: { anyOf: Array.from({ length: 40 }, (_, index) => ({ type: 'string', minLength: index })) },
      },
    },
  },
} as const;

const CASES: readonly HostileCase[] = [
  {
    label: 'unknown tool, name of n characters',
    unit: 'characters',
    size: 100_000,
    quickSize: 10_000,
    call: (suite, n) => suite.execute('q'.repeat(n), {}),
  },
  {
    label: "codemode `await tools['x'.repeat(n)]({})`",
    unit: 'characters',
    size: 100_000,
    quickSize: 10_000,
    call: (suite, n) => suite.execute('codemode', { code: `return await tools['x'.repeat(${n})]({});` }),
  },
  {
    label: 'read with n extra properties',
    unit: 'properties',
    size: 5_000,
    quickSize: 500,
    prepare: (workspace) => put(workspace, 'small.txt', 'hello\n'),
    call: (suite, n) => {
      const args: Record<string, unknown> = { path: 'small.txt' };
      for (let index = 0; index < n; index += 1) args[`extra${index}`] = index;
      return suite.execute('read', args);
    },
  },
  {
    // Two problems per edit: past 10,000 values the check stops at the first value with a problem,
    // since gathering them all cost 3 s at 200,000 edits and then overflowed the validator's stack.
    label: 'edit with n invalid edits (`oldText: 1`, no `newText`)',
    unit: 'edits',
    size: 20_000,
    quickSize: 2_000,
    call: (suite, n) =>
      suite.execute('edit', { path: 'small.txt', edits: Array.from({ length: n }, () => ({ oldText: 1 })) }),
  },
  {
    label: 'ambiguous edit (`oldText: ","`) on an n-line file',
    unit: 'lines',
    // Large enough that the call's fixed costs do not decide its growth.
    size: 20_000,
    quickSize: 5_000,
    prepare: (workspace, n) => put(workspace, 'commas.txt', commaLines(n)),
    call: (suite) => suite.execute('edit', { path: 'commas.txt', oldText: ',', newText: ';' }),
  },
  {
    label: 'replace-all edit of every line of an n-line file',
    unit: 'lines',
    size: 8_000,
    quickSize: 2_000,
    prepare: (workspace, n) => put(workspace, 'commas.txt', commaLines(n)),
    call: (suite) =>
      suite.execute('edit', { path: 'commas.txt', oldText: ',', newText: ';', replaceAll: true }),
  },
  {
    label: 'edit, oldText of n/2 "a" in a file of n "a"',
    unit: 'characters',
    size: 100_000,
    quickSize: 20_000,
    prepare: (workspace, n) => put(workspace, 'a.txt', 'a'.repeat(n)),
    call: (suite, n) => suite.execute('edit', { path: 'a.txt', oldText: 'a'.repeat(n / 2), newText: 'b' }),
  },
  {
    label: 'edit, oldText = the n-line file with its last line changed (not found)',
    unit: 'lines',
    size: 8_000,
    quickSize: 2_000,
    prepare: (workspace, n) => put(workspace, 'commas.txt', commaLines(n)),
    call: (suite, n) =>
      suite.execute('edit', { path: 'commas.txt', oldText: `${commaLines(n)}x`, newText: '' }),
  },
  {
    // Each edit is searched for in the whole file: the cost is edits × file, linear in either.
    label: 'edit with n edits, on a 20,000-line file',
    unit: 'edits',
    size: 1_000,
    quickSize: 100,
    prepare: (workspace) => put(workspace, 'commas.txt', commaLines(20_000)),
    call: (suite, n) =>
      suite.execute('edit', {
        path: 'commas.txt',
        edits: Array.from({ length: n }, (_, index) => ({
          oldText: `\n${index * 2 + 1},\n`,
          newText: '\nx\n',
        })),
      }),
  },
  {
    // Each hunk's changed line has trailing blanks the file lacks, so its exact form is absent and the
    // fuzzy pass finds it: a lookup that scanned from the cursor to the end of the file for every
    // absent form cost hunks × lines (500 → 2,000 hunks on 20,000 lines: 0.7 → 2.3 s).
    label: 'apply_patch with n hunks (fuzzy lines), on a 20,000-line file',
    unit: 'hunks',
    size: 400,
    quickSize: 100,
    prepare: (workspace) => put(workspace, 'lines.txt', numberedLines(20_000)),
    call: (suite, n) => {
      const step = Math.floor(20_000 / (10 * 400));
      let hunks = '';
      for (let hunk = 0; hunk < n; hunk += 1) {
        hunks += `@@\n line ${hunk * step}\n-line ${hunk * step + 1}  \n+LINE ${hunk * step + 1}\n`;
      }
      return suite.execute('apply_patch', {
        input: `*** Begin Patch\n*** Update File: lines.txt\n${hunks}*** End Patch`,
      });
    },
  },
  {
    label: 'write of n new lines over an n-line file',
    unit: 'lines',
    size: 8_000,
    quickSize: 2_000,
    prepare: (workspace, n) => put(workspace, 'commas.txt', commaLines(n)),
    call: (suite, n) => {
      let content = '';
      for (let index = 0; index < n; index += 1) content += `line ${index} rewritten\n`;
      return suite.execute('write', { path: 'commas.txt', content });
    },
  },
  {
    label: 'grep, pattern of n characters',
    unit: 'characters',
    size: 100_000,
    quickSize: 10_000,
    prepare: (workspace) => put(workspace, 'small.txt', 'hello\n'),
    call: (suite, n) => suite.execute('grep', { pattern: 'a'.repeat(n) }),
  },
  {
    // The embedded shell respells GNU forms of sed, awk, grep and xargs before a script runs
    // (option-spellings.ts); its pattern for sed's one-line `a\text` once tried every way of sharing
    // a run of blanks between three places, and 4,000 blanks took 60 s.
    label: "bash, `sed '<n blanks>p'` and `awk 'length<n blanks>x'`",
    unit: 'blanks',
    // At 10n the script is 800 KB, under the 1 MB that just-bash parses at most, so it runs.
    size: 40_000,
    quickSize: 4_000,
    prepare: (workspace) => put(workspace, 'small.txt', 'hello\n'),
    call: (suite, n) => {
      const blanks = ' '.repeat(n);
      return suite.execute('bash', {
        command: `sed '${blanks}p' small.txt; awk 'length${blanks}x' small.txt`,
      });
    },
  },
  {
    // Each quoted join in an assignment is respelled to a command substitution (array-joins.ts):
    // one subshell per join, so the cost must stay linear in the joins a word holds.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
    label: 'bash, an assignment of n `"${a[*]}"` joins',
    unit: 'joins',
    size: 1_000,
    quickSize: 200,
    call: (suite, n) =>
      suite.execute('bash', {
        // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
        command: `a=(p q); IFS=,; x="${'${a[*]}'.repeat(n)}"; echo \${#x}`,
      }),
  },
  {
    label: 'find, pattern of n characters',
    unit: 'characters',
    size: 100_000,
    quickSize: 10_000,
    call: (suite, n) => suite.execute('find', { pattern: `${'*a'.repeat(n / 2)}` }),
  },
  {
    // Below the 4,096 characters a search reads (tool_search refuses more), so that 10n is searched
    // whole: a query's quoted values are found in one pass, not by scanning from every opening quote
    // to the end. At this size a scan from every quote took 28 to 45 ms here, under the noise floor
    // when the machine is quiet, and a one-pass search 3 to 22 ms, so the row reports the time and
    // catches such a scan only under load; text-analysis.ts states why its scan is one pass.
    label: 'tool_search, query of n characters of opening quotes',
    unit: 'characters',
    size: 400,
    quickSize: 400,
    call: (suite, n) => suite.execute('tool_search', { query: ' “a ‘a «a "a \'a `a'.repeat(n).slice(0, n) }),
  },
  {
    // Distinct words up to the 4,096 characters a search reads: each is analysed, then the first 32
    // terms are looked up (tests/search/tool-index.test.ts checks both cuts; this row, the time).
    label: 'tool_search, query of n characters of distinct words',
    unit: 'characters',
    size: 400,
    quickSize: 400,
    call: (suite, n) =>
      suite.execute('tool_search', {
        query: Array.from({ length: n }, (_, index) => `word${index}`)
          .join(' ')
          .slice(0, n),
      }),
  },
  {
    // Each item fails all 40 alternatives: 41 errors an item. At 10n (369,000 errors) the validator
    // runs out of stack gathering them, and the call falls back to the first value's problems
    // (tests/core/bounds.test.ts checks that fallback): the row's time is the whole way there.
    label: `${PICKER.name}: n array items, each failing 40 alternatives (anyOf)`,
    unit: 'items',
    size: 900,
    quickSize: 200,
    call: (suite, n) => suite.execute(PICKER.name, { xs: Array.from({ length: n }, () => 1) }),
  },
  {
    // The entry declares 10 bytes: inflating stops there, whatever the stream holds. Inflated whole,
    // as before, the refusal cost the stream's full size (100 MB: 1 s).
    label: 'importZip, an entry declaring 10 bytes that inflates to n bytes (refused)',
    unit: 'bytes',
    size: 2_000_000,
    quickSize: 200_000,
    prepare: async (workspace, n) => {
      lyingZip(n);
      await workspace.rm(`${workspace.root}/bomb.bin`, { force: true });
    },
    call: (_suite, n) => hostCall(() => importZip(workspace(), lyingZip(n))),
  },
  {
    // One recursive mkdir for the leaf directory and one lookup per directory of the workspace. A
    // filesystem without symlinks skips just-bash's prefix-by-prefix symlink walk (listed-fs.ts); each
    // level is still a key of the path map, hashed whole once, so a part of the work grows with depth ×
    // path length, bounded by the 4,096 characters a path may have (about 2,000 levels; this row's 10n).
    label: 'importZip, one file n directories deep',
    unit: 'directories',
    size: 200,
    quickSize: 100,
    prepare: async (workspace, n) => {
      deepZip(n);
      await workspace.rm(`${workspace.root}/d`, { recursive: true, force: true });
    },
    call: (_suite, n) => hostCall(() => importZip(workspace(), deepZip(n))),
  },
  {
    // One budget of work between two yields spans the whole import (import-pacer.ts). Counted per
    // entry, it started over with each one: 9,000 entries of this size (1.1 MB of zip, inside the
    // default budgets) held the event loop for the whole import, 1.1 to 1.5 s.
    label: 'importZip, n entries of 6 KB of zeros',
    unit: 'entries',
    size: 900,
    quickSize: 100,
    prepare: async (workspace, n) => {
      manyZip(n);
      await workspace.rm(`${workspace.root}/many`, { recursive: true, force: true });
    },
    call: (_suite, n) => hostCall(() => importZip(workspace(), manyZip(n), { dir: 'many' })),
  },
  {
    // A walk lists every directory it enters. just-bash's in-memory listing went through every path
    // of the workspace, comparing paths thousands of characters long: `rm -rf` of 2,000 levels took
    // a minute. The embedded filesystem keeps each directory's names (listed-fs.ts).
    label: 'bash, `rm -rf` of a directory n levels deep',
    unit: 'directories',
    size: 200,
    quickSize: 100,
    prepare: (workspace, n) =>
      workspace.mkdir(`${workspace.root}/${'r/'.repeat(n)}leaf`, { recursive: true }),
    call: (suite) => suite.execute('bash', { command: 'rm -rf r' }),
  },
  {
    // A fresh suite (with tool_search following its catalog) mounts a server listing n tools on one
    // page, in memory: each tool is checked against the SDK's Tool schema and the caps, then registered.
    label: 'mountMcpServer, a server listing n tools',
    unit: 'tools',
    size: 500,
    quickSize: 200,
    call: (_suite, n) =>
      hostCall(async () => {
        const tools = Array.from({ length: n }, (_, index) => ({
          name: `tool_${index}`,
          description: `Tool number ${index} of the listing.`,
          inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
        }));
        const server = await hostileServer(() => ({ tools }));
        try {
          const mount = await mountMcpServer(createToolSuite({ builtins: [] }), server.client);
          return { mounted: mount.tools().length, skipped: mount.skipped().length };
        } finally {
          await server.close();
        }
      }),
  },
  {
    label: 'read, path of n characters',
    unit: 'characters',
    size: 100_000,
    quickSize: 10_000,
    call: (suite, n) => suite.execute('read', { path: 'd/'.repeat(n / 2) }),
  },
];

interface Measured {
  /** Median wall time of the awaited call, ms. */
  callMs: number;
  /** Median over the calls of the longest event-loop stall during each, ms. */
  blockMs: number;
  outputChars: number;
  structuredChars: number;
  isError: boolean;
}

/**
 * Times `call` `rounds` times. A 1 ms interval records the longest gap between its ticks; the gap
 * from the last tick to the call's return is counted as well, since a call that blocks until it
 * returns leaves no tick behind.
 */
async function measure(
  rounds: number,
  prepare: () => Promise<void>,
  call: () => Promise<ToolResult>,
): Promise<Measured> {
  const times: number[] = [];
  const stalls: number[] = [];
  let last: ToolResult | undefined;
  for (let round = 0; round < rounds; round += 1) {
    await prepare();
    collectGarbage();
    let lastTick = performance.now();
    let longest = 0;
    const probe = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - lastTick);
      lastTick = now;
    }, 1);
    const started = performance.now();
    last = await call();
    const ended = performance.now();
    clearInterval(probe);
    longest = Math.max(longest, ended - lastTick);
    times.push(ended - started);
    stalls.push(longest);
  }
  return {
    callMs: median(times),
    blockMs: median(stalls),
    outputChars: last?.output.length ?? 0,
    structuredChars: JSON.stringify(last?.structured_output ?? {}).length,
    isError: last?.is_error ?? false,
  };
}

function size(count: number): string {
  return count.toLocaleString('en-US');
}

/** The workspace of the run, for the host cases (set by {@link runHostile}). */
let current: Workspace | undefined;
const workspace = (): Workspace => current as Workspace;

export async function runHostile(context: BenchContext): Promise<SectionResult> {
  const rounds = context.quick ? 1 : 5;
  const workspace = await createJustBashWorkspace();
  current = workspace;
  const suite = createToolSuite({ workspace });
  suite.register(PICKER, 'direct', async () => ({ output: 'picked' }));
  const codemode = enableCodemode(suite, { runner: createInProcessRunner() });
  const rows: string[][] = [];
  let allFast = true;
  let allSmall = true;
  for (const hostile of CASES) {
    const n = context.quick ? hostile.quickSize : hostile.size;
    const at = async (count: number): Promise<Measured> =>
      measure(
        rounds,
        async () => hostile.prepare?.(workspace, count),
        () => hostile.call(suite, count),
      );
    // One untimed call first, so the n figure does not pay for compiling the code path.
    await hostile.prepare?.(workspace, n);
    await hostile.call(suite, n);
    const base = await at(n);
    const large = await at(10 * n);
    const growth = large.callMs / base.callMs;
    const blockGrowth = large.blockMs / base.blockMs;
    const met =
      large.callMs < TARGET_MS &&
      (large.callMs < NOISE_FLOOR_MS || (growth <= TARGET_GROWTH && blockGrowth <= TARGET_GROWTH));
    const resultChars = large.outputChars + large.structuredChars;
    const brief = resultChars <= TARGET_RESULT_CHARS;
    allFast &&= met;
    allSmall &&= brief;
    rows.push([
      hostile.label,
      `${size(n)} → ${size(10 * n)} ${hostile.unit}`,
      `${fixed(base.callMs, 1)} → ${fixed(large.callMs, 1)}`,
      `${fixed(growth, 1)}×`,
      `${fixed(base.blockMs, 1)} → ${fixed(large.blockMs, 1)}`,
      `${fixed(blockGrowth, 1)}×`,
      `${size(large.outputChars)} / ${size(large.structuredChars)}${large.isError ? ' (error)' : ''}`,
      met ? 'met' : '**NOT met**',
      brief ? 'met' : '**NOT met**',
    ]);
  }
  await codemode.dispose?.();
  await workspace.dispose?.();

  const markdown = [
    `Each call through \`suite.execute\` on the embedded backend, in this process, at size n and 10n (${rounds === 1 ? 'one call each' : `medians of ${rounds} calls each`}, after one untimed call at n; files put back in place untimed before every call). "call" is the wall time of the awaited call; "longest stall" the longest time the event loop could not run during it (a 1 ms interval probe, the gap up to the call's return included). Growth is the 10n figure over the n figure: linear work is about 10×. Result size at 10n: \`output\` characters / \`structured_output\` JSON characters.`,
    '',
    table(
      [
        'input',
        'n → 10n',
        'call (ms)',
        'growth',
        'longest stall (ms)',
        'growth',
        'result at 10n',
        'time target',
        'size target',
      ],
      rows,
    ),
    '',
    'Targets:',
    '',
    `- every case grows at most ${TARGET_GROWTH}× from n to 10n, in call time and in longest stall (a case under ${NOISE_FLOOR_MS} ms at 10n is too short for its growth to be measured and counts as met), and ends within ${TARGET_MS / 1000} s (bash's default timeout) at 10n: ${verdict(allFast)}`,
    `- every result at 10n holds at most ${size(TARGET_RESULT_CHARS)} characters (\`output\` plus \`structured_output\` JSON): nothing here has more to say, so more is an echo of the input: ${verdict(allSmall)}`,
  ].join('\n');
  return { title: '7. Hostile inputs', markdown, targetsMet: allFast && allSmall };
}
