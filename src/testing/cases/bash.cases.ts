/**
 * The bash tool on every backend (the bash rows of tests/faults/README.md): output, exit codes, timeout, abort, spill of long
 * output, cwd. Commands are portable shell (echo, printf, cat, exit, sleep, pwd); behaviour that only
 * the embedded just-bash shell has is in cases whose names say "just-bash", which another backend may
 * skip with a reason.
 */
import { expect } from 'vitest';
import type { ToolResult } from '../../index.ts';
import type { CaseRegistrar } from '../case-types.ts';
import { defineFaithfulBashCases } from './bash-faithful.cases.ts';
import { type CaseTable, registerCases } from './case-table.ts';

const lines = (from: number, to: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, index) => `line ${from + index}`);

const errorOf = (result: ToolResult): { code?: unknown; message?: unknown } =>
  (result.structured_output.error ?? {}) as { code?: unknown; message?: unknown };

/** The result of a finished command: output, exit codes, the not-found hint and the timeout message. */
const RESULT_CASES: CaseTable = [
  [
    'output comes back without its final newline; structured output and details match',
    async (setup) => {
      const { call } = await setup();
      const result = await call('bash', { command: 'echo hello; echo world' });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe('hello\nworld');
      expect(result.structured_output).toEqual({
        command: 'echo hello; echo world',
        exit_code: 0,
        output: 'hello\nworld',
        truncated: false,
        timed_out: false,
      });
      expect(result.details).toMatchObject({ line_count: 2, exit_code: 0 });
      expect(result.details.spilled_path).toBeUndefined();
    },
  ],

  [
    'a command without output says (no output)',
    async (setup) => {
      const { call } = await setup();
      const result = await call('bash', { command: 'exit 0' });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe('(no output)');
    },
  ],

  [
    'stderr is part of the output',
    async (setup) => {
      const { call } = await setup();
      const result = await call('bash', { command: 'echo oops 1>&2' });
      expect(result.output).toBe('oops');
    },
  ],

  [
    'a non-zero exit is an error that keeps the output and states the code',
    async (setup) => {
      const { call } = await setup();
      const result = await call('bash', { command: 'echo partial; exit 3' });
      expect(result.is_error).toBe(true);
      expect(result.output).toBe('partial\n\nbash: Command exited with code 3.');
      expect(result.structured_output.error).toMatchObject({
        code: 'COMMAND_FAILED',
        exit_code: 3,
        output: 'partial',
        timed_out: false,
      });
    },
  ],

  [
    'a command that is not found is exit 127 with a hint',
    async (setup) => {
      const { call } = await setup();
      const result = await call('bash', { command: 'no-such-command-here' });
      expect(result.is_error).toBe(true);
      expect(errorOf(result).code).toBe('COMMAND_NOT_FOUND');
      expect([
        'bash: Command exited with code 127: a command was not found. This shell has a fixed set of commands: run ls /bin to list them, and help for the shell builtins.',
        'bash: Command exited with code 127: a command was not found. This shell has a fixed set of commands: run ls /bin to list them.',
        'bash: Command exited with code 127: a command was not found. Check its name and that it is installed in this workspace.',
      ]).toContain(errorOf(result).message);
    },
  ],

  [
    'a command past its timeout is stopped; the error says how to give it more time',
    async (setup) => {
      const { call } = await setup();
      const result = await call('bash', { command: 'sleep 10', timeout: 1 });
      expect(result.is_error).toBe(true);
      expect(errorOf(result)).toMatchObject({
        code: 'COMMAND_TIMED_OUT',
        message:
          'bash: Command timed out after 1 second and was stopped. If it needs more time, run it again with a larger timeout (at most 600 seconds); a server or watcher that never exits cannot run here.',
      });
      // What the command printed (here nothing but a backend's own interrupt mark) stays in front.
      expect(result.output.endsWith(String(errorOf(result).message))).toBe(true);
      expect(result.structured_output.error).toMatchObject({ timed_out: true });
    },
  ],
];

/** stdout and stderr interleaved as they were printed, and stderr kept out of pipes. */
const ORDER_CASES: CaseTable = [
  [
    'stdout and stderr come back in the order they were printed',
    async (setup) => {
      const { call } = await setup();
      const result = await call('bash', { command: 'echo 1; echo 2 1>&2; echo 3; echo 4 1>&2' });
      expect(result.output).toBe('1\n2\n3\n4');
    },
  ],

  [
    'error output keeps its place in loops and conditions',
    async (setup) => {
      const { call } = await setup();
      const loop = await call('bash', {
        command:
          'for f in a nope b; do echo "<$f>"; ls "$f" >/dev/null; done; if ls nope2; then :; else echo no; fi',
      });
      expect(loop.output).toBe(
        '<a>\nls: a: No such file or directory\n<nope>\nls: nope: No such file or directory\n<b>\nls: b: No such file or directory\nls: nope2: No such file or directory\nno',
      );
    },
  ],

  [
    'error output never flows into a pipe or a command substitution',
    async (setup) => {
      const { call } = await setup();
      const piped = await call('bash', { command: 'ls nope | wc -l' });
      expect(piped.output.split('\n').sort()).toEqual(['0', 'ls: nope: No such file or directory']);
      const captured = await call('bash', { command: 'x=$(ls nope); echo "[$x]"' });
      expect(captured.output).toBe('ls: nope: No such file or directory\n[]');
      const kept = await call('bash', { command: 'x=5; cd /; f() { echo "$x $(pwd)"; }; f' });
      expect(kept.output).toBe('5 /');
    },
  ],
];

/** A command stopped by its timeout or an abort keeps what it printed, word for word. */
const STOP_CASES: CaseTable = [
  [
    'a command stopped by its timeout keeps, word for word, what it printed before',
    async (setup) => {
      const { call, workspace } = await setup();
      const result = await call('bash', { command: 'echo before; sleep 5', timeout: 1 });
      expect(result.is_error).toBe(true);
      expect(result.output).toBe(`before\n${interruptMark(workspace.backend)}\n${timedOut('1 second')}`);
      expect(result.structured_output.error).toMatchObject({
        code: 'COMMAND_TIMED_OUT',
        output: `before\n${interruptMark(workspace.backend)}`.trimEnd(),
      });
    },
  ],

  [
    'a loop stopped by its timeout keeps the lines of the iterations that ran',
    async (setup) => {
      const { call, workspace } = await setup();
      const result = await call('bash', {
        command: 'for i in 1 2 3; do echo line $i; sleep 2; done',
        timeout: 3,
      });
      expect(result.output).toBe(
        `line 1\nline 2\n${interruptMark(workspace.backend)}\n${timedOut('3 seconds')}`,
      );
    },
  ],

  [
    'a busy loop is interrupted by the timeout, with what it printed',
    async (setup) => {
      const { call, workspace } = await setup();
      const started = Date.now();
      const result = await call('bash', { command: 'echo start; while true; do :; done', timeout: 1 });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(result.output).toBe(`start\n${interruptMark(workspace.backend)}\n${timedOut('1 second')}`);
    },
  ],

  [
    'a timed-out command with long output is cut and spilled like any other',
    async (setup) => {
      const all = lines(1, 5000);
      const { call, workspace } = await setup({ 'big.txt': `${all.join('\n')}\n` });
      const result = await call('bash', { command: 'cat big.txt; sleep 5', timeout: 1 });
      const path = String(result.details.spilled_path);
      expect(path.startsWith(`${workspace.spillDir}/bash-`)).toBe(true);
      const mark = interruptMark(workspace.backend);
      const total = 5000 + (mark === '' ? 0 : 1);
      const shown = [...lines(total - 1999, 5000), ...(mark === '' ? [] : [mark.trimEnd()])];
      expect(result.output).toBe(
        `${shown.join('\n')}\n\n[Lines ${total - 1999}-${total} of ${total} shown (2000-line limit). The full output is in ${path}: read it with offset=1 for the earlier lines.]\n\n${timedOut('1 second')}`,
      );
      expect(new TextDecoder().decode(await workspace.readFile(path))).toBe(`${all.join('\n')}\n${mark}`);
    },
  ],

  [
    'a timeout above 600 seconds is refused by the schema',
    async (setup) => {
      const { call } = await setup();
      const result = await call('bash', { command: 'echo hi', timeout: 601 });
      expect(result.is_error).toBe(true);
      expect(errorOf(result).code).toBe('INVALID_ARGUMENTS');
    },
  ],

  [
    'an abort through the AbortSignal stops the call and says so',
    async (setup) => {
      const { suite } = await setup();
      const controller = new AbortController();
      const pending = suite.execute('bash', { command: 'sleep 10' }, { signal: controller.signal });
      setTimeout(() => controller.abort(), 100);
      const result = await pending;
      expect(result.is_error).toBe(true);
      // The tool explains the abort itself; what the shell printed before it (if anything) stays in front.
      expect(
        result.output.endsWith(
          'bash: Command was aborted before it finished. Its effects, if any, may be partial.',
        ),
      ).toBe(true);
      expect(errorOf(result).code).toBe('COMMAND_ABORTED');
    },
  ],

  [
    'an aborted command keeps, word for word, what it printed before the abort',
    async (setup) => {
      const { suite, workspace } = await setup();
      const controller = new AbortController();
      const pending = suite.execute(
        'bash',
        { command: 'echo before; sleep 5' },
        { signal: controller.signal },
      );
      setTimeout(() => controller.abort(), 300);
      const result = await pending;
      expect(result.output).toBe(
        `before\n${interruptMark(workspace.backend)}\nbash: Command was aborted before it finished. Its effects, if any, may be partial.`,
      );
    },
  ],
];

/** Long output: the tail shown, the spill file, byte cuts on whole lines, control characters. */
const OUTPUT_SIZE_CASES: CaseTable = [
  [
    '5,000 lines of output: the last 2,000 are shown and the rest is spilled to a file',
    async (setup) => {
      const all = lines(1, 5000);
      const { call, workspace } = await setup({ 'big.txt': `${all.join('\n')}\n` });
      const result = await call('bash', { command: 'cat big.txt' });
      expect(result.is_error).toBe(false);
      const spilled = result.details.spilled_path;
      expect(typeof spilled).toBe('string');
      const path = String(spilled);
      expect(path.startsWith(`${workspace.spillDir}/bash-`)).toBe(true);
      expect(path.endsWith('.log')).toBe(true);
      expect(result.output).toBe(
        `${lines(3001, 5000).join('\n')}\n\n[Lines 3001-5000 of 5000 shown (2000-line limit). The full output is in ${path}: read it with offset=1 for the earlier lines.]`,
      );
      expect(result.structured_output).toMatchObject({
        exit_code: 0,
        truncated: true,
        output: result.output,
      });
      expect(result.details).toMatchObject({
        line_count: 5000,
        truncation: { truncated_by: 'lines', total_lines: 5000, output_lines: 2000 },
      });
      expect(new TextDecoder().decode(await workspace.readFile(path))).toBe(`${all.join('\n')}\n`);
    },
  ],

  [
    'the spilled file is readable with read, and listings never show it',
    async (setup) => {
      const { call, workspace } = await setup({ 'big.txt': `${lines(1, 5000).join('\n')}\n` });
      const path = String((await call('bash', { command: 'cat big.txt' })).details.spilled_path);
      const read = await call('read', { path, offset: 1, limit: 3 });
      expect(read.is_error).toBe(false);
      expect(read.output).toContain('line 1\nline 2\nline 3');
      const name = path.slice(path.lastIndexOf('/') + 1);
      for (const [tool, args] of [
        ['find', { pattern: '*.log' }],
        ['grep', { pattern: 'line 4999', outputMode: 'files_with_matches' }],
        ['ls', {}],
      ] as const) {
        expect((await call(tool, args)).output).not.toContain(name);
      }
      const root = workspace.root;
      if (workspace.spillDir.startsWith(`${root}/`)) {
        const inside = workspace.spillDir.slice(root.length + 1);
        const cut = inside.lastIndexOf('/');
        const listing = await call('ls', { path: cut === -1 ? '.' : inside.slice(0, cut) });
        expect(listing.output.split('\n')).not.toContain(`${inside.slice(cut + 1)}/`);
      }
    },
  ],

  [
    'output over 50 KB is cut by bytes, keeping whole last lines',
    async (setup) => {
      const long = (char: string): string => char.repeat(30_000);
      const { call } = await setup({ 'wide.txt': `${long('a')}\n${long('b')}\n${long('c')}\n` });
      const result = await call('bash', { command: 'cat wide.txt' });
      const path = String(result.details.spilled_path);
      expect(result.output).toBe(
        `${long('c')}\n\n[Lines 3-3 of 3 shown (50.0KB limit). The full output is in ${path}: read it with offset=1 for the earlier lines.]`,
      );
    },
  ],

  [
    'escape sequences are stripped and control characters made visible',
    async (setup) => {
      const { call } = await setup();
      const result = await call('bash', {
        command: "printf '\\033[31mred\\033[0m \\033]0;title\\007plain a\\001b\\n'",
      });
      expect(result.output).toBe('red plain a\\u{1}b');
    },
  ],
];

/** Where a command runs (cwd), and what a sandbox limit says. */
const CWD_AND_LIMIT_CASES: CaseTable = [
  [
    'cwd runs the command in that directory',
    async (setup) => {
      const { call, workspace } = await setup({ 'sub/hello.txt': 'hi from sub\n' });
      const result = await call('bash', { command: 'pwd; cat hello.txt', cwd: 'sub' });
      expect(result.output).toBe(`${workspace.root}/sub\nhi from sub`);
    },
  ],

  [
    'a missing cwd, a file as cwd and a cwd outside the workspace are errors',
    async (setup) => {
      const { call, workspace } = await setup({ 'file.txt': 'x' });
      expect((await call('bash', { command: 'pwd', cwd: 'nope' })).output).toBe(
        'bash: The working directory nope does not exist. Give an existing directory as cwd, or leave cwd out to run in the workspace root.',
      );
      expect((await call('bash', { command: 'pwd', cwd: 'file.txt' })).output).toBe(
        'bash: The working directory file.txt is a file, not a directory. Give a directory as cwd, or leave cwd out to run in the workspace root.',
      );
      expect((await call('bash', { command: 'pwd', cwd: '../elsewhere' })).output).toBe(
        `bash: Path "../elsewhere" is outside the workspace (${workspace.root}). Use a path inside it, relative to the workspace root.`,
      );
    },
  ],

  [
    'a sandbox limit hit (just-bash: exit 126) names the limit and says to split the work',
    async (setup) => {
      const { call } = await setup();
      // Step counts are no limit any more (the timeout is); recursion depth still is.
      const result = await call('bash', { command: 'f() { f; }; f' });
      expect(result.is_error).toBe(true);
      expect(result.output).toBe(
        "bash: f: maximum recursion depth (100) exceeded, increase executionLimits.maxCallDepth\n\nbash: Command exited with code 126: it hit the shell's limit on function recursion depth and was stopped (the shell's message is above). Split the work into smaller commands.",
      );
      expect(errorOf(result).code).toBe('LIMIT_EXCEEDED');
    },
  ],

  [
    'a brace range of more than 10,000 words is refused before anything runs, with the seq that makes it',
    async (setup) => {
      const { call } = await setup();
      // just-bash would run this loop 10,000 times and succeed; nothing of the script runs instead.
      const result = await call('bash', {
        command: 'touch ran.txt; for i in {1..20000}; do :; done; echo $i',
      });
      expect(result.is_error).toBe(true);
      expect(result.output).toBe(
        "bash: brace expansion: {1..20000} stands for 20,000 words, over the limit of 10,000 per range in this shell, which would drop the rest without a word; nothing ran. Use $(seq 1 20000) instead.\n\nbash: Command exited with code 126: it hit the shell's limit on brace expansion and was stopped (the shell's message is above). Make long lists with seq instead of braces (for i in $(seq 1 50000)), or split the work into smaller commands.",
      );
      expect(errorOf(result).code).toBe('LIMIT_EXCEEDED');
      expect((await call('ls', {})).output).toBe('(empty directory)');
      const nested = await call('bash', { command: "bash -c 'echo {00001..20001..2}'" });
      expect(nested.output.split('\n')[0]).toBe(
        'bash: brace expansion: {00001..20001..2} stands for 10,001 words, over the limit of 10,000 per range in this shell, which would drop the rest without a word; nothing ran. Use $(seq -w 00001 2 20001) instead.',
      );
    },
  ],

  [
    'brace ranges up to 10,000 words, and the seq that replaces a longer one, give every word',
    async (setup) => {
      const { call } = await setup();
      const words = 'echo {1..10000} | wc -w; echo {20000..1..2} | wc -w; echo "{1..20000}"';
      expect((await call('bash', { command: words })).output).toBe('10000\n10000\n{1..20000}');
      const seq = await call('bash', { command: 'echo $(seq 20000 -1 1) | wc -w; seq 20000 -1 1 | tail -1' });
      expect(seq.output).toBe('20000\n1');
    },
  ],
];

/**
 * Row 34: a deletion is reported however it is spelled, and the snapshot taken before it restores
 * the files; a change that deletes nothing is not reported.
 */
const DELETION_CASES: CaseTable = [
  [
    'rm -rf / (just-bash) wipes the workspace; the result and later listings say so',
    async (setup) => {
      const { call, workspace } = await setup({ 'keep.txt': 'x' });
      const wiped = await call('bash', { command: 'rm -rf /' });
      const gone = `[The workspace root (${workspace.root}) does not exist any more: a command deleted it and everything in it. Recreate the files you need with write.]`;
      // A backend that snapshots before commands says so (see the next case).
      const snapshotted = workspace.restoreSnapshot ? `\n\n${DELETED_ONE}` : '';
      expect(wiped.is_error).toBe(false);
      expect(wiped.output).toBe(`${gone}${snapshotted}`);
      expect((await call('ls', {})).output).toBe(
        `ls: The workspace root (${workspace.root}) does not exist any more: a command deleted it. Create files with write to start again.`,
      );
      expect((await call('bash', { command: 'echo still here' })).output).toBe(`still here\n\n${gone}`);
    },
  ],

  [
    'row 34: rm -rf / is reported as destructive and recoverable: restoreSnapshot brings every file back, byte for byte',
    async (setup) => {
      const env = await setup({
        'keep.txt': 'x',
        'src/app.ts': 'export const a = 1;\n',
        'src/deep/data.bin': new Uint8Array([0, 1, 2, 255]),
        'docs/readme.md': '# hi\n',
      });
      const { call, workspace } = env;
      await workspace.exec('mkdir -p empty/inner && ln -s src/app.ts link.ts && chmod 755 keep.txt');
      const before = await env.snapshot();
      const modeBefore = (await call('bash', { command: 'stat -c %a keep.txt' })).output;

      const wiped = await call('bash', { command: 'rm -rf /' });
      expect(wiped.is_error).toBe(false);
      expect(wiped.output).toContain(
        '[This command deleted 5 files that existed before it. The workspace was snapshotted just before the command: if deleting was not intended, tell the user, who can restore that snapshot.]',
      );
      expect(wiped.details).toMatchObject({ deleted_files: 5, restorable: true });

      const restored = await workspace.restoreSnapshot?.();
      expect(restored).toEqual({ files: 5, directories: 5 });
      expect(await env.snapshot()).toEqual(before);
      expect((await call('bash', { command: 'stat -c %a keep.txt' })).output).toBe(modeBefore);
      expect((await call('ls', { path: 'empty' })).output).toBe('inner/');
      expect((await call('read', { path: 'link.ts' })).output).toBe('export const a = 1;');

      // One restore per snapshot.
      await expect(workspace.restoreSnapshot?.()).rejects.toMatchObject({
        code: 'ENOENT',
        message:
          'There is no snapshot to restore: no command has deleted files since the workspace started or since the last restore.',
      });
    },
  ],

  [
    'row 34: the snapshot is the one before the last command that deleted files; later changes are undone with it',
    async (setup) => {
      const env = await setup({ 'a.txt': 'a\n', 'b.txt': 'b\n', 'c.txt': 'c\n' });
      const { call, workspace } = env;
      const one = await call('bash', { command: 'rm a.txt' });
      expect(one.output).toBe(DELETED_ONE);
      const afterFirst = await env.snapshot();

      // Commands that delete nothing (even ones that could) keep the snapshot of the last one that did.
      const none = await call('bash', {
        command: 'find . -name "*.none" -delete; mv b.txt b2.txt; mv b2.txt b.txt',
      });
      expect(none.output).toBe('(no output)');
      expect(none.details.deleted_files).toBeUndefined();
      await call('bash', { command: "echo more >> c.txt && sed -i 's/b/B/' b.txt && echo new > new.txt" });
      await call('write', { path: 'written.txt', content: 'w' });

      const second = await call('bash', { command: 'rm b.txt c.txt' });
      expect(second.output).toBe(
        '[This command deleted 2 files that existed before it. The workspace was snapshotted just before the command: if deleting was not intended, tell the user, who can restore that snapshot.]',
      );
      await workspace.restoreSnapshot?.();
      expect(await env.text('b.txt')).toBe('B\n');
      expect(await env.text('c.txt')).toBe('c\nmore\n');
      expect(await env.text('written.txt')).toBe('w');
      expect(afterFirst.has(`${workspace.root}/a.txt`)).toBe(false);
      expect((await env.snapshot()).has(`${workspace.root}/a.txt`)).toBe(false);
    },
  ],

  // The snapshot compares trees, not script text: every way of spelling or doing a deletion is seen.
  ...[
    'rm -rf src',
    '"r"m -rf src',
    "r''m -rf src",
    'r\\m -rf src',
    "$'\\x72m' -rf src",
    'find src -type f -delete',
    'mv src /tmp/moved-out',
  ].map((command): CaseTable[number] => [
    `row 34: \`${command}\` is reported as a deletion and restorable`,
    async (setup) => {
      const env = await setup({ 'keep.txt': 'k\n', 'src/a.ts': 'a\n', 'src/lib/b.ts': 'b\n' });
      const { call, workspace } = env;
      const before = await env.snapshot();
      const result = await call('bash', { command });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe(
        '[This command deleted 2 files that existed before it. The workspace was snapshotted just before the command: if deleting was not intended, tell the user, who can restore that snapshot.]',
      );
      expect(result.details).toMatchObject({ deleted_files: 2, restorable: true });
      await workspace.restoreSnapshot?.();
      expect(await env.snapshot()).toEqual(before);
    },
  ]),

  [
    'row 34: emptying or overwriting a file is a change, not a deletion: not reported, no snapshot kept',
    async (setup) => {
      const env = await setup({ 'a.txt': 'a\n', 'b.txt': 'b\n', 'c.txt': 'c\n' });
      const { call, workspace } = env;
      const result = await call('bash', { command: '> a.txt; echo new > b.txt; cat a.txt >> c.txt' });
      expect(result.output).toBe('(no output)');
      expect(result.details.deleted_files).toBeUndefined();
      expect(await env.text('a.txt')).toBe('');
      await expect(workspace.restoreSnapshot?.()).rejects.toMatchObject({ code: 'ENOENT' });
    },
  ],
];

/**
 * Options written as GNU tools take them, which just-bash on its own ran wrongly (several grep
 * patterns, awk's special variables) or refused (xargs -n1, paste reading stdin). Every expected
 * output is what GNU grep, sed, xargs, paste, cut, ls and find, and a POSIX awk (Debian's mawk), print
 * for the same command.
 */
const FRUIT = 'apple 3\nbanana 1\ncherry 2\napple 5\n';

const GNU_SPELLING_CASES: CaseTable = [
  [
    'grep with several -e or --regexp patterns matches any of them',
    async (setup) => {
      const { call } = await setup({ 'a.txt': FRUIT });
      const command =
        "grep -n -e apple -e cherry a.txt; grep -c -v -e apple -e 'ch.rry' a.txt; grep --regexp=banana --color=never a.txt; grep -Fe 'y 2' a.txt";
      const result = await call('bash', { command });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe('1:apple 3\n3:cherry 2\n4:apple 5\n1\nbanana 1\ncherry 2');
    },
  ],

  [
    'awk takes OFS, FS and ORS from -v and from assignments before its files',
    async (setup) => {
      const { call } = await setup({ 'a.txt': FRUIT, 'n.csv': 'name,age\nbob,30\n' });
      const command = [
        "awk -v OFS=, '{print $1,$2}' a.txt | head -2",
        "awk -v FS=, 'NR>1{print $2}' n.csv",
        "awk -F' ' -v OFS='\\t' '{$1=$1; print}' a.txt | tail -1",
        "awk '{print $1,$2}' OFS=: a.txt | head -1",
        "awk -v ORS=' ' '{print $2}' a.txt; echo end",
      ].join('; ');
      const result = await call('bash', { command });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe('apple,3\nbanana,1\n30\napple\t5\napple:3\n3 1 2 5 end');
    },
  ],

  [
    'xargs takes -n1, -I{}, -P2, -d and --max-args, and paste reads stdin without -',
    async (setup) => {
      const { call } = await setup({ 'a.txt': FRUIT });
      const command = [
        "echo 'x y' | xargs -n1",
        "printf 'p\\nq\\n' | xargs -I{} echo item-{}",
        "printf 'a,b' | xargs -d, -P2 -n1 echo",
        "echo 'r s' | xargs --max-args=1 echo got",
        "cut -d' ' -f2 a.txt | paste -sd+",
        "printf 'a.txt\\n' | xargs -n1 grep -c -e banana -e cherry",
      ].join('; ');
      const result = await call('bash', { command });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe('x\ny\nitem-p\nitem-q\na\nb\ngot r\ngot s\n3+1+2+5\n2');
    },
  ],

  [
    "awk reads a bare length as the line's length, and sed takes a\\text on one line",
    async (setup) => {
      const { call } = await setup({ 'a.txt': FRUIT });
      const command = [
        "awk '{print length}' a.txt | head -2",
        "awk 'length > 7' a.txt",
        "sed '1i\\fruit count' a.txt | head -2",
        "sed '$a\\end' a.txt | tail -1",
      ].join('; ');
      const result = await call('bash', { command });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe('7\n8\nbanana 1\ncherry 2\nfruit count\napple 3\nend');
    },
  ],

  [
    'ls of several files is one listing, with no blank line between them',
    async (setup) => {
      const { call } = await setup({ 'a.txt': FRUIT, 'b.txt': FRUIT, 'src/x.ts': '' });
      const result = await call('bash', { command: 'ls *.txt; ls *.txt | wc -l; ls -d a.txt src' });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe('a.txt\nb.txt\n2\na.txt\nsrc');
    },
  ],

  [
    'find -exec … \\; succeeds when the command fails for some file, as GNU find does',
    async (setup) => {
      const { call } = await setup({ 'a.txt': FRUIT, 'b.txt': 'none\n' });
      const result = await call('bash', { command: "find . -name '*.txt' -exec grep -l apple {} \\;" });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe('./a.txt');
      const missing = await call('bash', { command: 'find nope -exec grep -l apple {} \\;' });
      expect(missing.is_error).toBe(true);
      expect(missing.output).toBe(
        'find: nope: No such file or directory\n\nbash: Command exited with code 1.',
      );
    },
  ],

  [
    'cut -f prints a line without the delimiter whole, unless -s, as GNU cut does',
    async (setup) => {
      const { call } = await setup({ 'n.csv': 'name,age\nno age here\nbob,30\n' });
      const result = await call('bash', { command: 'cut -d, -f2 n.csv; cut -s -d, -f2 n.csv' });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe('age\nno age here\n30\nage\n30');
    },
  ],

  [
    'a grep of more than 10,000 patterns is refused without running, however its patterns were given',
    async (setup) => {
      const { call } = await setup();
      const patterns = Array.from({ length: 10_001 }, (_, index) => `-e p${index}`).join(' ');
      const result = await call('bash', { command: `grep ${patterns} /dev/null` });
      expect(result.is_error).toBe(true);
      expect(result.output).toBe(
        "grep: 10,001 patterns in one command, over the limit of 10,000 in this shell, whose grep takes time that grows with the square of their number; grep did not run. Split them over several greps of at most 10,000 patterns.\n\nbash: Command exited with code 126: it hit the shell's limit on grep patterns and was stopped (the shell's message is above). Split the patterns over several greps of at most 10,000 each.",
      );
      expect(errorOf(result).code).toBe('LIMIT_EXCEEDED');
      // Built at run time: the same refusal, and the script goes on as after any failure.
      const built = await call('bash', {
        command: 'set -- $(printf -- "-e p%d " $(seq 10001)); grep "$@" /dev/null; echo "grep: $?"',
      });
      expect(built.output).toMatch(/^grep: 10,001 patterns in one command, .*\ngrep: 126$/s);
    },
  ],
];

export function defineBashCases(c: CaseRegistrar): void {
  registerCases(
    c,
    RESULT_CASES,
    ORDER_CASES,
    STOP_CASES,
    OUTPUT_SIZE_CASES,
    CWD_AND_LIMIT_CASES,
    DELETION_CASES,
    GNU_SPELLING_CASES,
  );
  defineFaithfulBashCases(c);
}

/** The bash tool's timeout message for a call with the given timeout, as the model reads it. */
const timedOut = (seconds: string): string =>
  `bash: Command timed out after ${seconds} and was stopped. If it needs more time, run it again with a larger timeout (at most 600 seconds); a server or watcher that never exits cannot run here.`;

/** What a stop adds to the output: nothing, now that every backend runs scripts in the interpreter. */
const interruptMark = (_backend: string): string => '';

const DELETED_ONE =
  '[This command deleted 1 file that existed before it. The workspace was snapshotted just before the command: if deleting was not intended, tell the user, who can restore that snapshot.]';
