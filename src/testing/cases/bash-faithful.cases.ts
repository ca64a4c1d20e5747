/**
 * The bash tool runs what GNU bash runs as GNU bash runs it, or fails loudly: each case is a behaviour
 * where the embedded interpreter once answered wrongly with exit 0 (every backend runs scripts in it).
 * Expected outputs are GNU bash 5.2's with coreutils in the C locale.
 */
import { expect } from 'vitest';
import type { CaseRegistrar } from '../case-types.ts';
import { type CaseTable, registerCases } from './case-table.ts';

/** Each call starts a fresh shell: nothing one command sets is there in the next. */
const FRESH_SHELL_CASES: CaseTable = [
  [
    'each command starts a fresh shell: readonly, shopt, set -o and functions of an earlier one are gone',
    async (setup) => {
      const { call } = await setup();
      const first = await call('bash', {
        command: 'readonly R=1; shopt -s nullglob; set -o noglob; f() { echo f; }; echo set',
      });
      expect(first.output).toBe('set');
      const second = await call('bash', {
        command:
          'R=2; echo "R=$R"; shopt -q nullglob || echo nullglob off; [[ -o noglob ]] || echo noglob off; type f >/dev/null 2>&1 || echo no f',
      });
      expect(second.is_error).toBe(false);
      expect(second.output).toBe('R=2\nnullglob off\nnoglob off\nno f');
    },
  ],

  [
    'chmod +x makes a script runnable as ./script and from PATH, and test -x says so',
    async (setup) => {
      const { call } = await setup({ 'bin/hello': '#!/bin/bash\necho "hello $1"\n' });
      const before = await call('bash', { command: 'test -x bin/hello && echo yes || echo no' });
      expect(before.output).toBe('no');
      const result = await call('bash', {
        command:
          'chmod +x bin/hello; test -x bin/hello && echo yes; ./bin/hello a; PATH=$PWD/bin:$PATH hello b',
      });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe('yes\nhello a\nhello b');
      const later = await call('bash', { command: 'PATH=$PWD/bin:$PATH; hello c' });
      expect(later.output).toBe('hello c');
    },
  ],
];

/** What the script does with its own error output holds: the tool's ordering of streams never undoes it. */
const STREAM_CASES: CaseTable = [
  [
    "exec 2>/dev/null keeps the shell's error text out of the output, in loops and functions too",
    async (setup) => {
      const { call } = await setup();
      const command = [
        'f() { cat /nope; }',
        'echo a; cat /nope; exec 2>/dev/null',
        'cat /nope; for i in 1; do cat /nope; done; f; echo "b $?"',
      ].join('\n');
      const result = await call('bash', { command });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe('a\ncat: /nope: No such file or directory\nb 1');
    },
  ],

  [
    "exec 2>/dev/null keeps the shell's own messages out too (a bad subscript), not only those of commands",
    async (setup) => {
      const { call, text } = await setup();
      const quiet = await call('bash', {
        command: `exec 2>/dev/null; a=(1); echo "[\${a[-7]}]"; echo "after $?"`,
      });
      expect(quiet.is_error).toBe(false);
      expect(quiet.output).toBe('[]\nafter 0');
      const logged = await call('bash', { command: `exec 2>err.log; a=(1); echo "[\${a[-7]}]"` });
      expect(logged.output).toBe('[]');
      expect(await text('err.log')).toBe('bash: line 1: a: bad array subscript\n');
      const merged = await call('bash', { command: `exec 2>&1; a=(1); echo "[\${a[-7]}]"` });
      // just-bash hands its own messages back after the output: they come last.
      expect(merged.output).toBe('[]\nbash: line 1: a: bad array subscript');
    },
  ],

  [
    'exec 2>file sends the error text to the file, and 2>/dev/null on one command hides only its own',
    async (setup) => {
      const { call, text } = await setup();
      const result = await call('bash', {
        command: 'cat /nope 2>/dev/null; echo one; exec 2>err.log; cat /nope; echo two',
      });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe('one\ntwo');
      expect(await text('err.log')).toBe('cat: /nope: No such file or directory\n');
    },
  ],
];

/** What the model reads of the output, and the calls other agents' bash tools make. */
const PRESENTATION_CASES: CaseTable = [
  [
    'a CRLF line end reaches the model as a newline; a lone carriage return stays visible',
    async (setup) => {
      const { call } = await setup();
      const result = await call('bash', { command: "printf 'red\\r\\ngreen\\r\\n'; printf 'a\\rb\\n'" });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe('red\ngreen\na\rb');
    },
  ],

  [
    "Anthropic's bash {restart: true} succeeds and says there is no session to restart",
    async (setup) => {
      const { call } = await setup();
      const result = await call('bash', { restart: true });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe('Every call starts a fresh shell: there is no session to restart.');
      const withCommand = await call('bash', { command: 'echo hi', restart: false });
      expect(withCommand.output).toBe('hi');
    },
  ],
];

/** The shell's transforms see inside `eval` of text written in the script, and inside functions. */
const EVAL_CASES: CaseTable = [
  [
    "eval 'echo {1..20000}' is refused as the same range outside eval is, in a function too",
    async (setup) => {
      const { call } = await setup();
      for (const command of [
        "eval 'echo {1..20000}' | wc -w",
        "f() { eval 'for i in {1..20000}; do :; done'; }; f",
      ]) {
        const result = await call('bash', { command });
        expect(result.is_error).toBe(true);
        expect(result.structured_output.error).toMatchObject({ code: 'LIMIT_EXCEEDED', exit_code: 126 });
      }
    },
  ],

  [
    'grep -e a -e b, awk -v OFS=, and xargs -n1 run as GNU runs them inside eval',
    async (setup) => {
      const { call } = await setup({ 'f.txt': 'a 1\nb 2\nc 3\n' });
      const command = [
        'eval "grep -e a -e b f.txt"',
        'eval \'awk -v OFS=, "{print \\$1,\\$2}" f.txt\' | head -1',
        "f() { eval 'echo x y | xargs -n1'; }; f",
      ].join('; ');
      const result = await call('bash', { command });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe('a 1\nb 2\na,1\nx\ny');
    },
  ],
];

/** Everyday commands whose output differed from GNU's. */
const COMMAND_CASES: CaseTable = [
  [
    'realpath and mktemp exist: a path made absolute, a fresh file and directory; other options refused',
    async (setup) => {
      const { call } = await setup({ 'src/a.ts': '' });
      const command = [
        'realpath src/../src/a.ts | sed "s|^$PWD/||"',
        'd=$(mktemp -d) && test -d "$d" && echo made dir',
        'f=$(mktemp -p . tXXXX) && test -f "$f" && echo "made $f" | cut -c1-8',
        'realpath --relative-to=. src; echo "exit $?"',
      ].join('; ');
      const result = await call('bash', { command });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe(
        "src/a.ts\nmade dir\nmade ./t\nrealpath: unsupported option '--relative-to=.'\nrealpath: takes -e, -m, -s, -q and paths; for a path relative to a directory, use the absolute paths\nexit 1",
      );
    },
  ],

  [
    'grep -rn X src/ names files src/x, as GNU grep does, not src//x',
    async (setup) => {
      const { call } = await setup({ 'src/a.ts': '// TODO a\n', 'src/sub/b.ts': '// TODO b\n' });
      const result = await call('bash', { command: 'grep -rn TODO src/ | sort; grep -rl TODO src// | sort' });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe('src/a.ts:1:// TODO a\nsrc/sub/b.ts:1:// TODO b\nsrc/a.ts\nsrc/sub/b.ts');
    },
  ],
];

export function defineFaithfulBashCases(c: CaseRegistrar): void {
  registerCases(c, FRESH_SHELL_CASES, STREAM_CASES, PRESENTATION_CASES, EVAL_CASES, COMMAND_CASES);
}
