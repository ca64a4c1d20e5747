/**
 * What an implementation returns, read honestly: `is_error` is never dropped, an MCP `CallToolResult`
 * maps onto the three channels, and `terminate: true` stays `true`.
 */
import { describe, expect, it } from 'vitest';
import { runAgentLoop } from '../../src/agent/index.ts';
import { createToolSuite, type ToolSuite } from '../../src/index.ts';
import { createScriptedModel, userMessage } from '../agent/fixture.ts';

/** A suite without built-ins whose one tool `host_tool` returns `returned`. */
function returning(returned: unknown): ToolSuite {
  const suite = createToolSuite({ builtins: false });
  suite.register({ name: 'host_tool' }, 'direct', () => returned as string);
  return suite;
}

const invalid = (problem: string) =>
  `Tool "host_tool" returned an invalid result: ${problem}. This is a bug in the tool, not in your call; use another tool.`;

describe('is_error is honoured', () => {
  it('{ output, is_error: true } is an error result with the tool text and a TOOL_FAILED code', async () => {
    const result = await returning({ output: 'quota exhausted', is_error: true }).execute('host_tool', {});
    expect(result).toEqual({
      output: 'quota exhausted',
      structured_output: { error: { code: 'TOOL_FAILED', message: 'quota exhausted', tool: 'host_tool' } },
      details: { duration_ms: expect.any(Number) },
      is_error: true,
    });
  });

  it('keeps the structured data and details the failing tool gave, and its own error object', async () => {
    const own = await returning({
      output: 'rate limited',
      is_error: true,
      structured_output: { retry_after: 30 },
      details: { status: 429 },
    }).execute('host_tool', {});
    expect(own).toMatchObject({
      is_error: true,
      structured_output: {
        retry_after: 30,
        error: { code: 'TOOL_FAILED', message: 'rate limited', tool: 'host_tool' },
      },
      details: { status: 429 },
    });
    const coded = await returning({
      output: 'no such user',
      is_error: true,
      structured_output: { error: { code: 'NOT_FOUND' } },
    }).execute('host_tool', {});
    expect(coded.structured_output).toEqual({ error: { code: 'NOT_FOUND' } });
  });

  it('isError (camel case) on a partial result counts too; is_error: false is a success', async () => {
    expect((await returning({ output: 'x', isError: true }).execute('host_tool', {})).is_error).toBe(true);
    expect((await returning({ output: 'x', is_error: false }).execute('host_tool', {})).is_error).toBe(false);
  });

  it('an is_error that is not a boolean is an invalid result, not a guess', async () => {
    const result = await returning({ output: 'x', is_error: 'yes' }).execute('host_tool', {});
    expect(result.output).toBe(invalid('"is_error" must be a boolean'));
    expect(result.is_error).toBe(true);
  });
});

describe('an MCP CallToolResult maps onto the three channels', () => {
  it('text, image, audio, embedded resources and resource links', async () => {
    const result = await returning({
      content: [
        { type: 'text', text: 'Two files:' },
        {
          type: 'resource',
          resource: { uri: 'file:///notes.md', mimeType: 'text/markdown', text: '# Notes' },
        },
        { type: 'resource', resource: { uri: 'file:///logo.bin', blob: 'AAAA' } },
        { type: 'resource_link', uri: 'file:///big.csv', name: 'big.csv' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
        { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
      ],
    }).execute('host_tool', {});
    expect(result.output).toBe(
      [
        'Two files:',
        'Resource file:///notes.md:\n# Notes',
        '[Resource file:///logo.bin: binary, 3B]',
        '[Resource link: file:///big.csv (big.csv)]',
        '[Image: image/png, 8B]',
        '[Audio: audio/wav, 4B]',
      ].join('\n'),
    );
    expect(result.is_error).toBe(false);
    expect(result.structured_output).toEqual({});
    expect(result.details.media).toEqual([
      { type: 'image', mime_type: 'image/png', data_base64: 'iVBORw0KGgo=', bytes: 8 },
      { type: 'audio', mime_type: 'audio/wav', data_base64: 'UklGRg==', bytes: 4 },
    ]);
  });

  it('structuredContent is the structured output; one image alone is structured as read gives an image', async () => {
    const typed = await returning({
      content: [{ type: 'text', text: '{"temp":21}' }],
      structuredContent: { temp: 21 },
    }).execute('host_tool', {});
    expect(typed).toMatchObject({ output: '{"temp":21}', structured_output: { temp: 21 }, is_error: false });
    const image = await returning({
      content: [{ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }],
    }).execute('host_tool', {});
    expect(image.structured_output).toEqual({
      mime_type: 'image/png',
      data_base64: 'iVBORw0KGgo=',
      bytes: 8,
    });
  });

  it('isError: true is an error result', async () => {
    const result = await returning({
      content: [{ type: 'text', text: 'Repository not found.' }],
      isError: true,
    }).execute('host_tool', {});
    expect(result).toMatchObject({
      output: 'Repository not found.',
      is_error: true,
      structured_output: {
        error: { code: 'TOOL_FAILED', message: 'Repository not found.', tool: 'host_tool' },
      },
    });
  });

  it('a malformed block or flag is an invalid result that names it', async () => {
    const block = await returning({ content: [{ type: 'text', text: 'ok' }, { type: 'video' }] }).execute(
      'host_tool',
      {},
    );
    expect(block.output).toBe(
      invalid('content[1] is not an MCP content block (text, image, audio, resource or resource_link)'),
    );
    const flag = await returning({ content: [], isError: 1 }).execute('host_tool', {});
    expect(flag.output).toBe(invalid('"isError" must be a boolean'));
  });
});

describe('control.terminate: true', () => {
  function stopping(terminate: unknown): ToolSuite {
    const suite = createToolSuite({ builtins: false });
    suite.register({ name: 'stop' }, 'direct', () => ({ output: 'bye', control: { terminate } }) as never);
    suite.register({ name: 'other' }, 'direct', () => 'ran');
    return suite;
  }

  it('stays true in the result and ends the session', async () => {
    const suite = stopping(true);
    const session = suite.createSession();
    const events: unknown[] = [];
    session.subscribe((event) => events.push(event));
    const result = await suite.execute('stop', {}, { session });
    expect(result.control).toEqual({ terminate: true });
    expect(JSON.parse(JSON.stringify(result)).control).toEqual({ terminate: true });
    expect(session.terminated).toEqual({});
    expect(events).toEqual([{ type: 'terminated', directive: {} }]);
    expect((await suite.execute('other', {}, { session })).output).toBe(
      'The session has ended. No further tool calls run in it; answer the user instead.',
    );
  });

  it('anything but true, false or { reason } is an invalid result', async () => {
    const result = await stopping('soon').execute('stop', {});
    expect(result.output).toBe(
      'Tool "stop" returned an invalid result: "control" is malformed (terminate must be true or { reason?: string }). This is a bug in the tool, not in your call; use another tool.',
    );
  });

  it('the agent loop stops on it', async () => {
    const suite = stopping(true);
    const model = createScriptedModel('openai-chat', [{ type: 'tool_calls', calls: [{ name: 'stop' }] }]);
    const run = await runAgentLoop({ suite, model, messages: [userMessage('openai-chat', 'Stop')] });
    expect(run.reason).toBe('terminated');
    expect(run.detail).toBe('Tool "stop" ended the session.');
    expect(run.terminate).toEqual({});
  });
});
