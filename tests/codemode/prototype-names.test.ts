/**
 * Tools named like `Object.prototype` members (`toString`, `constructor`, `valueOf`, `hasOwnProperty`,
 * `__proto__`) inside codemode: declared, callable from a script, described by `$describe`; and a
 * `__proto__` key a script sends is refused like one from the model.
 */
import { describe, expect, it } from 'vitest';
import { createInProcessRunner } from '../../src/codemode/index.ts';
import { createCodemodeFixture } from './fixture.ts';

const runner = createInProcessRunner();
const NAMES = ['toString', 'constructor', 'valueOf', 'hasOwnProperty', '__proto__'];

function fixtureWithPrototypeNames() {
  const fixture = createCodemodeFixture(runner);
  for (const name of NAMES) {
    fixture.suite.register(
      {
        name,
        description: `Named ${name}.`,
        parameters: { type: 'object', properties: { x: { type: 'string' } } },
      },
      'direct',
      (args) => ({ output: 'ran', structured_output: { name, x: String(args.x) } }),
    );
  }
  return fixture;
}

describe('codemode and tools named like Object.prototype members', () => {
  it('declares each of them once, with an unknown result type, and a script calls each by its name', async () => {
    const { suite, codemode, session } = fixtureWithPrototypeNames();
    const description = codemode.declarations(session).find((spec) => spec.name === 'codemode')?.description;
    for (const name of NAMES) {
      expect(description).toContain(
        `  /** Named ${name}. */\n  ${name}(args?: {\n    x?: string;\n  }): Promise<unknown>;\n`,
      );
    }
    const calls = NAMES.map((name) => `await tools[${JSON.stringify(name)}]({ x: 'a' })`).join(', ');
    const result = await suite.execute('codemode', { code: `return [${calls}];` }, { session });
    expect(result.is_error).toBe(false);
    expect(result.structured_output.result).toEqual(NAMES.map((name) => ({ name, x: 'a' })));
  });

  it('$describe prints their declarations', async () => {
    const { suite, session } = fixtureWithPrototypeNames();
    const result = await suite.execute(
      'codemode',
      { code: "console.log(await tools.$describe('valueOf')); return 1;" },
      { session },
    );
    expect(result.output).toBe(
      '1\n\nConsole:\n/** Named valueOf. */\nvalueOf(args?: {\n  x?: string;\n}): Promise<unknown>;',
    );
  });

  it('a __proto__ key a script sends is refused, and the tool does not run', async () => {
    const { suite, session } = createCodemodeFixture(runner);
    const result = await suite.execute(
      'codemode',
      {
        code: `try { await tools.lookup(JSON.parse('{"key":"a","__proto__":{"key":"b"}}')); } catch (error) { return error.message; }`,
      },
      { session },
    );
    expect(result.structured_output.result).toBe(
      [
        'Invalid arguments for lookup:',
        '- __proto__: the key "__proto__" is not accepted, because it can alter object prototypes. Remove it and send each value under its own parameter name.',
        '- __proto__: not a parameter of this tool (parameters: key).',
        'Received: {"key":"a","__proto__":{"key":"b"}}',
        'Fix the arguments and call lookup again.',
      ].join('\n'),
    );
  });
});
