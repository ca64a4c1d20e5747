/**
 * Background programs in the WebContainer's shell: `npm run dev &` starts the program to keep running
 * after the call (background-jobs.ts), `jobs` lists what runs with its ports and new output, `kill %N`
 * stops one. just-bash's interpreter runs a statement ended with `&` in the foreground until the call's
 * timeout, so before the script runs, such a statement whose last command is a container program is
 * rewritten to start that program through {@link BACKGROUND_COMMAND} (parsed and printed again by
 * just-bash itself). Imports just-bash, this folder and workspace.ts (types).
 */
import { type Bash, type Command, type CommandContext, defineCommand } from 'just-bash';
import type { BackgroundProcess, ServeResult } from '../workspace.ts';
import type { BackgroundJobs } from './background-jobs.ts';

/** The interpreter's command that starts a program in the background: what `program args &` becomes. */
const BACKGROUND_COMMAND = 'start-in-background';

/** How much of a program's new output `jobs` shows, per program. */
const JOBS_OUTPUT_LINES = 40;

type Script = ReturnType<Bash['transform']>['ast'];
type Statement = Script['statements'][number];

/**
 * The script with each top-level statement ended with `&` whose last command is one of `programs`
 * (`npm run dev &`, `cd app && npx vite --port 3000 > log &`) starting that program through
 * {@link BACKGROUND_COMMAND}; the script itself when there is none, or it does not parse (the
 * interpreter then reports the syntax error). Other backgrounded statements are left as they are.
 * `bash` parses and prints the script (just-bash's browser build exports no parser of its own): a
 * transform plugin of its own is registered on it, so it must be a shell made for this call.
 */
export function startInBackground(bash: Bash, script: string, isProgram: (name: string) => boolean): string {
  if (!script.includes('&')) return script;
  let rewritten = false;
  bash.registerTransformPlugin({
    name: 'start-in-background',
    transform({ ast }: { ast: Script }) {
      for (const statement of ast.statements) {
        if (statement.background && rewriteLastCommand(statement, isProgram)) rewritten = true;
      }
      return { ast };
    },
  });
  try {
    const transformed = bash.transform(script).script;
    return rewritten ? transformed : script;
  } catch {
    return script;
  }
}

/** Makes the statement's last command a start of its program; false when it is no container program. */
function rewriteLastCommand(statement: Statement, isProgram: (name: string) => boolean): boolean {
  const pipeline = statement.pipelines[statement.pipelines.length - 1];
  const command = pipeline?.commands.length === 1 ? pipeline.commands[0] : undefined;
  if (command?.type !== 'SimpleCommand' || !command.name) return false;
  const [part, ...more] = command.name.parts;
  if (more.length > 0 || part?.type !== 'Literal' || !isProgram(part.value)) return false;
  // Output redirections would catch only the start's report; the program's later output is read
  // with jobs. They are dropped, and the report says so.
  const kept = command.redirections.filter((redirection) => INPUT_OPERATORS.has(redirection.operator));
  const dropped = kept.length < command.redirections.length;
  command.redirections = kept;
  command.args = [...(dropped ? [literal(DROPPED_REDIRECTS_FLAG)] : []), command.name, ...command.args];
  command.name = literal(BACKGROUND_COMMAND);
  statement.background = false;
  return true;
}

/** Redirections that feed the program rather than catch its output. */
const INPUT_OPERATORS: ReadonlySet<string> = new Set(['<', '<<', '<<-', '<<<', '<&', '<>']);
/** The first argument of {@link BACKGROUND_COMMAND} when the statement's output redirections were dropped. */
const DROPPED_REDIRECTS_FLAG = '--output-redirected';

const literal = (value: string) => ({ type: 'Word' as const, parts: [{ type: 'Literal' as const, value }] });

/** What starting a program needs from the shell: its environment and directory, and the jobs. */
export interface BackgroundShell {
  jobs: BackgroundJobs;
  /** The workdir-relative cwd of a command's context, or a refusal when it is outside the workdir. */
  directory(ctx: CommandContext, name: string): { cwd: string | undefined; absolute: string } | string;
  environment(ctx: CommandContext): Record<string, string>;
  /** When the start must return: before the call's own timeout. */
  deadline(): number;
  /** The call's stop (timeout or abort). */
  stop: AbortSignal;
  /** Drops what the script's walks fetched: the program may change any file. */
  forget(): void;
}

/** The interpreter commands `start-in-background`, `jobs` and `kill` over the workspace's jobs. */
export function backgroundCommands(shell: BackgroundShell): Command[] {
  return [
    defineCommand(BACKGROUND_COMMAND, async (words, ctx) => {
      const redirected = words[0] === DROPPED_REDIRECTS_FLAG;
      const [name, ...rest] = redirected ? words.slice(1) : words;
      if (name === undefined) return failure(`${BACKGROUND_COMMAND}: name a program to start.\n`, 2);
      const where = shell.directory(ctx, name);
      if (typeof where === 'string') return failure(where, 126);
      const started = await shell.jobs.start({
        command: name,
        args: rest,
        cwd: where.cwd,
        absoluteCwd: where.absolute,
        env: shell.environment(ctx),
        deadline: shell.deadline(),
        signal: shell.stop,
      });
      shell.forget();
      const note = redirected ? `${REDIRECT_NOTE}\n` : '';
      return { stdout: `${startReport(started)}${note}`, stderr: '', exitCode: startExitCode(started) };
    }),
    defineCommand('jobs', async () => ({ stdout: jobsReport(shell.jobs), stderr: '', exitCode: 0 })),
    defineCommand('kill', async (args) => killJobs(shell.jobs, args)),
  ];
}

const failure = (stderr: string, exitCode: number) => ({ stdout: '', stderr, exitCode });

/** Said when `program > file &` had its redirection dropped. */
const REDIRECT_NOTE =
  "(Its output redirection was not applied: a background program's output is not written to a file here; jobs shows what it prints.)";

/** The code of a start: 0 while the program runs, else its own exit code (1 when stopped at once). */
function startExitCode(started: ServeResult): number {
  if (started.process.state === 'running') return 0;
  return started.process.exitCode ?? 1;
}

/** One line for a program: its id, state, command, directory and ports. */
function describeJob(job: BackgroundProcess): string {
  const state =
    job.state === 'running'
      ? 'running'
      : job.state === 'stopped'
        ? 'stopped'
        : `exited with code ${job.exitCode ?? 'unknown'}`;
  const ports = job.ports.map((served) => `port ${served.port} at ${served.url}`).join(', ');
  return `[${job.id}] ${state}: ${job.command} (in ${job.cwd})${ports === '' ? '' : `; ${ports}`}`;
}

/** What `program &` prints: the program's output so far, then where it stands and what to do next. */
function startReport(started: ServeResult): string {
  const { process: job, ready } = started;
  const output =
    started.output === '' || started.output.endsWith('\n') ? started.output : `${started.output}\n`;
  const next = `jobs lists it with its ports and new output; kill %${job.id} stops it`;
  const status: Record<ServeResult['ready'], string> = {
    port: `[${job.id}] ${job.command} runs in the background and serves ${job.ports.map((served) => `port ${served.port} at ${served.url}`).join(', ')} (${next}).`,
    output: `[${job.id}] ${job.command} runs in the background; it has opened no port yet (${next}).`,
    waiting: `[${job.id}] ${job.command} runs in the background; it has printed nothing and opened no port yet (${next}).`,
    exited:
      job.state === 'stopped'
        ? `[${job.id}] ${job.command} was stopped before it was ready.`
        : `[${job.id}] ${job.command} exited with code ${job.exitCode ?? 'unknown'} before it was ready: it does not run in the background.`,
  };
  return `${output}${status[ready]}\n`;
}

/** `jobs`: each program, and what it printed since the last look (its last lines). */
function jobsReport(jobs: BackgroundJobs): string {
  const all = jobs.list();
  if (all.length === 0) return 'No background programs: start one with & at the end (npm run dev &).\n';
  const lines: string[] = [];
  for (const job of all) {
    lines.push(describeJob(job));
    const output = (jobs.newOutput(job.id) ?? '').replace(/\n$/, '');
    if (output === '') continue;
    const printed = output.split('\n');
    const shown = printed.slice(-JOBS_OUTPUT_LINES);
    const skipped = printed.length - shown.length;
    lines.push(
      `    new output${skipped > 0 ? ` (its last ${shown.length} lines; ${skipped} earlier ones not shown)` : ''}:`,
      ...shown.map((line) => `    ${line}`),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** `kill %N ...`: stops background programs; anything else is refused (no pids here). */
async function killJobs(jobs: BackgroundJobs, args: string[]) {
  const targets = args.filter((arg) => !/^-(?:[0-9]+|[A-Z]+|s)$/.test(arg));
  if (targets.length === 0)
    return failure('kill: name a background program: kill %N, with N from jobs.\n', 2);
  let stdout = '';
  let stderr = '';
  for (const target of targets) {
    const id = /^%([0-9]+)$/.exec(target)?.[1];
    const job = id === undefined ? undefined : await jobs.stop(Number(id));
    if (id === undefined) {
      stderr += `kill: ${target}: only background programs can be stopped here: kill %N, with N from jobs.\n`;
    } else if (!job) stderr += `kill: ${target}: no such background program (jobs lists them).\n`;
    else stdout += `${describeJob(job)}\n`;
  }
  return { stdout, stderr, exitCode: stderr === '' ? 0 : 1 };
}
