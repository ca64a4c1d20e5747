/**
 * The rows of the fault matrix (tests/faults/README.md) that concern the workspace and had no case
 * elsewhere, on every backend. Each case names its row; after each fault the matrix's invariants are checked (clear error text, workspace
 * byte-identical after a failed call, no false success). Rows already covered by the other groups are
 * mapped in tests/faults/README.md.
 */
import { expect } from 'vitest';
import { createToolSuite, type ToolResult } from '../../index.ts';
import type { Workspace } from '../../workspace/workspace.ts';
import type { CaseRegistrar } from '../case-types.ts';
import { expectClearError, expectNoLeak, expectResultShape } from '../invariants.ts';
import { type CaseTable, registerCases } from './case-table.ts';

const errorCode = (result: ToolResult): unknown =>
  (result.structured_output.error as { code?: unknown } | undefined)?.code;

/** Whether the backend resolves symlinks while confining (WebContainer's fs API cannot). */
const checksLinks = (workspace: Workspace): boolean => Boolean(workspace.lstat && workspace.readlink);

/** Rows 11 and 13: a call works on fresh content, and a call stopped midway writes nothing. */
const STALE_AND_STOPPED_CASES: CaseTable = [
  [
    'row 11: an edit after bash changed the file works on the fresh content, never blindly',
    async (setup) => {
      const env = await setup({ 'conf.txt': 'port = 80\nhost = a\n' });
      const read = await env.call('read', { path: 'conf.txt' });
      expect(read.output).toBe('port = 80\nhost = a');
      expect((await env.workspace.exec("sed -i 's/port = 80/port = 8080/' conf.txt")).exitCode).toBe(0);
      // The model edits what it read: that text is gone, so the edit is refused and nothing changes.
      const before = await env.snapshot();
      const stale = await env.call('edit', {
        path: 'conf.txt',
        oldText: 'port = 80\n',
        newText: 'port = 81\n',
      });
      expectClearError(stale, 'edit', 'conf.txt');
      expect(stale.output).toContain('Re-read');
      expect(await env.snapshot()).toEqual(before);
      // An edit of a region bash did not touch applies to the fresh content and keeps bash's change.
      const fresh = await env.call('edit', { path: 'conf.txt', oldText: 'host = a', newText: 'host = b' });
      expect(fresh.is_error).toBe(false);
      expect(await env.text('conf.txt')).toBe('port = 8080\nhost = b\n');
    },
  ],

  [
    'row 13: an aborted write or edit writes nothing; a timeout mid-write is an error',
    async (setup) => {
      const env = await setup({ 'a.txt': 'original\n' });
      const before = await env.snapshot();
      const controller = new AbortController();
      controller.abort();
      for (const [tool, args] of [
        ['write', { path: 'a.txt', content: 'new\n' }],
        ['edit', { path: 'a.txt', oldText: 'original', newText: 'changed' }],
        ['write', { path: 'b.txt', content: 'new\n' }],
      ] as const) {
        const result = await env.suite.execute(tool, args, { signal: controller.signal });
        expectClearError(result, tool);
        expect(result.output).toBe(
          `Tool "${tool}" was aborted before it started, so it did nothing. Call it again if it is still needed.`,
        );
        expect(errorCode(result)).toBe('ABORTED');
      }
      expect(await env.snapshot()).toEqual(before);
      // A command stopped by its timeout after writing part of a file: an error, and the part stays.
      const cut = await env.call('bash', {
        command: 'echo first > out.txt; sleep 10; echo second >> out.txt',
        timeout: 1,
      });
      expectClearError(cut, 'bash');
      expect(errorCode(cut)).toBe('COMMAND_TIMED_OUT');
      expect(cut.structured_output.error).toMatchObject({ timed_out: true, exit_code: expect.any(Number) });
      expect(await env.text('out.txt')).toBe('first\n');
    },
  ],
];

/**
 * Rows 18 to 35: large files and outputs, cut on character boundaries, and commands that wait for
 * input or leave jobs behind, which cannot hold a call open.
 */
const SIZE_AND_INPUT_CASES: CaseTable = [
  [
    'row 18: a 9 MB file is read one page at a time, in ranges where the backend offers them; the cut is flagged, not an error',
    async (setup) => {
      const line = `${'x'.repeat(99)}\n`;
      const env = await setup({ 'big.log': line.repeat(90_000) });
      let wholeReads = 0;
      const real = env.workspace;
      const counted: Workspace = Object.create(real, {
        readFile: {
          value: (path: string): Promise<Uint8Array> => {
            wholeReads += 1;
            return real.readFile(path);
          },
        },
      });
      const result = await createToolSuite({ workspace: counted }).execute('read', { path: 'big.log' });
      expectResultShape(result);
      expect(result.is_error).toBe(false);
      expect(
        result.output.endsWith('[Lines 1-512 of 90000 shown (50.0KB limit). Use offset=513 to continue.]'),
      ).toBe(true);
      expect(result.structured_output).toMatchObject({ start_line: 1, end_line: 512, truncated: true });
      expect(result.details).toMatchObject({ truncated_by: 'bytes', next_offset: 513, bytes: 9_000_000 });
      // Decided from stat: over 8 MiB, a backend with ranged reads never loads the file whole.
      expect(wholeReads).toBe(real.readFileRange ? 0 : 1);
    },
  ],

  [
    'row 21: bash output cut inside multibyte characters has no U+FFFD or lone surrogate',
    async (setup) => {
      // 25,000 characters of 3 and 4 bytes on one line: the 50 KB cut falls inside a character.
      const env = await setup({ 'wide.txt': `${'€😀'.repeat(12_500)}\n` });
      const result = await env.call('bash', { command: 'cat wide.txt' });
      expect(result.is_error).toBe(false);
      expect(result.structured_output.truncated).toBe(true);
      expect(result.output).not.toContain('\uFFFD');
      expect(result.output).not.toMatch(
        /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
      );
      expect(result.output.startsWith('€') || result.output.startsWith('😀')).toBe(true);
    },
  ],

  [
    'row 27: 200 KB of output: a bounded tail, the full text spilled, the exit code kept',
    async (setup) => {
      const env = await setup({ 'gen.txt': `${'y'.repeat(199)}\n`.repeat(1000) });
      const result = await env.call('bash', { command: 'cat gen.txt; exit 3' });
      expectClearError(result, 'bash');
      expect(result.structured_output.error).toMatchObject({ code: 'COMMAND_FAILED', exit_code: 3 });
      const path = String(result.details.spilled_path);
      expect(path.startsWith(`${env.workspace.spillDir}/bash-`)).toBe(true);
      expect(new TextEncoder().encode(result.output).length).toBeLessThan(52 * 1024);
      expect(result.output).toContain(
        `[Lines 745-1000 of 1000 shown (50.0KB limit). The full output is in ${path}: read it with offset=1 for the earlier lines.]`,
      );
      expect(result.output.endsWith('bash: Command exited with code 3.')).toBe(true);
      expect((await env.workspace.readFile(path)).length).toBe(200_000);
    },
  ],

  [
    'row 28: cat and read with no input return at once with empty input',
    async (setup) => {
      const { call } = await setup();
      const started = Date.now();
      expect(await call('bash', { command: 'cat' })).toMatchObject({
        is_error: false,
        output: '(no output)',
      });
      expect((await call('bash', { command: 'read x; echo "got [$x]"' })).output).toBe('got []');
      expect(Date.now() - started).toBeLessThan(5_000);
    },
  ],

  [
    'row 29: a prompt waiting for input gets end of input; a missing tool is exit 127',
    async (setup) => {
      const { call } = await setup();
      const started = Date.now();
      const prompt = await call('bash', { command: 'read -p "name? " n || echo "no input"; echo "n=[$n]"' });
      expect(prompt.is_error).toBe(false);
      expect(prompt.output.endsWith('n=[]')).toBe(true);
      const git = await call('bash', { command: 'git commit' });
      expectClearError(git, 'bash');
      expect(errorCode(git)).toBe('COMMAND_NOT_FOUND');
      expect(Date.now() - started).toBeLessThan(5_000);
    },
  ],

  [
    'row 30: a background job cannot hold the call open past its timeout',
    async (setup) => {
      const { call } = await setup();
      const started = Date.now();
      const result = await call('bash', { command: 'sleep 30 & echo started', timeout: 1 });
      expect(Date.now() - started).toBeLessThan(8_000);
      expectResultShape(result);
      if (result.is_error) {
        // just-bash has no job control: the embedded shell refuses a script with `&` before it runs
        // (it would run in the foreground), and says so; a shell that runs it in the foreground anyway
        // is stopped by the timeout.
        expect(['COMMAND_FAILED', 'COMMAND_TIMED_OUT']).toContain(errorCode(result));
        if (errorCode(result) === 'COMMAND_FAILED') expect(result.output).toContain('(&)');
      } else {
        expect(result.output).toBe('started');
      }
    },
  ],

  [
    'row 35: bytes >= 0x80 through shell strings, and control bytes in output',
    async (setup) => {
      const { call, bytes } = await setup();
      const written = await call('bash', { command: "printf '\\xff' > f.bin; wc -c < f.bin" });
      expect(written.is_error).toBe(false);
      const stored = [...(await bytes('f.bin'))];
      // Documented limitation of the just-bash shell (the stand-in runs it too): the byte comes back
      // UTF-8-encoded. A real WebContainer stores 0xff.
      expect([[0xff], [0xc3, 0xbf]]).toContainEqual(stored);
      expect(written.output.trim()).toBe(String(stored.length));
      const control = await call('bash', { command: "printf 'a\\000b\\001c\\033[31mred\\007'" });
      expect(control.output).toBe('a\\u{0}b\\u{1}cred\\u{7}');
    },
  ],
];

/**
 * Rows 39 to 47: symlinks that leave the root, dangle, or are planted between the check and the
 * write never carry a call outside; inside the root, no path is protected.
 */
const CONFINEMENT_CASES: CaseTable = [
  [
    'row 39: read, ls, grep and find through a symlink that leaves the root',
    async (setup) => {
      const env = await setup({ 'keep.txt': 'k' });
      const made = await env.workspace.exec(
        'mkdir -p /outside && echo secret > /outside/s.txt && ln -s /outside out && ln -s /outside/s.txt s',
      );
      expect(made.exitCode).toBe(0);
      const before = await env.snapshot();
      const calls: [string, Record<string, unknown>, string][] = [
        ['read', { path: 's' }, 's'],
        ['read', { path: 'out/s.txt' }, 'out/s.txt'],
        ['ls', { path: 'out' }, 'out'],
        ['grep', { pattern: 'secret', path: 'out' }, 'out'],
        ['find', { pattern: '*', path: 'out' }, 'out'],
      ];
      for (const [tool, args, path] of calls) {
        const result = await env.call(tool, args);
        if (checksLinks(env.workspace)) {
          expectClearError(result, tool, `"${path}"`);
          expect(errorCode(result)).toBe('PATH_OUTSIDE_WORKSPACE');
          expect(result.output).not.toContain('secret\n');
        } else {
          // WebContainer's fs API has no lstat/readlink: confinement is lexical there, and the link is
          // followed by the backend. docs/security.md states this limitation.
          expectResultShape(result);
        }
      }
      expect(await env.snapshot()).toEqual(before);
      expect((await env.workspace.exec('cat /outside/s.txt')).output).toBe('secret\n');
    },
  ],

  [
    'row 40: a write through a dangling symlink leaf pointing outside creates nothing',
    async (setup) => {
      const env = await setup({ 'keep.txt': 'k' });
      const made = await env.workspace.exec('mkdir -p /outside && ln -s /outside/new.txt leaf');
      expect(made.exitCode).toBe(0);
      const before = await env.snapshot();
      const result = await env.call('write', { path: 'leaf', content: 'planted' });
      if (checksLinks(env.workspace)) {
        expectClearError(result, 'write', '"leaf"');
        expect(result.output).toBe(
          `write: Path "leaf" goes through the symlink "${env.workspace.root}/leaf", whose target (/outside/new.txt) is outside the workspace. Use a path inside the workspace.`,
        );
        expect(await env.snapshot()).toEqual(before);
        expect((await env.workspace.exec('ls -A /outside')).output).toBe('');
      } else {
        expectResultShape(result);
      }
    },
  ],

  [
    'row 41: a symlink planted between confinement and the write never carries it outside',
    async (setup) => {
      const env = await setup({ 'dir/keep.txt': 'k\n' });
      expect((await env.workspace.exec('mkdir -p /outside && echo secret > /outside/s.txt')).exitCode).toBe(
        0,
      );
      const real = env.workspace;
      // The race: after the tool confined dir/s.txt, a command swaps dir for a link to /outside.
      const racing = plantingBeforeWrite(real, 'rm -rf dir && ln -s /outside dir');
      const result = await createToolSuite({ workspace: racing.workspace }).execute('write', {
        path: 'dir/s.txt',
        content: 'owned',
      });
      expect(racing.planted()).toBe(true);
      expect((await real.exec('cat /outside/s.txt')).output).toBe('secret\n');
      expectResultShape(result);
      expectNoLeak(result.output);
      if (checksLinks(real)) {
        // The write did not land outside, and the read-back check refuses to call it a success,
        // saying why: confining the path again no longer gives the path that was written.
        expectClearError(result, 'write', 'dir/s.txt');
        expect(errorCode(result)).toBe('WRITE_NOT_VERIFIED');
        expect(result.output).toBe(
          'write: dir/s.txt changed while it was being written: a symbolic link on its path now leads outside the workspace, so the write cannot be confirmed. Check the path with bash (ls -la), then write again.',
        );
      }
    },
  ],

  [
    'row 41: a symlink planted at the file itself between confinement and the write is replaced, never written through',
    async (setup) => {
      const env = await setup({ 'f.txt': 'mine\n' });
      expect((await env.workspace.exec('mkdir -p /outside && echo secret > /outside/s.txt')).exitCode).toBe(
        0,
      );
      const real = env.workspace;
      const racing = plantingBeforeWrite(real, 'rm f.txt && ln -s /outside/s.txt f.txt');
      const result = await createToolSuite({ workspace: racing.workspace }).execute('write', {
        path: 'f.txt',
        content: 'owned',
      });
      expect(racing.planted()).toBe(true);
      expect((await real.exec('cat /outside/s.txt')).output).toBe('secret\n');
      expectResultShape(result);
      // The backend's write replaces a link at the final name instead of following it.
      expect(result.is_error).toBe(false);
      expect(await env.text('f.txt')).toBe('owned');
      // Where the seam can tell links apart, the link itself is gone.
      if (real.lstat) expect((await real.lstat(`${real.root}/f.txt`)).type).toBe('file');
    },
  ],

  [
    'row 47: no protected sub-paths: .git/ is written like any other directory',
    async (setup) => {
      const { call, text } = await setup({ '.git/config': '[core]\n' });
      const result = await call('edit', {
        path: '.git/config',
        oldText: '[core]',
        newText: '[core]\n\tbare = false',
      });
      expect(result.is_error).toBe(false);
      expect(await text('.git/config')).toBe('[core]\n\tbare = false\n');
    },
  ],
];

export function defineFaultCases(c: CaseRegistrar): void {
  registerCases(c, STALE_AND_STOPPED_CASES, SIZE_AND_INPUT_CASES, CONFINEMENT_CASES);
}

/**
 * `real`, except that its first `writeFile` runs `command` first: the race of fault row 41, a link
 * planted after the tool confined the path and before the backend writes.
 */
function plantingBeforeWrite(real: Workspace, command: string): { workspace: Workspace; planted(): boolean } {
  let planted = false;
  const workspace: Workspace = Object.create(real, {
    writeFile: {
      value: async (path: string, data: Uint8Array | string): Promise<void> => {
        if (!planted) {
          planted = true;
          await real.exec(command);
        }
        return real.writeFile(path, data);
      },
    },
  });
  return { workspace, planted: () => planted };
}
