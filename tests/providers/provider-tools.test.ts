import type {
  Tool as AnthropicSdkTool,
  ToolReferenceBlockParam,
} from '@anthropic-ai/sdk/resources/messages/messages';
import type {
  FunctionTool as OpenAIFunctionTool,
  ResponseToolSearchOutputItemParam,
  ToolSearchTool,
} from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import { type ToolSpec, UsageError } from '../../src/core/entry.ts';
import type {
  AnthropicTool,
  GeminiTool,
  McpTool,
  OpenAIChatTool,
  OpenAIResponsesTool,
} from '../../src/providers/index.ts';
import {
  clientToolSearchTool,
  PROVIDERS,
  toolReferences,
  toolSearchOutput,
  toProviderTools,
} from '../../src/providers/index.ts';

/** A nested schema: objects in arrays in objects. */
const nestedParameters = {
  type: 'object',
  properties: {
    path: { type: 'string', description: 'File to edit.' },
    edits: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          old_text: { type: 'string' },
          new_text: { type: 'string' },
          range: {
            type: 'object',
            properties: { start: { type: 'integer' }, end: { type: 'integer' } },
            required: ['start'],
          },
        },
        required: ['old_text', 'new_text'],
      },
    },
  },
  required: ['path', 'edits'],
};

const editSpec: ToolSpec = {
  name: 'edit',
  description: 'Replace exact text in a file.',
  parameters: nestedParameters,
};

const weatherParameters = {
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
};
const weatherOutput = {
  type: 'object',
  properties: { temperature_c: { type: 'number' }, sky: { type: 'string', enum: ['clear', 'cloudy'] } },
  required: ['temperature_c'],
};

const weatherSpec: ToolSpec = {
  name: 'get_weather',
  title: 'Weather',
  description: 'Current weather for a city.',
  parameters: weatherParameters,
  outputSchema: weatherOutput,
  effects: ['net_read'],
};

const writeParameters = {
  type: 'object',
  properties: { path: { type: 'string' }, content: { type: 'string' } },
  required: ['path', 'content'],
};

const writeSpec: ToolSpec = {
  name: 'write',
  description: 'Write a file.',
  parameters: writeParameters,
  effects: ['fs_write'],
};

const annotatedSpec: ToolSpec = {
  name: 'post_message',
  description: 'Post a message to a channel.',
  parameters: { type: 'object', properties: { text: { type: 'string' } } },
  annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  // Explicit annotations win over effects.
  effects: ['net_write', 'exec'],
};

const specs: ToolSpec[] = [editSpec, weatherSpec, writeSpec, annotatedSpec];

describe('toProviderTools', () => {
  it('lists every provider', () => {
    expect(PROVIDERS).toEqual(['openai-chat', 'openai-responses', 'anthropic', 'gemini', 'mcp']);
  });

  it('renders OpenAI chat completions tools', () => {
    const tools: OpenAIChatTool[] = toProviderTools(specs, 'openai-chat');
    expect(tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'edit',
          description: 'Replace exact text in a file.',
          parameters: nestedParameters,
        },
      },
      {
        type: 'function',
        function: {
          name: 'get_weather',
          description: 'Current weather for a city.',
          parameters: weatherParameters,
        },
      },
      {
        type: 'function',
        function: { name: 'write', description: 'Write a file.', parameters: writeParameters },
      },
      {
        type: 'function',
        function: {
          name: 'post_message',
          description: 'Post a message to a channel.',
          parameters: { type: 'object', properties: { text: { type: 'string' } } },
        },
      },
    ]);
  });

  it('renders OpenAI responses tools with strict off', () => {
    const tools: OpenAIResponsesTool[] = toProviderTools(specs, 'openai-responses');
    expect(tools).toEqual([
      {
        type: 'function',
        name: 'edit',
        description: 'Replace exact text in a file.',
        parameters: nestedParameters,
        strict: false,
      },
      {
        type: 'function',
        name: 'get_weather',
        description: 'Current weather for a city.',
        parameters: weatherParameters,
        strict: false,
      },
      {
        type: 'function',
        name: 'write',
        description: 'Write a file.',
        parameters: writeParameters,
        strict: false,
      },
      {
        type: 'function',
        name: 'post_message',
        description: 'Post a message to a channel.',
        parameters: { type: 'object', properties: { text: { type: 'string' } } },
        strict: false,
      },
    ]);
  });

  it('renders Anthropic tools', () => {
    const tools: AnthropicTool[] = toProviderTools(specs, 'anthropic');
    expect(tools).toEqual([
      { name: 'edit', description: 'Replace exact text in a file.', input_schema: nestedParameters },
      { name: 'get_weather', description: 'Current weather for a city.', input_schema: weatherParameters },
      { name: 'write', description: 'Write a file.', input_schema: writeParameters },
      {
        name: 'post_message',
        description: 'Post a message to a channel.',
        input_schema: { type: 'object', properties: { text: { type: 'string' } } },
      },
    ]);
  });

  it('renders one Gemini tool holding every declaration, with responseJsonSchema from outputSchema', () => {
    const tools: GeminiTool[] = toProviderTools(specs, 'gemini');
    expect(tools).toEqual([
      {
        functionDeclarations: [
          {
            name: 'edit',
            description: 'Replace exact text in a file.',
            parametersJsonSchema: nestedParameters,
          },
          {
            name: 'get_weather',
            description: 'Current weather for a city.',
            parametersJsonSchema: weatherParameters,
            responseJsonSchema: weatherOutput,
          },
          { name: 'write', description: 'Write a file.', parametersJsonSchema: writeParameters },
          {
            name: 'post_message',
            description: 'Post a message to a channel.',
            parametersJsonSchema: { type: 'object', properties: { text: { type: 'string' } } },
          },
        ],
      },
    ]);
  });

  it('renders no Gemini tool for no specs', () => {
    expect(toProviderTools([], 'gemini')).toEqual([]);
  });

  it('renders MCP tools with title, outputSchema and annotations', () => {
    const tools: McpTool[] = toProviderTools(specs, 'mcp');
    expect(tools).toEqual([
      { name: 'edit', description: 'Replace exact text in a file.', inputSchema: nestedParameters },
      {
        name: 'get_weather',
        title: 'Weather',
        description: 'Current weather for a city.',
        inputSchema: weatherParameters,
        outputSchema: weatherOutput,
        annotations: { readOnlyHint: true, openWorldHint: true },
      },
      {
        name: 'write',
        description: 'Write a file.',
        inputSchema: writeParameters,
        annotations: { readOnlyHint: false, openWorldHint: false, destructiveHint: true },
      },
      {
        name: 'post_message',
        description: 'Post a message to a channel.',
        inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
        annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
      },
    ]);
    // No effects and no annotations: the key is absent, not undefined.
    expect(Object.keys(tools[0] ?? {})).toEqual(['name', 'description', 'inputSchema']);
  });

  it.each([
    { effects: [], annotations: { readOnlyHint: true, openWorldHint: false } },
    { effects: ['read'], annotations: { readOnlyHint: true, openWorldHint: false } },
    { effects: ['read', 'net_read'], annotations: { readOnlyHint: true, openWorldHint: true } },
    { effects: ['net_write'], annotations: { readOnlyHint: false, openWorldHint: true } },
    { effects: ['read', 'net_read', 'net_write'], annotations: { readOnlyHint: false, openWorldHint: true } },
    {
      effects: ['net_write', 'fs_write'],
      annotations: { readOnlyHint: false, openWorldHint: true, destructiveHint: true },
    },
    {
      effects: ['read', 'fs_write'],
      annotations: { readOnlyHint: false, openWorldHint: false, destructiveHint: true },
    },
    { effects: ['exec'], annotations: { readOnlyHint: false, openWorldHint: false, destructiveHint: true } },
    {
      effects: ['state_write'],
      annotations: { readOnlyHint: false, openWorldHint: false, destructiveHint: false },
    },
    {
      effects: ['net_read', 'exec'],
      annotations: { readOnlyHint: false, openWorldHint: true, destructiveHint: true },
    },
  ] as const)('derives MCP annotations $annotations from effects $effects', ({ effects, annotations }) => {
    const [tool] = toProviderTools([{ ...writeSpec, effects }], 'mcp');
    expect(tool?.annotations).toEqual(annotations);
  });

  it('never emits catalog-only fields', () => {
    for (const provider of PROVIDERS) {
      const text = JSON.stringify(toProviderTools(specs, provider));
      expect(text, provider).not.toContain('"effects"');
      expect(text, provider).not.toContain('fs_write');
    }
  });

  it('does not mutate the input and returns deep copies of the schemas', () => {
    const snapshot = JSON.parse(JSON.stringify(specs));
    for (const provider of PROVIDERS) {
      toProviderTools(specs, provider);
    }
    expect(specs).toEqual(snapshot);

    const [chat] = toProviderTools([editSpec], 'openai-chat');
    expect(chat?.function.parameters).toEqual(editSpec.parameters);
    expect(chat?.function.parameters).not.toBe(editSpec.parameters);
    expect(chat?.function.parameters.properties).not.toBe(editSpec.parameters.properties);

    const [mcp] = toProviderTools([annotatedSpec], 'mcp');
    expect(mcp?.annotations).not.toBe(annotatedSpec.annotations);

    const [gemini] = toProviderTools([weatherSpec], 'gemini');
    const declaration = gemini?.functionDeclarations[0];
    expect(declaration?.responseJsonSchema).not.toBe(weatherSpec.outputSchema);
    const properties = declaration?.responseJsonSchema?.properties as Record<string, unknown>;
    properties.extra = { type: 'string' };
    expect(weatherSpec.outputSchema).toEqual(weatherOutput);
    expect(weatherOutput.properties).not.toHaveProperty('extra');
  });

  it('throws a UsageError for an unknown provider', () => {
    expect(() => toProviderTools(specs, 'cohere' as 'mcp')).toThrow(
      'browser-agent-tools: toProviderTools: unknown provider "cohere". Use one of openai-chat, openai-responses, anthropic, gemini, mcp.',
    );
    expect(() => toProviderTools(specs, 'toString' as 'mcp')).toThrow(UsageError);
  });
});

describe('native deferred loading', () => {
  const visible: ToolSpec = {
    name: 'tool_search',
    description: 'Finds tools.',
    parameters: { type: 'object', properties: { query: { type: 'string' } } },
  };
  const lazy: ToolSpec = {
    name: 'create_issue',
    description: 'Creates an issue.',
    parameters: { type: 'object', properties: { title: { type: 'string' } } },
  };

  it('renders deferred tools once, after the others, with defer_loading (Anthropic Messages)', () => {
    const tools = toProviderTools([visible, lazy], 'anthropic', {
      deferred: 'native',
      deferredTools: [lazy],
    });
    expect(tools).toEqual([
      { name: 'tool_search', description: 'Finds tools.', input_schema: visible.parameters },
      {
        name: 'create_issue',
        description: 'Creates an issue.',
        input_schema: lazy.parameters,
        defer_loading: true,
      },
    ]);
    // The exact request shape of the pinned SDK.
    const sdkTools: AnthropicSdkTool[] = tools.map((tool) => ({ ...tool, input_schema: { type: 'object' } }));
    expect(sdkTools[1]?.defer_loading).toBe(true);
    // Activated or not, the list is the same.
    expect(toProviderTools([visible], 'anthropic', { deferred: 'native', deferredTools: [lazy] })).toEqual(
      tools,
    );
  });

  it('renders deferred tools with defer_loading (OpenAI Responses)', () => {
    const tools = toProviderTools([visible], 'openai-responses', {
      deferred: 'native',
      deferredTools: [lazy],
    });
    expect(tools).toEqual([
      {
        type: 'function',
        name: 'tool_search',
        description: 'Finds tools.',
        parameters: visible.parameters,
        strict: false,
      },
      {
        type: 'function',
        name: 'create_issue',
        description: 'Creates an issue.',
        parameters: lazy.parameters,
        strict: false,
        defer_loading: true,
      },
    ]);
    const sdkTools: OpenAIFunctionTool[] = tools;
    expect(sdkTools).toHaveLength(2);
  });

  it('gives the reference forms: Anthropic tool_reference blocks, an OpenAI tool_search_output item', () => {
    const references = toolReferences(['create_issue']);
    expect(references).toEqual([{ type: 'tool_reference', tool_name: 'create_issue' }]);
    const block: ToolReferenceBlockParam = references[0] as ToolReferenceBlockParam;
    expect(block.tool_name).toBe('create_issue');
    const output = toolSearchOutput('call_7', [lazy]);
    expect(output).toEqual({
      type: 'tool_search_output',
      call_id: 'call_7',
      execution: 'client',
      status: 'completed',
      tools: [
        {
          type: 'function',
          name: 'create_issue',
          description: 'Creates an issue.',
          parameters: lazy.parameters,
          strict: false,
        },
      ],
    });
    const item: ResponseToolSearchOutputItemParam = output;
    expect(item.type).toBe('tool_search_output');
  });

  it("declares a search tool as the Responses API's client-executed tool_search", () => {
    const search = {
      name: 'tool_search',
      description: 'Find tools by what they do.',
      parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
    };
    const declared = clientToolSearchTool(search);
    expect(declared).toEqual({
      type: 'tool_search',
      execution: 'client',
      description: 'Find tools by what they do.',
      parameters: search.parameters,
    });
    expect(declared.parameters).not.toBe(search.parameters);
    const sdkTool: ToolSearchTool = declared;
    expect(sdkTool.execution).toBe('client');
  });

  it('refuses native deferred loading for providers without it, and keeps the default unchanged', () => {
    expect(() =>
      toProviderTools([visible], 'openai-chat', { deferred: 'native', deferredTools: [lazy] }),
    ).toThrow(
      'toProviderTools: deferred: "native" needs a provider that loads deferred tools itself (anthropic, openai-responses), not "openai-chat". Use deferred: "resend".',
    );
    expect(toProviderTools([visible], 'anthropic', { deferredTools: [lazy] })).toEqual(
      toProviderTools([visible], 'anthropic'),
    );
  });
});
