import { describe, expect, it } from 'vitest';
import { normalizeSpec, normalizeSpecs, UsageError } from '../../src/index.ts';

const schema = {
  type: 'object',
  properties: { repo: { type: 'string', description: 'owner/name' }, limit: { type: 'integer' } },
  required: ['repo'],
};
const expected = { name: 'list_issues', description: 'List issues.', parameters: schema };

describe('normalizeSpec: every supported format becomes catalog form', () => {
  it('catalog form and pi (parameters)', () => {
    expect(normalizeSpec({ name: 'list_issues', description: 'List issues.', parameters: schema })).toEqual(
      expected,
    );
    expect(
      normalizeSpec({ name: 'list_issues', label: 'List', description: 'List issues.', parameters: schema }),
    ).toEqual(expected);
  });

  it('OpenAI chat ({type: function, function})', () => {
    const spec = {
      type: 'function',
      function: { name: 'list_issues', description: 'List issues.', parameters: schema, strict: false },
    };
    expect(normalizeSpec(spec)).toEqual(expected);
  });

  it('OpenAI responses (flat, with strict and defer_loading)', () => {
    const spec = {
      type: 'function',
      name: 'list_issues',
      description: 'List issues.',
      parameters: schema,
      strict: true,
      defer_loading: true,
    };
    expect(normalizeSpec(spec)).toEqual(expected);
  });

  it('Anthropic (input_schema)', () => {
    const spec = {
      name: 'list_issues',
      description: 'List issues.',
      input_schema: schema,
      cache_control: {},
    };
    expect(normalizeSpec(spec)).toEqual(expected);
  });

  it('MCP (inputSchema, outputSchema, annotations, title)', () => {
    const outputSchema = { type: 'object', properties: { count: { type: 'integer' } } };
    const spec = {
      name: 'list_issues',
      title: 'List issues',
      description: 'List issues.',
      inputSchema: schema,
      outputSchema,
      annotations: { readOnlyHint: true, openWorldHint: true },
    };
    expect(normalizeSpec(spec)).toEqual({
      ...expected,
      outputSchema,
      annotations: { readOnlyHint: true, openWorldHint: true },
      effects: ['net_read'],
      title: 'List issues',
    });
  });

  it('Gemini parameters with upper-case OpenAPI types and nullable', () => {
    const spec = {
      name: 'list_issues',
      description: 'List issues.',
      parameters: {
        type: 'OBJECT',
        properties: {
          repo: { type: 'STRING', description: 'owner/name' },
          labels: { type: 'ARRAY', items: { type: 'STRING' } },
          state: { type: 'STRING', nullable: true },
        },
        required: ['repo'],
      },
    };
    expect(normalizeSpec(spec).parameters).toEqual({
      type: 'object',
      properties: {
        repo: { type: 'string', description: 'owner/name' },
        labels: { type: 'array', items: { type: 'string' } },
        state: { type: ['string', 'null'] },
      },
      required: ['repo'],
    });
  });

  it('Gemini parametersJsonSchema and parameters_json_schema', () => {
    expect(
      normalizeSpec({ name: 'list_issues', description: 'List issues.', parametersJsonSchema: schema }),
    ).toEqual(expected);
    expect(
      normalizeSpec({ name: 'list_issues', description: 'List issues.', parameters_json_schema: schema }),
    ).toEqual(expected);
  });

  it('Gemini tool wrapper through normalizeSpecs', () => {
    const tool = {
      functionDeclarations: [
        { name: 'list_issues', description: 'List issues.', parametersJsonSchema: schema },
      ],
    };
    expect(normalizeSpecs(tool)).toEqual([expected]);
    expect(
      normalizeSpecs({
        function_declarations: [{ name: 'list_issues', description: 'List issues.', parameters: schema }],
      }),
    ).toEqual([expected]);
  });

  it('Vercel AI SDK: plain inputSchema, the jsonSchema() wrapper, and a ToolSet', () => {
    const wrapper = { jsonSchema: schema, validate: () => ({ success: true }) };
    expect(normalizeSpec({ name: 'list_issues', description: 'List issues.', inputSchema: wrapper })).toEqual(
      expected,
    );
    const toolSet = {
      list_issues: { description: 'List issues.', inputSchema: wrapper, execute: async () => ({}) },
      close_issue: { description: 'Close an issue.', inputSchema: { type: 'object', properties: {} } },
    };
    expect(normalizeSpecs(toolSet).map((spec) => spec.name)).toEqual(['list_issues', 'close_issue']);
    expect(normalizeSpecs(toolSet)[0]).toEqual(expected);
  });

  it('LangChain (schema, args_schema) and Standard JSON Schema validators (zod 4 style)', () => {
    expect(normalizeSpec({ name: 'list_issues', description: 'List issues.', schema })).toEqual(expected);
    expect(normalizeSpec({ name: 'list_issues', description: 'List issues.', args_schema: schema })).toEqual(
      expected,
    );
    const zodLike = {
      '~standard': {
        version: 1,
        vendor: 'zod',
        validate: () => ({ value: {} }),
        jsonSchema: { input: (options: { target: string }) => ({ ...schema, $comment: options.target }) },
      },
    };
    expect(
      normalizeSpec({ name: 'list_issues', description: 'List issues.', schema: zodLike }).parameters,
    ).toEqual({
      ...schema,
      $comment: 'draft-2020-12',
    });
  });

  it('a spec without parameters gets an empty object schema; missing description becomes ""', () => {
    expect(normalizeSpec({ name: 'ping' })).toEqual({
      name: 'ping',
      description: '',
      parameters: { type: 'object', properties: {} },
    });
  });

  it('copies: the input is never shared or modified', () => {
    const input = { name: 'list_issues', description: 'List issues.', input_schema: schema };
    const normalized = normalizeSpec(input);
    expect(normalized.parameters).not.toBe(schema);
    (normalized.parameters.properties as Record<string, unknown>).extra = {};
    expect(Object.keys(schema.properties)).toEqual(['repo', 'limit']);
  });

  it('annotations map to effects', () => {
    const effectsOf = (annotations: object) =>
      normalizeSpec({ name: 't', inputSchema: { type: 'object' }, annotations }).effects;
    expect(effectsOf({ readOnlyHint: true })).toEqual(['read']);
    expect(effectsOf({ readOnlyHint: true, openWorldHint: true })).toEqual(['net_read']);
    expect(effectsOf({ readOnlyHint: false, openWorldHint: true })).toEqual(['net_write']);
    expect(effectsOf({ readOnlyHint: false })).toEqual(['net_write']);
    expect(effectsOf({ readOnlyHint: false, openWorldHint: false })).toEqual(['state_write']);
    expect(effectsOf({ destructiveHint: true })).toBeUndefined();
    expect(effectsOf({})).toBeUndefined();
  });

  it('explicit effects win over annotations and are validated', () => {
    expect(
      normalizeSpec({ name: 't', parameters: {}, effects: ['exec'], annotations: { readOnlyHint: true } })
        .effects,
    ).toEqual(['exec']);
    expect(() => normalizeSpec({ name: 't', effects: ['teleport'] })).toThrow(
      'browser-agent-tools: tool "t": "effects" must be an array of read, fs_write, exec, net_read, net_write, state_write (got an array).',
    );
  });
});

describe('normalizeSpec: unusable specs throw UsageError saying which', () => {
  it('no name', () => {
    expect(() => normalizeSpec({ description: 'x', parameters: schema })).toThrow(UsageError);
    expect(() => normalizeSpec({ description: 'x', parameters: schema })).toThrow(
      'browser-agent-tools: a tool spec needs a non-empty string "name" (got undefined). For a Vercel AI SDK ToolSet, use normalizeSpecs(toolSet) so the record keys become names.',
    );
    expect(() => normalizeSpec({ name: '  ' })).toThrow(UsageError);
    expect(() => normalizeSpec({ name: 42 })).toThrow(UsageError);
  });

  it('a name no provider accepts', () => {
    expect(() => normalizeSpec({ name: 'has space' })).toThrow(
      'browser-agent-tools: tool name "has space" is not usable: names are 1-128 characters of letters, digits, "_", ".", ":" and "-", starting with a letter, digit or "_".',
    );
    expect(() => normalizeSpec({ name: 'x'.repeat(129) })).toThrow(UsageError);
  });

  it('a schema that is not an object schema', () => {
    expect(() => normalizeSpec({ name: 't', parameters: { type: 'string' } })).toThrow(
      'browser-agent-tools: tool "t": "parameters" must be a JSON Schema of type "object" (got type "string"). Wrap single values in an object property.',
    );
    expect(() => normalizeSpec({ name: 't', input_schema: 'nope' })).toThrow(
      'browser-agent-tools: tool "t": "input_schema" must be a JSON Schema object, got "nope".',
    );
  });

  it('a validator schema without JSON Schema support', () => {
    const zod3Like = { '~standard': { version: 1, vendor: 'zod', validate: () => ({}) } };
    expect(() => normalizeSpec({ name: 't', schema: zod3Like })).toThrow(
      'browser-agent-tools: tool "t": "schema" is a validator schema without Standard JSON Schema support (vendor "zod"). Convert it to JSON Schema first, for example with z.toJSONSchema(schema) for zod.',
    );
  });

  it('not an object at all', () => {
    expect(() => normalizeSpec(null as unknown as object)).toThrow(
      'a tool spec must be an object, got null.',
    );
  });
});
