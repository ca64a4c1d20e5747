import { Bash } from 'just-bash';
import { describe, expect, it, vi } from 'vitest';
import { interleaveErrors } from '../../src/workspace/shell/interleave.ts';

describe('interleaveErrors', () => {
  it('parses the wrapper template once per shell, not once per call', () => {
    const bash = new Bash();
    const transform = vi.spyOn(bash, 'transform');
    const script = new Bash().transform('echo one; ls nope; echo three').ast;
    const first = interleaveErrors(bash, script);
    const second = interleaveErrors(bash, script);
    expect(transform).toHaveBeenCalledTimes(1);
    expect(second).toEqual(first);
    // The shared template is copied, never changed: the two results are the same tree.
    expect(first.statements).toHaveLength(3);
  });
});
