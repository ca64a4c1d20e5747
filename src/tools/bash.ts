/**
 * The `bash` tool: runs a command through `Workspace.exec` and reports its combined output the way a
 * model can use it: escape sequences stripped, control characters made visible, tail-truncated to the
 * line and byte budgets with the full text spilled to a file `read` can page through. A non-zero exit,
 * a timeout, an abort and a sandbox limit hit are error results that keep the output. Imports core,
 * workspace.ts (the type) and the tools' own helpers.
 */

import type { FromSchema } from 'json-schema-to-ts';
import {
  type PeerContext,
  type PeerTranslated,
  ToolError,
  type ToolRepairs,
  type ToolSuite,
} from '../core/index.ts';
import { errorMessage, formatSize } from '../shared/index.ts';
import { type ExecResult, pathExists, type Workspace, WorkspaceError } from '../workspace/workspace.ts';
import { resolvePath, typeIfExists } from './files.ts';
import {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_LINES,
  sanitizeText,
  type Truncation,
  truncateTail,
} from './output.ts';
import { shellPatchCall } from './patch-call.ts';
import { type SpillOptions, spillOutput } from './spill.ts';
import {
  type BuiltinSpec,
  type BuiltinTool,
  defineBuiltin,
  type PathParameter,
  pathParameter,
} from './tool.ts';

/** The arguments `bash` takes: the `parameters` the model reads (tests pin every word). */
const BASH_PARAMETERS = {
  type: 'object',
  properties: {
    command: {
      type: 'string',
      minLength: 1,
      description: 'The command to run, as you would type it in bash.',
    },
    timeout: {
      type: 'number',
      exclusiveMinimum: 0,
      maximum: 600,
      description: 'Seconds before the command is stopped. Default: 30, at most 600.',
    },
    cwd: pathParameter('Directory to run in', 'the workspace root') as PathParameter,
  },
  required: ['command'],
  additionalProperties: false,
} as const;

export type BashInput = FromSchema<typeof BASH_PARAMETERS>;

/** The `bash` tool's spec: the name, description and parameters the model reads, and its effects. */
export const BASH_SPEC: BuiltinSpec<typeof BASH_PARAMETERS> = {
  name: 'bash',
  description:
    'Run a shell command in the workspace and return its combined stdout and stderr. Output is cut to the last 2000 lines or 50 KB; the full output is then saved to a file you can read. Each call starts a fresh shell. A non-zero exit code, a timeout or an abort is reported as an error. The shell is close to GNU bash but not it: only EXIT traps run, a command ending in & runs only if a wait follows it at once, sed has no \\U or \\L, a sort by key (-k, -t) or with -f orders by locale rather than bytes, and &, | and ^ in $(( )) are 32-bit.',
  parameters: BASH_PARAMETERS,
  effects: ['exec'],
};

/**
 * The schema of `structured_output` when `bash` succeeds. Not declared to models (see
 * `BuiltinParts.outputSchema`); codemode types `bash`'s results with it.
 */
export const BASH_OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    // The command as run: its first `MAX_ECHOED_COMMAND_CHARS` characters and `…` when longer.
    command: { type: 'string' },
    exit_code: { type: 'integer' },
    output: { type: 'string' },
    truncated: { type: 'boolean' },
    timed_out: { type: 'boolean' },
  },
  required: ['command', 'exit_code', 'output', 'truncated', 'timed_out'],
  additionalProperties: false,
} as const;

export type BashOutput = FromSchema<typeof BASH_OUTPUT_SCHEMA>;

/** The names other agents give bash's working directory. */
const CWD_ALIASES: readonly string[] = ['workdir', 'directory', 'dir_path', 'working_directory'];

/**
 * What `{restart: true}` without a command runs: Anthropic's bash tool restarts its session that way and
 * its callers expect success. Every call here starts a fresh shell, so there is nothing to restart, and
 * the model is told so.
 */
const RESTART_COMMAND = "echo 'Every call starts a fresh shell: there is no session to restart.'";

/**
 * The names other agents give bash and its parameters, and the shapes they send them in: argv arrays,
 * millisecond timeouts, and Codex's patches sent as an `apply_patch` command, which go to edit.
 */
export const BASH_REPAIRS: ToolRepairs = {
  aliases: [
    'Bash',
    'shell',
    'shell_command',
    'exec_command',
    'run_shell_command',
    'execute_command',
    'run_terminal_cmd',
  ],
  parameters: { command: ['cmd', 'script'], cwd: CWD_ALIASES },
  drop: ['description', 'justification', 'sandbox_permissions', 'login', 'explanation', 'shell'],
  dropWhenFalsy: ['run_in_background', 'is_background', 'background'],
  convert: [
    { kind: 'flag', from: 'restart', to: 'command', value: RESTART_COMMAND },
    { kind: 'scale', from: 'timeout_ms', to: 'timeout', divisor: 1000 },
  ],
  peers: {
    "Codex's apply_patch through the shell": { translate: shellPatchCall(['cwd', ...CWD_ALIASES]) },
    "Codex's shell: the command as an argv array": { translate: argvCall },
    "Claude Code's Bash: the timeout in milliseconds": {
      names: ['Bash'],
      convert: [{ kind: 'scale', from: 'timeout', to: 'timeout', divisor: 1000 }],
    },
  },
};

/** A command sent as an argv array (Codex's shell tool) becomes one shell command. */
function argvCall(args: Record<string, unknown>, context: PeerContext): PeerTranslated {
  for (const key of ['command', 'cmd']) {
    const argv = args[key];
    if (Array.isArray(argv) && argv.every((part) => typeof part === 'string')) {
      return { call: { name: context.tool, arguments: { ...args, [key]: argvToCommand(argv) } } };
    }
  }
  return undefined;
}

/**
 * Turns an argv array into one shell command: `["bash", "-lc", "ls -la"]` → `ls -la`; otherwise every
 * argument is quoted where the shell would split or expand it.
 */
function argvToCommand(argv: readonly string[]): string {
  const [program, flag, script] = argv;
  if (
    argv.length === 3 &&
    program !== undefined &&
    /^(?:\/(?:usr\/)?bin\/)?(?:ba|z|da)?sh$/.test(program) &&
    (flag === '-c' || flag === '-lc' || flag === '-lic' || flag === '-ic') &&
    script !== undefined
  ) {
    return script;
  }
  return argv
    .map((arg) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`))
    .join(' ');
}

/** Seconds a command may run when the call gives no `timeout`. */
const DEFAULT_BASH_TIMEOUT_SECONDS = 30;
/** The largest `timeout` a call may ask for, in seconds (the schema enforces it too). */
const MAX_BASH_TIMEOUT_SECONDS = 600;

/** Options of {@link createBashTool}. */
export interface BashToolOptions {
  /** Seconds before a command is stopped when the call gives no timeout. Default: 30 (`DEFAULT_BASH_TIMEOUT_SECONDS`). */
  defaultTimeoutSeconds?: number;
  /** Lines of output shown (the last ones). Default: `DEFAULT_MAX_LINES` (2,000). */
  maxLines?: number;
  /** Bytes of output shown (the last ones). Default: `DEFAULT_MAX_BYTES` (50 KB). */
  maxBytes?: number;
  /**
   * How spilled output is kept: by default the spill directory keeps the newest 20 files and at most
   * 50 MB (`SPILL_MAX_FILES`, `SPILL_MAX_BYTES`); older spill files are deleted.
   */
  spill?: SpillOptions;
}

/** The codes of bash's errors (`structured_output.error.code`). */
export const BASH_ERRORS = {
  EXIT_CODE: 'COMMAND_FAILED',
  NOT_FOUND: 'COMMAND_NOT_FOUND',
  LIMIT: 'LIMIT_EXCEEDED',
  TIMEOUT: 'COMMAND_TIMED_OUT',
  ABORTED: 'COMMAND_ABORTED',
  BAD_CWD: 'INVALID_CWD',
} as const;

/**
 * CSI, OSC (ended by BEL or ST) and two-character escape sequences. Backends are meant to strip them;
 * this is the defensive second pass, so colours and forged terminal markers never reach the model.
 */
const ANSI_SEQUENCE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching escape sequences is the point.
  /\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b\[[0-?]*[ -/]*[@-~]|\u001b[@-Z\\-_]/g;

/**
 * A command's output as the model is shown it: escape sequences removed, a CRLF line end as LF (other
 * agents' tools do the same; a lone CR stays), control characters made visible (`sanitizeText`).
 */
export function shownText(output: string): string {
  return sanitizeText(output.replace(ANSI_SEQUENCE, '').replace(/\r\n/g, '\n'));
}

/** What to do about most limits: less work per call. */
const SPLIT_THE_WORK = 'Split the work into smaller commands.';

/**
 * What the embedded shell prints when one of its execution limits stops a command (exit code 126),
 * mapped to words a model understands, and what to do instead when it is not {@link SPLIT_THE_WORK}.
 * First match wins.
 */
const LIMITS: readonly (readonly [RegExp, string, string?])[] = [
  // Ranges and brace words count against the whole call: seq makes long lists without them.
  [
    /brace expansion/i,
    'limit on brace expansion',
    'Make long lists with seq instead of braces (for i in $(seq 1 50000)), or split the work into smaller commands.',
  ],
  // The embedded shell does not run a grep of too many patterns (option-spellings.ts).
  [
    /patterns in one command/i,
    'limit on grep patterns',
    'Split the patterns over several greps of at most 10,000 each.',
  ],
  [/too many commands/i, 'limit on the number of commands one call may run'],
  [/recursion depth/i, 'limit on function recursion depth'],
  [/output size/i, 'limit on output size'],
  [/iteration limit|loop/i, 'limit on loop iterations'],
  [/work limit/i, 'limit on the work one call may do'],
  [/string (?:length )?limit|size limit/i, 'limit on string size'],
  [/element limit/i, 'limit on array size'],
  [/depth|nesting/i, 'limit on nesting depth'],
  [/byte limit|ENOSPC/i, 'limit on workspace storage'],
];

/**
 * The `bash` description for a workspace: the built-in one, then what the workspace says about its own
 * shell (which language, which programs exist) when it says anything.
 */
export function bashDescriptionFor(workspace: Pick<Workspace, 'shellDescription'>): string {
  const base = BASH_SPEC.description;
  const shell = workspace.shellDescription?.trim();
  return shell ? `${base} ${shell}` : base;
}

/**
 * Makes the registered `bash` declaration describe `workspace`'s shell: the spec is replaced (same
 * mode, implementation and budget; a catalog `replaced` event, so declarations and tool_search follow).
 * Called when the workspace is created, since declarations exist before it does. Does nothing when no
 * bash is registered, when its description is already right, or when the host gave bash a description
 * of its own.
 */
export function describeWorkspaceShell(suite: ToolSuite<Workspace>, workspace: Workspace): void {
  const tool = suite.get('bash');
  if (!tool) return;
  const base = BASH_SPEC.description;
  const current = tool.spec.description;
  if (current !== base && !current.startsWith(`${base} `)) return;
  const description = bashDescriptionFor(workspace);
  if (description === current) return;
  suite.register({ ...tool.spec, description }, tool.mode, tool.implementation, { replace: true });
}

/** Creates the `bash` tool. */
export function createBashTool(
  options: BashToolOptions = {},
): BuiltinTool<BashInput, BashOutput, typeof BASH_ERRORS> {
  const defaultTimeout = options.defaultTimeoutSeconds ?? DEFAULT_BASH_TIMEOUT_SECONDS;
  const maxLines = options.maxLines ?? DEFAULT_MAX_LINES;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  return defineBuiltin(
    BASH_SPEC,
    { errorCodes: BASH_ERRORS, repairs: BASH_REPAIRS, outputSchema: BASH_OUTPUT_SCHEMA },
    async (input, context) => {
      const workspace = await context.workspace();
      const command = input.command;
      const timeout = Math.min(input.timeout ?? defaultTimeout, MAX_BASH_TIMEOUT_SECONDS);
      const cwd = await workingDirectory(workspace, input.cwd);

      const result = await workspace.exec(command, {
        cwd,
        timeoutMs: Math.round(timeout * 1000),
        signal: context.signal,
      });
      const text = shownText(result.output);
      const truncation = truncateTail(text, { maxLines, maxBytes });
      const notices: string[] = [];
      let spilledPath: string | undefined;
      if (truncation.truncated) {
        try {
          spilledPath = await spillOutput(workspace, 'bash', text, options.spill);
          notices.push(cutNotice(truncation, spilledPath, maxLines, maxBytes));
        } catch (error) {
          notices.push(unsavedNotice(truncation, error, maxLines, maxBytes));
        }
      }
      notices.push(...(await afterCommandNotices(workspace, result)));
      const deletedFiles = result.deletedFiles ?? 0;
      const output = [truncation.content.replace(/\n+$/, ''), ...notices]
        .filter((part) => part !== '')
        .join('\n\n');
      const shown = output === '' ? '(no output)' : output;

      const structured = {
        command: echoedCommand(command),
        exit_code: result.exitCode,
        output: shown,
        truncated: truncation.truncated,
        timed_out: result.timedOut,
      };
      const details: Record<string, unknown> = {
        line_count: truncation.totalLines,
        exit_code: result.exitCode,
        ...(spilledPath === undefined ? {} : { spilled_path: spilledPath }),
        ...(truncation.truncated ? { truncation: truncationDetails(truncation) } : {}),
        ...(result.droppedBytes > 0 ? { dropped_bytes: result.droppedBytes } : {}),
        ...(deletedFiles > 0 ? { deleted_files: deletedFiles, restorable: true } : {}),
        ...backgroundDetails(workspace),
      };

      const failure = await failureOf(workspace, result, timeout);
      if (failure) {
        throw new ToolError(failure.message, {
          code: failure.code,
          output,
          data: { ...structured, aborted: result.aborted },
          details: { ...details, timed_out: result.timedOut, aborted: result.aborted },
        });
      }
      return { output: shown, structured_output: structured, details };
    },
  );
}

/**
 * How much of the command the result repeats. The caller sent it and knows it: a result that repeated
 * an 800 KB script whole would cost its size again wherever it goes (a Worker message, a permalink,
 * the model's context through a program).
 */
const MAX_ECHOED_COMMAND_CHARS = 10_000;

function echoedCommand(command: string): string {
  if (command.length <= MAX_ECHOED_COMMAND_CHARS) return command;
  // Never end on the first half of a surrogate pair.
  const last = command.charCodeAt(MAX_ECHOED_COMMAND_CHARS - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? MAX_ECHOED_COMMAND_CHARS - 1 : MAX_ECHOED_COMMAND_CHARS;
  return `${command.slice(0, end)}…`;
}

/** Background programs listed in `details` at most (the newest). */
const MAX_LISTED_PROCESSES = 20;

/**
 * For a UI, on a workspace with background programs (a dev server started with `&`): `processes` (the
 * newest {@link MAX_LISTED_PROCESSES}), `server_ready` (every port open, with its URL, oldest first)
 * and `preview_url` (the newest of them). Nothing without any.
 */
function backgroundDetails(workspace: Workspace): Record<string, unknown> {
  const processes = workspace.processes?.list().slice(-MAX_LISTED_PROCESSES) ?? [];
  const ports = processes.flatMap((program) => program.ports);
  const newest = ports[ports.length - 1];
  if (processes.length === 0) return {};
  return newest ? { processes, server_ready: ports, preview_url: newest.url } : { processes };
}

/** What the model must know about what the command did besides its output: lost output, deleted files. */
async function afterCommandNotices(workspace: Workspace, result: ExecResult): Promise<string[]> {
  const notices: string[] = [];
  if (result.droppedBytes > 0) {
    notices.push(
      `[The workspace dropped the first ${formatSize(result.droppedBytes)} of output to bound memory; that part is lost. Send less output, e.g. through head, tail or grep.]`,
    );
  }
  if (!(await pathExists(workspace, workspace.root))) {
    notices.push(
      `[The workspace root (${workspace.root}) does not exist any more: a command deleted it and everything in it. Recreate the files you need with write.]`,
    );
  }
  const deletedFiles = result.deletedFiles ?? 0;
  if (deletedFiles > 0) {
    notices.push(
      `[This command deleted ${deletedFiles === 1 ? '1 file' : `${deletedFiles} files`} that existed before it. The workspace was snapshotted just before the command: if deleting was not intended, tell the user, who can restore that snapshot.]`,
    );
  }
  return notices;
}

/** The directory to run in: the root by default; a given `cwd` must be an existing directory. */
async function workingDirectory(workspace: Workspace, input: string | undefined): Promise<string> {
  if (input === undefined) return workspace.root;
  const { absolute, display } = await resolvePath(workspace, input);
  const type = await typeIfExists(workspace, absolute, display);
  if (type === undefined) {
    throw new ToolError(
      `The working directory ${display} does not exist. Give an existing directory as cwd, or leave cwd out to run in the workspace root.`,
      { code: BASH_ERRORS.BAD_CWD, data: { cwd: display } },
    );
  }
  if (type !== 'directory') {
    throw new ToolError(
      `The working directory ${display} is a file, not a directory. Give a directory as cwd, or leave cwd out to run in the workspace root.`,
      { code: BASH_ERRORS.BAD_CWD, data: { cwd: display } },
    );
  }
  return absolute;
}

/** Why a finished command counts as a failure, or `undefined` when it succeeded. */
async function failureOf(
  workspace: Workspace,
  result: ExecResult,
  timeout: number,
): Promise<{ message: string; code: string } | undefined> {
  if (result.aborted) {
    return {
      message: 'Command was aborted before it finished. Its effects, if any, may be partial.',
      code: BASH_ERRORS.ABORTED,
    };
  }
  if (result.timedOut) {
    const seconds = `${timeout} ${timeout === 1 ? 'second' : 'seconds'}`;
    const next =
      timeout >= MAX_BASH_TIMEOUT_SECONDS
        ? `${MAX_BASH_TIMEOUT_SECONDS} seconds is the most a command may take; split the work into smaller commands.`
        : `If it needs more time, run it again with a larger timeout (at most ${MAX_BASH_TIMEOUT_SECONDS} seconds); a server or watcher that never exits cannot run here.`;
    return {
      message: `Command timed out after ${seconds} and was stopped. ${next}`,
      code: BASH_ERRORS.TIMEOUT,
    };
  }
  const code = result.exitCode;
  if (code === 0) return undefined;
  if (code === 126) {
    const limit = limitHit(result.output);
    if (limit) {
      return {
        message: `Command exited with code 126: it hit the shell's ${limit.name} and was stopped (the shell's message is above). ${limit.advice}`,
        code: BASH_ERRORS.LIMIT,
      };
    }
  }
  if (code === 127) {
    return { message: await notFoundMessage(workspace), code: BASH_ERRORS.NOT_FOUND };
  }
  return { message: `Command exited with code ${code}.`, code: BASH_ERRORS.EXIT_CODE };
}

/**
 * The limit named in the shell's own message of an exit-126 stop, in words, and what to do about it;
 * `undefined` if it is not one.
 */
function limitHit(output: string): { name: string; advice: string } | undefined {
  if (!/limit|exceeded|too many/i.test(output)) return undefined;
  const lines = output.split('\n').filter((line) => /limit|exceeded|too many/i.test(line));
  const last = lines[lines.length - 1] ?? '';
  const [, name = 'execution limits', advice = SPLIT_THE_WORK] =
    LIMITS.find(([pattern]) => pattern.test(last)) ?? [];
  return { name, advice };
}

/** The 127 message; names the command list when the shell keeps its commands in a listable `/bin`. */
async function notFoundMessage(workspace: Workspace): Promise<string> {
  const head = 'Command exited with code 127: a command was not found.';
  let names: string[] = [];
  try {
    names = (await workspace.readdir('/bin')).map((entry) => entry.name);
  } catch {
    // No listable /bin: fall back to the generic hint.
  }
  if (names.length === 0) return `${head} Check its name and that it is installed in this workspace.`;
  const builtins = names.includes('help') ? ', and help for the shell builtins' : '';
  return `${head} This shell has a fixed set of commands: run ls /bin to list them${builtins}.`;
}

/** `Lines A-B of T shown (<limit>)`, or the partial-last-line form; the head of every cut notice. */
function shownRange(truncation: Truncation, maxLines: number, maxBytes: number): string {
  const { outputLines, totalLines } = truncation;
  if (truncation.lastLinePartial) {
    return `Last ${formatSize(truncation.outputBytes)} of line ${totalLines} shown (${formatSize(maxBytes)} limit; the output is ${formatSize(truncation.totalBytes)})`;
  }
  const limit =
    truncation.truncatedBy === 'bytes' ? `${formatSize(maxBytes)} limit` : `${maxLines}-line limit`;
  return `Lines ${totalLines - outputLines + 1}-${totalLines} of ${totalLines} shown (${limit})`;
}

function cutNotice(truncation: Truncation, path: string, maxLines: number, maxBytes: number): string {
  const rest = truncation.lastLinePartial ? 'the rest' : 'the earlier lines';
  return `[${shownRange(truncation, maxLines, maxBytes)}. The full output is in ${path}: read it with offset=1 for ${rest}.]`;
}

function unsavedNotice(truncation: Truncation, error: unknown, maxLines: number, maxBytes: number): string {
  const reason = error instanceof WorkspaceError ? error.code : errorMessage(error).split('\n')[0];
  return `[${shownRange(truncation, maxLines, maxBytes)}. The full output could not be saved (${reason}); run the command again with less output, e.g. through head or tail.]`;
}

function truncationDetails(truncation: Truncation): Record<string, unknown> {
  return {
    truncated_by: truncation.truncatedBy,
    total_lines: truncation.totalLines,
    total_bytes: truncation.totalBytes,
    output_lines: truncation.outputLines,
    output_bytes: truncation.outputBytes,
    last_line_partial: truncation.lastLinePartial,
  };
}
