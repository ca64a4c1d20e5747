/**
 * The MCP server with tools named like `Object.prototype` members: one such tool must not break
 * `tools/list` for the whole session, and each is called like any other tool. Also a `__proto__`
 * argument sent through `tools/call` is refused like one from any other caller.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { createFetchHandler, type FetchHandler } from '../../src/edge/index.ts';
import { createToolSuite, type ToolSuite } from '../../src/index.ts';

const MCP = 'http://edge.test/mcp';
const NAMES = ['toString', 'constructor', 'valueOf', 'hasOwnProperty', '__proto__'];

async function connect(handler: FetchHandler): Promise<Client> {
  const client = new Client({ name: 'edge-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(MCP), {
      fetch: (input, init) => handler(new Request(input, init)),
    }),
  );
  return client;
}

function suiteWith(names: readonly string[]): ToolSuite {
  const suite = createToolSuite({ builtins: ['read'] });
  for (const name of names) {
    suite.register(
      {
        name,
        description: `Named ${name}.`,
        parameters: { type: 'object', properties: { x: { type: 'string' } } },
      },
      'direct',
      (args) => ({ output: `${name} ran with ${String(args.x)}`, structured_output: { x: String(args.x) } }),
    );
  }
  return suite;
}

describe('the MCP server and tools named like Object.prototype members', () => {
  for (const name of NAMES) {
    it(`lists and calls a tool named ${name}`, async () => {
      const client = await connect(createFetchHandler({ createSuite: () => suiteWith([name]) }));
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['read', name]);
      // Its effects are unknown, so it claims no annotations (an inherited member is not an effect list).
      expect(tools[1]?.annotations).toBeUndefined();
      const result = await client.callTool({ name, arguments: { x: 'a' } });
      expect(result).toMatchObject({
        isError: false,
        content: [{ type: 'text', text: `${name} ran with a` }],
      });
      await client.close();
    });
  }

  it('never lets a __proto__ argument reach the tool, and refuses constructor', async () => {
    const received: Record<string, unknown>[] = [];
    const suite = createToolSuite({ builtins: false });
    suite.register(
      { name: 'deploy', parameters: { type: 'object', properties: { x: { type: 'string' } } } },
      'direct',
      (args) => {
        received.push(args);
        return `deployed ${String(args.x)} ${String(args.y)}`;
      },
    );
    const client = await connect(createFetchHandler({ createSuite: () => suite }));
    // The SDK's request validation drops a `__proto__` key before the suite sees the arguments: the tool
    // runs with the rest, and the prototype of its arguments is not the one sent.
    const dropped = await client.callTool({
      name: 'deploy',
      arguments: JSON.parse('{"x":"a","__proto__":{"y":"b"}}'),
    });
    expect(dropped).toMatchObject({
      isError: false,
      content: [{ type: 'text', text: 'deployed a undefined' }],
    });
    expect(Object.getPrototypeOf(received[0])).toBeNull();
    const refused = await client.callTool({
      name: 'deploy',
      arguments: JSON.parse('{"x":"a","constructor":{"prototype":{"y":"b"}}}'),
    });
    expect(refused).toMatchObject({
      isError: true,
      content: [
        {
          type: 'text',
          text: [
            'Invalid arguments for deploy:',
            '- constructor: the key "constructor" is not accepted, because it can alter object prototypes. Remove it and send each value under its own parameter name.',
            'Received: {"x":"a","constructor":{"prototype":{"y":"b"}}}',
            'Fix the arguments and call deploy again.',
          ].join('\n'),
        },
      ],
    });
    expect(received).toHaveLength(1);
    await client.close();
  });
});
