/**
 * One embedded side of section 9 in a process of its own, driven over IPC by
 * bench/sections/shell-speed.ts: `tsx bench/shell/side-child.ts SIDE SETTINGS`, SETTINGS the workload's
 * sizes as JSON (`ShellWorkloadSettings`, bench/shell/workload.ts) and SIDE one of
 *
 * - `raw`: just-bash alone, `new Bash({ files, cwd, executionLimits })`, its defaults otherwise
 *   (defense-in-depth on, the `normal` profile) with the count limits raised so every command finishes;
 * - `tool`: the bash tool as a model calls it, `suite.execute('bash', { command, timeout: 600 })` from
 *   `createToolSuite` over `createJustBashWorkspace({ files })`, with the package's defaults;
 * - `tool-no-defense`: the same with `createJustBashWorkspace({ files, defenseInDepth: false })`.
 *
 * Why a process each: just-bash's defense-in-depth makes V8 leave some of its fast paths for good
 * once a command ran (docs/backends.md), for every later line of JavaScript in the process, so sides
 * sharing one would measure each other's settings. The processes run one at a time, never together.
 *
 * Protocol: the child sends `{ type: 'ready', setupMs }`; then, for each `{ type: 'run', command,
 * repeat, changes? }`, it collects garbage, runs the command `repeat` times in a row and answers with
 * the wall and CPU time of all of them (`process.cpuUsage`, every thread of the process: its GC
 * helpers too), the last call's output, and a digest of `changes` after it; `{ type: 'exit' }` ends it.
 */
import { createHash } from 'node:crypto';
import { Bash } from 'just-bash';
import { createToolSuite } from '../../src/index.ts';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';
import { collectGarbage } from '../lib/stats.ts';
import { FULL_WORKLOAD, type ShellWorkloadSettings, workloadFiles } from './workload.ts';

/** Where the files are, on every side: the embedded workspace's default root. */
const ROOT = '/workspace';

/**
 * The limits raw just-bash needs raised to finish the workload: its `normal` profile stops a shell
 * loop, and the commands of a script, at 100,000 (a `while read` over 100,000 lines runs 300,000).
 */
const RAW_LIMITS = { maxCommandCount: 1_000_000_000, maxLoopIterations: 1_000_000_000 };

interface Side {
  /** Runs `command` once; returns its output as the side reports it. */
  run(command: string): Promise<string>;
  /** The bytes of `path` (relative to the root) now. */
  read(path: string): Promise<Uint8Array>;
}

async function rawSide(files: Record<string, string>): Promise<Side> {
  const absolute = Object.fromEntries(Object.entries(files).map(([path, text]) => [`${ROOT}/${path}`, text]));
  const bash = new Bash({ files: absolute, cwd: ROOT, executionLimits: RAW_LIMITS });
  return {
    async run(command) {
      const result = await bash.exec(command);
      return `${result.stdout}${result.stderr}`;
    },
    read: (path) => bash.fs.readFileBuffer(`${ROOT}/${path}`),
  };
}

async function toolSide(files: Record<string, string>, defenseInDepth: boolean): Promise<Side> {
  const workspace = await createJustBashWorkspace({ files, ...(defenseInDepth ? {} : { defenseInDepth }) });
  const suite = createToolSuite({ workspace });
  return {
    async run(command) {
      const result = await suite.execute('bash', { command, timeout: 600 });
      const spilled = result.details.spilled_path;
      // A cut output is compared whole: the spill file holds what the model can page through.
      if (typeof spilled === 'string') return new TextDecoder().decode(await workspace.readFile(spilled));
      if (result.is_error) return `[error] ${result.output}`;
      return result.output === '(no output)' ? '' : result.output;
    },
    read: (path) => workspace.readFile(`${ROOT}/${path}`),
  };
}

async function main(): Promise<void> {
  const [name = '', settings = JSON.stringify(FULL_WORKLOAD)] = process.argv.slice(2);
  const files = workloadFiles(JSON.parse(settings) as ShellWorkloadSettings);
  const started = performance.now();
  const side =
    name === 'raw'
      ? await rawSide(files)
      : name === 'tool' || name === 'tool-no-defense'
        ? await toolSide(files, name === 'tool')
        : undefined;
  if (!side) throw new Error(`side-child: unknown side ${JSON.stringify(name)}`);
  const send = (message: unknown): void => void process.send?.(message);
  send({ type: 'ready', setupMs: performance.now() - started });
  process.on(
    'message',
    async (message: { type: string; command: string; repeat: number; changes?: string }) => {
      if (message.type === 'exit') process.exit(0);
      // What the calls before left on the heap is not collected on this batch's clock.
      collectGarbage();
      const wallStarted = performance.now();
      const cpuStarted = process.cpuUsage();
      let output = '';
      for (let i = 0; i < message.repeat; i++) output = await side.run(message.command);
      const cpu = process.cpuUsage(cpuStarted);
      const wallMs = performance.now() - wallStarted;
      const digest = message.changes
        ? createHash('sha1')
            .update(await side.read(message.changes))
            .digest('hex')
        : undefined;
      send({ type: 'result', wallMs, cpuMs: (cpu.user + cpu.system) / 1000, output, digest });
    },
  );
}

await main();
