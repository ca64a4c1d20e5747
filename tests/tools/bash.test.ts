/**
 * The bash tool against a workspace whose `exec` is scripted: what it passes to the backend, and the
 * texts for results no portable command can produce on demand (dropped bytes, limit hits by kind, a
 * spill that fails, a partial last line, an abort reported by the backend, the 600-second ceiling).
 */
import { describe, expect, it } from 'vitest';
import {
  type BashToolOptions,
  BUILTIN_SPECS,
  createToolSuite,
  type WorkspaceExecOptions as ExecOptions,
  type ExecResult,
  type ToolResult,
  type Workspace,
} from '../../src/index.ts';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';

interface Scripted {
  call(args: Record<string, unknown>): Promise<ToolResult>;
  seen: { command: string; options: ExecOptions | undefined }[];
  workspace: Workspace;
}

async function scripted(
  result: Partial<ExecResult>,
  options: BashToolOptions = {},
  change: (workspace: Workspace) => Workspace = (workspace) => workspace,
): Promise<Scripted> {
  const base = await createJustBashWorkspace({ files: { 'sub/x.txt': 'x' } });
  const seen: Scripted['seen'] = [];
  const workspace = change({
    ...base,
    exec: async (command, execOptions) => {
      seen.push({ command, options: execOptions });
      return { output: '', exitCode: 0, timedOut: false, aborted: false, droppedBytes: 0, ...result };
    },
  });
  const suite = createToolSuite({ workspace, builtins: ['bash'], builtinOptions: { bash: options } });
  return { call: (args) => suite.execute('bash', args), seen, workspace };
}

const message = (result: ToolResult): unknown =>
  (result.structured_output.error as { message?: unknown }).message;

describe('bash tool', () => {
  it('tells the model, in one sentence, the few things the shell does otherwise than GNU bash', () => {
    expect(BUILTIN_SPECS.bash.description).toBe(
      'Run a shell command in the workspace and return its combined stdout and stderr. Output is cut to the last 2000 lines or 50 KB; the full output is then saved to a file you can read. Each call starts a fresh shell. A non-zero exit code, a timeout or an abort is reported as an error. The shell is close to GNU bash but not it: only EXIT traps run, a command ending in & runs only if a wait follows it at once, sed has no \\U or \\L, a sort by key (-k, -t) or with -f orders by locale rather than bytes, and &, | and ^ in $(( )) are 32-bit.',
    );
  });

  it('passes the command, the confined cwd, the timeout in milliseconds and an abort signal', async () => {
    const run = await scripted({ output: 'ok\n' });
    await run.call({ command: 'echo ok' });
    await run.call({ command: 'echo ok', timeout: 2.5, cwd: 'sub' });
    expect(run.seen.map(({ command, options }) => [command, options?.cwd, options?.timeoutMs])).toEqual([
      ['echo ok', '/workspace', 30_000],
      ['echo ok', '/workspace/sub', 2_500],
    ]);
    expect(run.seen[0]?.options?.signal).toBeInstanceOf(AbortSignal);
  });

  it('repeats a command of over 10,000 characters in structured_output only in part', async () => {
    const run = await scripted({ output: 'ok\n' });
    const command = `echo ${'x'.repeat(9_994)}😀${'y'.repeat(100)}`;
    const long = await run.call({ command });
    expect(run.seen[0]?.command).toBe(command);
    // 10,000 characters would end inside the emoji's surrogate pair: the cut comes before it.
    expect(long.structured_output.command).toBe(`echo ${'x'.repeat(9_994)}…`);
    const exact = `echo ${'x'.repeat(9_995)}`;
    expect((await run.call({ command: exact })).structured_output.command).toBe(exact);
  });

  it('reports output the backend dropped', async () => {
    const run = await scripted({ output: 'tail\n', droppedBytes: 3 * 1024 * 1024 });
    const result = await run.call({ command: 'yes' });
    expect(result.output).toBe(
      'tail\n\n[The workspace dropped the first 3.0MB of output to bound memory; that part is lost. Send less output, e.g. through head, tail or grep.]',
    );
    expect(result.details).toMatchObject({ dropped_bytes: 3 * 1024 * 1024 });
  });

  it.each([
    [
      'bash: f: maximum recursion depth (100) exceeded, increase executionLimits.maxCallDepth',
      'function recursion depth',
    ],
    [
      'bash: pipeline: total output size exceeded (>10485760 bytes), increase executionLimits.maxOutputSize',
      'output size',
    ],
    ['bash: seq: iteration limit exceeded (10000)', 'loop iterations'],
    [
      'bash: brace expansion: brace_operations work limit exceeded (10000)',
      'brace expansion',
      'Make long lists with seq instead of braces (for i in $(seq 1 50000)), or split the work into smaller commands.',
    ],
    ['bash: sed: sed_operations work limit exceeded (10000)', 'the work one call may do'],
    ['bash: array element limit exceeded (100000)', 'array size'],
    ['bash: Command substitution nesting limit exceeded (50)', 'nesting depth'],
    ['bash: something new exceeded', 'execution limits'],
  ])(
    'names the limit behind exit 126, and what to do: %s',
    async (output, words, advice = 'Split the work into smaller commands.') => {
      const run = await scripted({ output: `${output}\n`, exitCode: 126 });
      const result = await run.call({ command: 'x' });
      expect(message(result)).toBe(
        `bash: Command exited with code 126: it hit the shell's ${words === 'execution limits' ? 'execution limits' : `limit on ${words}`} and was stopped (the shell's message is above). ${advice}`,
      );
      expect(result.output).toBe(`${output}\n\n${String(message(result))}`);
    },
  );

  it('treats exit 126 without a limit message as a plain failure', async () => {
    const run = await scripted({ output: 'bash: ./run.sh: Permission denied\n', exitCode: 126 });
    expect(message(await run.call({ command: './run.sh' }))).toBe('bash: Command exited with code 126.');
  });

  it('gives a generic hint for exit 127 when the shell has no listable /bin', async () => {
    const run = await scripted(
      { output: 'jsh: command not found: foo\n', exitCode: 127 },
      {},
      (workspace) => ({
        ...workspace,
        readdir: (path) => (path === '/bin' ? Promise.reject(new Error('ENOENT')) : workspace.readdir(path)),
      }),
    );
    expect(message(await run.call({ command: 'foo' }))).toBe(
      'bash: Command exited with code 127: a command was not found. Check its name and that it is installed in this workspace.',
    );
  });

  it('says so when cut output could not be saved', async () => {
    const output = `${Array.from({ length: 10 }, (_, index) => `l${index + 1}`).join('\n')}\n`;
    const run = await scripted({ output }, { maxLines: 3 }, (workspace) => ({
      ...workspace,
      writeFile: () => Promise.reject(new Error('disk full')),
    }));
    const result = await run.call({ command: 'x' });
    expect(result.output).toBe(
      'l8\nl9\nl10\n\n[Lines 8-10 of 10 shown (3-line limit). The full output could not be saved (disk full); run the command again with less output, e.g. through head or tail.]',
    );
    expect(result.details.spilled_path).toBeUndefined();
  });

  it('keeps the tail of a last line longer than the byte budget', async () => {
    const run = await scripted({ output: `short\n${'a'.repeat(100)}${'z'.repeat(20)}` }, { maxBytes: 20 });
    const result = await run.call({ command: 'x' });
    const path = String(result.details.spilled_path);
    expect(result.output).toBe(
      `${'z'.repeat(20)}\n\n[Last 20B of line 2 shown (20B limit; the output is 126B). The full output is in ${path}: read it with offset=1 for the rest.]`,
    );
    expect(result.details).toMatchObject({ truncation: { last_line_partial: true, truncated_by: 'bytes' } });
  });

  it('reports an abort the backend saw', async () => {
    const run = await scripted({ output: 'partial\n', exitCode: 124, aborted: true });
    const result = await run.call({ command: 'x' });
    expect(result.output).toBe(
      'partial\n\nbash: Command was aborted before it finished. Its effects, if any, may be partial.',
    );
    expect(result.structured_output.error).toMatchObject({ code: 'COMMAND_ABORTED', aborted: true });
  });

  it('at the 600-second ceiling, says to split the work instead of raising the timeout', async () => {
    const run = await scripted({ exitCode: 124, timedOut: true });
    expect(message(await run.call({ command: 'x', timeout: 600 }))).toBe(
      'bash: Command timed out after 600 seconds and was stopped. 600 seconds is the most a command may take; split the work into smaller commands.',
    );
    expect(message(await run.call({ command: 'x', timeout: 2.5 }))).toBe(
      'bash: Command timed out after 2.5 seconds and was stopped. If it needs more time, run it again with a larger timeout (at most 600 seconds); a server or watcher that never exits cannot run here.',
    );
  });

  it('uses the configured default timeout', async () => {
    const run = await scripted({}, { defaultTimeoutSeconds: 5 });
    await run.call({ command: 'x' });
    expect(run.seen[0]?.options?.timeoutMs).toBe(5_000);
  });
});
