/**
 * `npm run bench [-- --quick]`: benchmarks that print medians and ratios measured side by side in one
 * run. For now: the overhead of `suite.execute` (name resolution, argument extraction, validation,
 * policy, result building) over calling the same implementation directly.
 */
import { createToolSuite, type ToolImplementation } from '../src/index.ts';

const quick = process.argv.includes('--quick');
const rounds = quick ? 7 : 21;
const callsPerRound = quick ? 500 : 5_000;

const implementation: ToolImplementation = (args) => ({
  output: `read ${String(args.path)}`,
  structured_output: { path: String(args.path) },
});
const suite = createToolSuite({ builtins: false });
suite.register(
  {
    name: 'read_note',
    description: 'Read a note.',
    parameters: {
      type: 'object',
      properties: { path: { type: 'string' }, offset: { type: 'integer', minimum: 1 } },
      required: ['path'],
      additionalProperties: false,
    },
  },
  'direct',
  implementation,
);
const context = {
  workspace: () => suite.getWorkspace(),
  signal: new AbortController().signal,
  session: undefined,
  suite,
  caller: 'model' as const,
  toolName: 'read_note',
};

async function time(run: () => unknown): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < callsPerRound; i += 1) await run();
  return ((performance.now() - start) * 1000) / callsPerRound;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const direct: number[] = [];
const executed: number[] = [];
for (let round = 0; round < rounds; round += 1) {
  direct.push(await time(() => implementation({ path: 'a.md', offset: 2 }, context)));
  executed.push(await time(() => suite.execute('read_note', { path: 'a.md', offset: '2' })));
}
const directMedian = median(direct);
const executeMedian = median(executed);
console.log(
  `# Benchmarks (${quick ? 'quick' : 'full'}) — Node ${process.version}, ${new Date().toISOString()}`,
);
console.log('');
console.log('| measure | direct call (µs/call) | suite.execute (µs/call) | overhead (µs) | ratio |');
console.log('|---|---|---|---|---|');
console.log(
  `| call overhead, ${rounds} rounds × ${callsPerRound} calls, medians | ${directMedian.toFixed(2)} | ${executeMedian.toFixed(2)} | ${(executeMedian - directMedian).toFixed(2)} | ${(executeMedian / directMedian).toFixed(1)}× |`,
);
