/**
 * defineTool: a tool defined once (schemas, types, error codes, budget, result schema), registered and run
 * through suite.execute.
 * Reaches inside: createReadTool (src/tools/read.ts), the read built-in as a defined tool with its typed run,
 * is exported by no entry; its types are checked against the public ReadInput and ReadOutput.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createToolSuite, defineTool, type ReadInput, type ReadOutput, ToolError } from '../../src/index.ts';
import { createReadTool } from '../../src/tools/read.ts';

interface AddInput {
  a: number;
  b: number;
}

const ADD_ERRORS = { NEGATIVE: 'NEGATIVE' } as const;

function addTool(seen: AddInput[] = []) {
  return defineTool<AddInput, { sum: number }>({
    name: 'add',
    description: 'Add two non-negative integers.',
    inputSchema: {
      type: 'object',
      properties: { a: { type: 'integer' }, b: { type: 'integer' } },
      required: ['a', 'b'],
      additionalProperties: false,
    },
    outputSchema: { type: 'object', properties: { sum: { type: 'integer' } }, required: ['sum'] },
    effects: [],
    errorCodes: ADD_ERRORS,
    run(input) {
      seen.push(input);
      if (input.a < 0 || input.b < 0) {
        throw new ToolError('Both numbers must be 0 or more. Send non-negative integers.', {
          code: ADD_ERRORS.NEGATIVE,
        });
      }
      const sum = input.a + input.b;
      return { output: String(sum), structured_output: { sum } };
    },
  });
}

describe('defineTool', () => {
  it('registers with suite.register(tool, mode) and runs with the validated, coerced input', async () => {
    const seen: AddInput[] = [];
    const suite = createToolSuite({ builtins: false });
    suite.register(addTool(seen), 'direct');
    const result = await suite.execute('add', { a: '2', b: 3 });
    expect(result).toMatchObject({ output: '5', structured_output: { sum: 5 }, is_error: false });
    expect(seen).toEqual([{ a: 2, b: 3 }]);
  });

  it('input that fails the schema never reaches run', async () => {
    const seen: AddInput[] = [];
    const suite = createToolSuite({ builtins: false });
    suite.register(addTool(seen), 'direct');
    const result = await suite.execute('add', { a: 'two' });
    expect(result.is_error).toBe(true);
    expect(result.output.split('\n')[0]).toBe('Invalid arguments for add:');
    expect(seen).toEqual([]);
  });

  it('its spec carries the description, both schemas and the effects; its error codes are a table', async () => {
    const tool = addTool();
    const suite = createToolSuite({ builtins: false, policy: { default: 'deny' } });
    suite.register(tool, 'direct');
    expect(suite.get('add')?.spec).toMatchObject({
      name: 'add',
      description: 'Add two non-negative integers.',
      outputSchema: { required: ['sum'] },
      effects: [],
    });
    expect(suite.effects('add')).toEqual([]);
    expect(tool.errorCodes).toEqual({ NEGATIVE: 'NEGATIVE' });
    const refused = await suite.execute('add', { a: -1, b: 1 });
    expect(refused.output).toBe('add: Both numbers must be 0 or more. Send non-negative integers.');
    expect(refused.structured_output.error).toMatchObject({ code: 'NEGATIVE' });
  });

  it('an implementation passed to register wraps the defined one', async () => {
    const tool = addTool();
    const suite = createToolSuite({ builtins: false });
    suite.register(tool, 'direct', async (args, context) => {
      const inner = await tool.implementation(args, context);
      return typeof inner === 'string' ? `[${inner}]` : { ...inner, output: `[${inner.output}]` };
    });
    expect((await suite.execute('add', { a: 1, b: 1 })).output).toBe('[2]');
  });

  it('the built-ins are defined tools with public input and output types', () => {
    const read = createReadTool();
    expectTypeOf(read.run).parameter(0).toEqualTypeOf<ReadInput>();
    // A success of its run carries a ReadOutput; what its definition must return is pinned in
    // tests/tools/schema-types.test.ts.
    type Returned = Awaited<ReturnType<typeof read.run>>;
    expectTypeOf<Extract<Returned, { is_error?: false }>['structured_output']>().toEqualTypeOf<ReadOutput>();
    const suite = createToolSuite({ builtins: false });
    expect(suite.register(read, 'direct').spec.name).toBe('read');
    // Built-ins cut their own output: the suite's budget is not put on top.
    expect(suite.get('read')?.outputBudget).toBe(false);
  });

  it('its budget and result schema are fields of the definition, not of the spec object', async () => {
    const lines = Array.from({ length: 3000 }, (_, index) => `line ${index + 1}`).join('\n');
    const resultSchema = { type: 'object', properties: { n: { type: 'integer' } } } as const;
    const own = defineTool({
      name: 'own',
      description: 'Prints 3000 lines and cuts nothing itself.',
      inputSchema: { type: 'object', properties: {} },
      ownOutputBudget: true,
      resultSchema,
      run: () => lines,
    });
    expect(own.outputBudget).toBe(false);
    const suite = createToolSuite({ builtins: false });
    suite.register(own, 'direct');
    expect(suite.get('own')?.outputBudget).toBe(false);
    expect(suite.get('own')?.outputSchema).toEqual(resultSchema);
    expect(suite.declarations()[0]?.outputSchema).toBeUndefined();
    expect((await suite.execute('own', {})).output).toBe(lines);
    // The same spec object registered on its own is a plain spec: the suite's budget cuts its output, as
    // it cuts a copy's. (The spec object used to carry the setting, so the copy behaved otherwise.)
    for (const spec of [own.spec, { ...own.spec }]) {
      const plain = createToolSuite({ builtins: false });
      plain.register(spec, 'direct', () => lines);
      expect(plain.get('own')?.outputBudget).toBeUndefined();
      expect(plain.get('own')?.outputSchema).toBeUndefined();
      expect((await plain.execute('own', {})).output).toMatch(/^line 1\n[\s\S]*line 2000\n\n\[/);
    }
  });
});
