/**
 * Rows of the fault matrix (tests/faults/README.md) with no case elsewhere that are not the same on every backend (just-bash
 * limits), that concern the call layer, or that need a process of their own (validation without code
 * generation from strings). Each test names its row; the invariants listed there are checked after each fault.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  createToolSuite,
  type WorkspaceExecOptions as ExecOptions,
  type Workspace,
} from '../../src/index.ts';
import { expectClearError, expectResultShape } from '../../src/testing/index.ts';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';

const run = promisify(execFile);

async function snapshot(workspace: Workspace): Promise<string> {
  return (await workspace.exec('find . -type f | sort | xargs md5sum')).output;
}

describe('faults: just-bash limits', () => {
  it('row 14: a write or an edit past the workspace quota is refused and changes nothing', async () => {
    const workspace = await createJustBashWorkspace({
      files: { 'a.txt': 'hello\n' },
      executionLimits: { maxFileSystemBytes: 1024 * 1024 },
    });
    const suite = createToolSuite({ workspace });
    const before = await snapshot(workspace);
    const big = 'x'.repeat(2 * 1024 * 1024);
    for (const [tool, args, path] of [
      ['write', { path: 'big.txt', content: big }, 'big.txt'],
      ['write', { path: 'a.txt', content: big }, 'a.txt'],
      ['edit', { path: 'a.txt', oldText: 'hello', newText: big }, 'a.txt'],
    ] as const) {
      const result = await suite.execute(tool, args);
      expectClearError(result, tool, path);
      expect(result.output).toBe(
        `${tool}: The workspace is full (its limit is 1.0MB): ${path} could not be written. Remove files you no longer need and try again.`,
      );
      expect((result.structured_output.error as { code: string }).code).toBe('ENOSPC');
    }
    expect(await snapshot(workspace)).toBe(before);
  });

  it("row 27: 10 MiB of output hits the hardened profile's output limit: an error naming it", async () => {
    const workspace = await createJustBashWorkspace();
    const suite = createToolSuite({ workspace });
    const result = await suite.execute('bash', {
      command:
        'x=0123456789; for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do x=$x$x; done; echo "$x"; echo "$x"',
    });
    expectClearError(result, 'bash');
    expect((result.structured_output.error as { message: string }).message).toBe(
      "bash: Command exited with code 126: it hit the shell's limit on output size and was stopped (the shell's message is above). Split the work into smaller commands.",
    );
    expect(result.output).toContain('total output size exceeded (>10485760 bytes)');
    expect(new TextEncoder().encode(result.output).length).toBeLessThan(52 * 1024);
  });

  it('row 26: with no timeout argument, a command gets the default 30-second timeout', async () => {
    const real = await createJustBashWorkspace();
    const seen: (ExecOptions | undefined)[] = [];
    const workspace: Workspace = Object.create(real, {
      exec: {
        value: (command: string, options?: ExecOptions) => {
          seen.push(options);
          return real.exec(command, options);
        },
      },
    });
    const result = await createToolSuite({ workspace }).execute('bash', { command: 'echo hi' });
    expect(result.output).toBe('hi');
    expect(seen[0]?.timeoutMs).toBe(30_000);
  });
});

describe('faults: the call layer', () => {
  it('rows 49 and 51: validation and coercion work with code generation from strings disallowed', async () => {
    const script = fileURLToPath(new URL('./fixtures/validate-under-csp.ts', import.meta.url));
    const { stdout } = await run(
      process.execPath,
      ['--disallow-code-generation-from-strings', '--import', 'tsx', script],
      { cwd: fileURLToPath(new URL('../..', import.meta.url)), timeout: 30_000 },
    );
    const report = JSON.parse(stdout.trim()) as {
      evalBlocked: boolean;
      results: { is_error: boolean; output: string }[];
    };
    expect(report.evalBlocked).toBe(true);
    expect(report.results).toEqual([
      {
        is_error: true,
        output:
          'Invalid arguments for add:\n- a: expected number, got string "x".\n- b: must be at least 0, got number -1.\nReceived: {"a":"x","b":-1}\nFix the arguments and call add again.',
      },
      {
        is_error: true,
        output:
          'Invalid arguments for add:\n- b: expected integer, got string "true".\nReceived: {"a":"2","b":"true"}\nFix the arguments and call add again.',
      },
      { is_error: false, output: '5' },
      {
        is_error: true,
        output:
          'Invalid arguments for add:\n- b: required but missing.\n- extra: not a parameter of this tool (parameters: a, b).\nReceived: {"a":1,"extra":true}\nFix the arguments and call add again.',
      },
    ]);
  });

  it('row 19: zero, negative and fractional offsets and limit 0 are schema errors; read never runs', async () => {
    const workspace = await createJustBashWorkspace({ files: { 'a.txt': 'one\n' } });
    const suite = createToolSuite({ workspace });
    const cases: [Record<string, unknown>, string][] = [
      [{ offset: 0 }, '- offset: must be at least 1, got number 0.'],
      [{ offset: -3 }, '- offset: must be at least 1, got number -3.'],
      [{ offset: 1.5 }, '- offset: expected integer, got number 1.5.'],
      [{ limit: 0 }, '- limit: must be at least 1, got number 0.'],
    ];
    for (const [extra, problem] of cases) {
      const args = { path: 'a.txt', ...extra };
      const result = await suite.execute('read', args);
      expectClearError(result, 'read');
      expect(result.output).toBe(
        `Invalid arguments for read:\n${problem}\nReceived: ${JSON.stringify(args)}\nFix the arguments and call read again.`,
      );
    }
  });

  it('row 54: a tool found by tool_search is callable on the very next call, as the text says', async () => {
    const suite = createToolSuite({ builtins: ['tool_search'] });
    let ran = 0;
    suite.register(
      {
        name: 'jira_create_ticket',
        description: 'Create a Jira ticket in a project.',
        parameters: { type: 'object', properties: { summary: { type: 'string' } }, required: ['summary'] },
      },
      'deferred',
      () => {
        ran += 1;
        return 'created PROJ-1';
      },
    );
    const session = suite.createSession();
    const early = await suite.execute('jira_create_ticket', { summary: 'x' }, { session });
    expectClearError(early, 'jira_create_ticket');
    expect(ran).toBe(0);
    const search = await suite.execute('tool_search', { query: 'jira ticket' }, { session });
    expectResultShape(search);
    expect(search.output).toBe(
      'Found 1 tool for "jira ticket". It is available from your next call:\n- jira_create_ticket: Create a Jira ticket in a project.',
    );
    const [first, second] = await Promise.all([
      suite.execute('jira_create_ticket', { summary: 'x' }, { session }),
      suite.execute('jira_create_ticket', { summary: 'y' }, { session }),
    ]);
    expect([first?.output, second?.output]).toEqual(['created PROJ-1', 'created PROJ-1']);
    expect(ran).toBe(2);
  });
});
