/**
 * The demo catalog of the ready-made worker: registered deferred, and what each tool tells the model,
 * word for word. Runs through the suite's one execute path, after activating the tools in a session.
 * Reaches inside: the demo catalog (src/edge/demo-tools.ts) belongs to the ready-made worker,
 * src/edge/worker-entry.ts built into dist/edge/worker.js; the edge entry exports neither registerDemoTools
 * nor DEMO_TOOL_NAMES.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_TOOL_NAMES, registerDemoTools } from '../../src/edge/demo-tools.ts';
import { createToolSuite } from '../../src/index.ts';

function setUp() {
  const suite = createToolSuite({ builtins: false });
  registerDemoTools(suite);
  const session = suite.createSession();
  session.activate(DEMO_TOOL_NAMES);
  const run = (name: string, args: Record<string, unknown>) => suite.execute(name, args, { session });
  return { suite, run };
}

describe('the demo tools', () => {
  it('are registered deferred, with no effects, so they are read-only for MCP clients', () => {
    const { suite } = setUp();
    expect(suite.list().map((tool) => [tool.spec.name, tool.mode, tool.spec.effects])).toEqual(
      DEMO_TOOL_NAMES.map((name) => [name, 'deferred', []]),
    );
    expect(suite.declarations()).toEqual([]);
  });

  it('hash_text returns the hex digest', async () => {
    const { run } = setUp();
    const result = await run('hash_text', { text: 'abc', algorithm: 'SHA-1' });
    expect(result.output).toBe('SHA-1 of 3 bytes: a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(result.structured_output).toEqual({
      algorithm: 'SHA-1',
      hex: 'a9993e364706816aba3e25717850c26c9cd0d89d',
      bytes: 3,
    });
  });

  it('base64 encodes and decodes UTF-8, and says what is wrong with bad input', async () => {
    const { run } = setUp();
    expect((await run('base64', { text: 'héllo', mode: 'encode' })).output).toBe('aMOpbGxv');
    expect((await run('base64', { text: 'aMOpbGxv', mode: 'decode' })).output).toBe('héllo');
    const invalid = await run('base64', { text: '%%%', mode: 'decode' });
    expect(invalid.is_error).toBe(true);
    expect(invalid.output).toBe(
      'base64: the text is not valid Base64. Pass only the characters A-Z, a-z, 0-9, "+" and "/", with "=" padding at the end.',
    );
    const binary = await run('base64', { text: '/w==', mode: 'decode' });
    expect(binary.output).toBe(
      'base64: the Base64 decodes to 1 byte of binary data, not UTF-8 text, so it cannot be shown. Decode only Base64 of text.',
    );
  });

  it('generate_uuid returns version-4 UUIDs, one per line', async () => {
    const { run } = setUp();
    const result = await run('generate_uuid', { count: 3 });
    const lines = result.output.split('\n');
    expect(lines).toHaveLength(3);
    for (const line of lines)
      expect(line).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(result.structured_output).toEqual({ uuids: lines });
  });

  it('format_json pretty-prints or minifies, and points at invalid JSON', async () => {
    const { run } = setUp();
    expect((await run('format_json', { json: '{"a":[1,2]}' })).output).toBe(
      '{\n  "a": [\n    1,\n    2\n  ]\n}',
    );
    expect((await run('format_json', { json: '{ "a" : 1 }', minify: true })).output).toBe('{"a":1}');
    const invalid = await run('format_json', { json: '{"a": }' });
    expect(invalid.is_error).toBe(true);
    // The reason in parentheses is the JavaScript engine's own message.
    expect(invalid.output).toBe(
      `format_json: the text is not valid JSON (${jsonError('{"a": }')}). Fix it there and call format_json again.`,
    );
  });
});

function jsonError(text: string): string {
  try {
    JSON.parse(text);
    return '';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
