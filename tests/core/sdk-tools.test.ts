/**
 * The reverse direction of the adapters: a tool made with the AI SDK, the OpenAI Agents SDK or
 * LangChain registers with its own function bound as the implementation, an AI SDK tool call runs
 * through `executeCall`, and a call already approved by an SDK's own approval step is not asked again.
 */
import { tool as langChainTool } from '@langchain/core/tools';
import { tool as agentsTool } from '@openai/agents';
import { tool as aiTool, jsonSchema } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCoreSuite, parseToolCall } from '../../src/index.ts';

const CITY = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } as const;

describe('registering SDK tools binds their function', () => {
  it('an AI SDK tool() runs its execute, with the abort signal; an object result is also structured_output', async () => {
    let signal: AbortSignal | undefined;
    const weather = aiTool({
      description: 'Weather for a city.',
      // A mutable copy: with @types/json-schema installed, JSONSchema7's `required` is a string[].
      inputSchema: jsonSchema<{ city: string }>({ ...CITY, required: [...CITY.required] }),
      execute: async ({ city }, options) => {
        signal = options.abortSignal;
        return { city, sky: 'sunny' };
      },
    });
    const suite = createCoreSuite();
    suite.register({ name: 'weather', ...weather }, 'direct');
    expect(suite.get('weather')?.spec.parameters).toEqual(CITY);
    const result = await suite.execute('weather', { city: 'Oslo' });
    expect(result).toMatchObject({
      is_error: false,
      output: '{"city":"Oslo","sky":"sunny"}',
      structured_output: { city: 'Oslo', sky: 'sunny' },
    });
    expect(signal).toBeInstanceOf(AbortSignal);
  });

  it('an AI SDK tool with a zod schema, and a string result', async () => {
    const greet = aiTool({
      description: 'Greets.',
      inputSchema: z.object({ name: z.string() }),
      execute: async ({ name }) => `Hello, ${name}!`,
    });
    const suite = createCoreSuite();
    suite.register({ name: 'greet', ...greet }, 'direct');
    expect((await suite.execute('greet', { name: 'Ada' })).output).toBe('Hello, Ada!');
    const bad = await suite.execute('greet', {});
    expect(bad.is_error).toBe(true);
  });

  it('an OpenAI Agents SDK tool() runs through its invoke', async () => {
    const add = agentsTool({
      name: 'add',
      description: 'Adds two numbers.',
      parameters: z.object({ a: z.number(), b: z.number() }),
      execute: async ({ a, b }) => `${a + b}`,
    });
    const suite = createCoreSuite();
    suite.register(add, 'direct');
    expect(suite.get('add')?.spec.parameters).toMatchObject({ properties: { a: { type: 'number' } } });
    expect((await suite.execute('add', { a: 2, b: '3' })).output).toBe('5');
  });

  it('a LangChain tool runs through its invoke', async () => {
    const shout = langChainTool(async ({ text }: { text: string }) => text.toUpperCase(), {
      name: 'shout',
      description: 'Upper-cases a text.',
      schema: z.object({ text: z.string() }),
    });
    const suite = createCoreSuite();
    suite.register(shout, 'direct');
    expect((await suite.execute('shout', { text: 'hey' })).output).toBe('HEY');
  });

  it('an implementation passed to register wins over the one the tool carries', async () => {
    const greet = aiTool({ inputSchema: jsonSchema({ type: 'object' }), execute: async () => 'own' });
    const suite = createCoreSuite();
    suite.register({ name: 'greet', ...greet }, 'direct', () => 'host');
    expect((await suite.execute('greet', {})).output).toBe('host');
  });

  it('plain specs stay without an implementation', async () => {
    const suite = createCoreSuite();
    suite.register({ name: 'plain', description: 'Data only.', parameters: { type: 'object' } }, 'direct');
    expect(suite.get('plain')?.implementation).toBeUndefined();
  });
});

describe('AI SDK tool calls', () => {
  it('parseToolCall reads { toolCallId, toolName, input }', () => {
    expect(
      parseToolCall({
        type: 'tool-call',
        toolCallId: 'call_7',
        toolName: 'weather',
        input: { city: 'Oslo' },
      }),
    ).toEqual({
      format: 'ai-sdk',
      name: 'weather',
      arguments: { city: 'Oslo' },
      id: 'call_7',
    });
  });

  it('executeCall runs one', async () => {
    const suite = createCoreSuite();
    suite.register(
      { name: 'weather', parameters: CITY },
      'direct',
      (args) => `Sunny in ${String(args.city)}.`,
    );
    const result = await suite.executeCall({
      toolCallId: 'call_1',
      toolName: 'weather',
      input: { city: 'Oslo' },
    });
    expect(result.output).toBe('Sunny in Oslo.');
  });
});

describe('ExecuteOptions.approved', () => {
  it("skips onApproval for an 'ask' level, and never lifts a 'deny'", async () => {
    let asked = 0;
    const suite = createCoreSuite({
      policy: { fs_write: 'ask', exec: 'deny', read: 'allow' },
      onApproval: () => {
        asked += 1;
        return false;
      },
    });
    suite.register({ name: 'save', effects: ['fs_write'] }, 'direct', () => 'saved');
    suite.register({ name: 'run', effects: ['exec'] }, 'direct', () => 'ran');
    expect((await suite.execute('save', {})).is_error).toBe(true);
    expect(asked).toBe(1);
    expect(await suite.execute('save', {}, { approved: true })).toMatchObject({
      is_error: false,
      output: 'saved',
    });
    expect(asked).toBe(1);
    const denied = await suite.execute('run', {}, { approved: true });
    expect(denied.output).toBe(
      'Tool "run" was denied by policy (effect exec), so it did not run. Do not retry it; use a tool without that effect or ask the user.',
    );
  });
});
