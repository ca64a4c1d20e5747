/**
 * The bash tool runs what GNU bash runs as GNU bash runs it, or fails loudly: each case is a behaviour
 * where the embedded interpreter once answered wrongly with exit 0 (every backend runs scripts in it).
 * Expected outputs are GNU bash 5.2's with coreutils in the C locale.
 */
import { expect } from 'vitest';
import type { CaseRegistrar } from '../conformance.ts';
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

export function defineFaithfulBashCases(c: CaseRegistrar): void {
  registerCases(c, FRESH_SHELL_CASES);
}
