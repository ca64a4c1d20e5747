/**
 * `mountMcpServer` against real servers, offline: the reference filesystem and "everything" servers
 * started over stdio in Node, and this project's own edge handler over Streamable HTTP (in process,
 * its `fetch` going straight to the handler; the same handler in workerd is in tests/edge/worker.test.ts).
 * Reaches inside: registerDemoTools gives the in-process edge handler the ready-made worker's demo catalog
 * (src/edge/demo-tools.ts), which the edge entry does not export.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerDemoTools } from '../../src/edge/demo-tools.ts';
import { createFetchHandler } from '../../src/edge/index.ts';
import { type ApprovalRequest, createToolSuite } from '../../src/index.ts';
import { type McpMount, mountMcpServer } from '../../src/mcp/index.ts';
import { until } from './fixture.ts';

const require = createRequire(import.meta.url);
const FILESYSTEM_SERVER = require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js');
const EVERYTHING_SERVER = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');

describe('the reference filesystem server over stdio', () => {
  let root: string;
  let mount: McpMount;
  const asked: ApprovalRequest[] = [];
  const suite = createToolSuite({
    policy: { read: 'allow', fs_write: 'ask' },
    onApproval: (request) => {
      asked.push(request);
      return request.tool === 'create_directory';
    },
  });

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'mcp-fs-'));
    writeFileSync(join(root, 'notes.txt'), 'original\n');
    // The built-in read/write/edit/ls take those names; the server's own tool names do not clash.
    mount = await mountMcpServer(
      suite,
      { command: process.execPath, args: [FILESYSTEM_SERVER, root], stderr: 'ignore' },
      { mode: 'direct' },
    );
  }, 30_000);
  afterAll(async () => {
    await mount?.unmount();
    rmSync(root, { recursive: true, force: true });
  });

  it('is recognised as a filesystem server: its writing tools get fs_write, its reading tools read', () => {
    expect(mount.server).toBe('secure-filesystem-server');
    for (const name of ['write_file', 'edit_file', 'move_file', 'create_directory']) {
      expect([name, suite.effects(name)]).toEqual([name, ['fs_write']]);
    }
    expect(suite.effects('read_text_file')).toEqual(['read']);
    expect(suite.get('write_file')?.spec.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
    });
  });

  it("a policy of fs_write: 'ask' gates write_file, edit_file and move_file; a refusal leaves the file alone", async () => {
    const path = join(root, 'notes.txt');
    const write = await suite.execute('write_file', { path, content: 'overwritten\n' });
    const edit = await suite.execute('edit_file', {
      path,
      edits: [{ oldText: 'original', newText: 'edited' }],
    });
    const move = await suite.execute('move_file', { source: path, destination: join(root, 'moved.txt') });
    for (const [name, result] of [
      ['write_file', write],
      ['edit_file', edit],
      ['move_file', move],
    ] as const) {
      expect(result.is_error).toBe(true);
      expect(result.output).toBe(
        `The user did not approve tool "${name}" (effect fs_write). Do not retry the same call; ask the user how to proceed.`,
      );
    }
    expect(asked.map((request) => request.tool)).toEqual(['write_file', 'edit_file', 'move_file']);
    expect(readFileSync(path, 'utf8')).toBe('original\n');

    const read = await suite.execute('read_text_file', { path });
    expect(read).toMatchObject({ is_error: false, output: 'original\n' });
    const created = await suite.execute('create_directory', { path: join(root, 'made') });
    expect(created.is_error).toBe(false);
    expect(created.output).toBe(`Successfully created directory ${join(root, 'made')}`);
  });

  it('a path outside the allowed directory is the server error, reported as is_error', async () => {
    const result = await suite.execute('read_text_file', { path: '/etc/hostname' });
    expect(result.is_error).toBe(true);
    expect(result.output).toBe(
      `read_text_file: Access denied - path outside allowed directories: /etc/hostname not in ${root}`,
    );
  });
});

describe('the reference "everything" server over stdio', () => {
  let mount: McpMount;
  const suite = createToolSuite();

  beforeAll(async () => {
    mount = await mountMcpServer(
      suite,
      { command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'], stderr: 'ignore' },
      { prefix: 'everything_' },
    );
  }, 30_000);
  afterAll(async () => {
    await mount?.unmount();
  });

  it('mounts its tools deferred, with titles and annotations, and tool_search finds them', async () => {
    expect(mount.server).toBe('mcp-servers/everything');
    expect(mount.tools()).toEqual(expect.arrayContaining(['everything_echo', 'everything_get-tiny-image']));
    expect(suite.get('everything_echo')).toMatchObject({ mode: 'deferred', spec: { title: 'Echo Tool' } });
    expect(suite.effects('everything_echo')).toEqual(['read']);

    const session = suite.createSession();
    await suite.execute('tool_search', { query: 'echo back the input string' }, { session });
    expect(session.isActive('everything_echo')).toBe(true);
    const echo = await suite.execute('everything_echo', { message: 'hi' }, { session });
    expect(echo).toMatchObject({ is_error: false, output: 'Echo: hi' });
  });

  it('maps structured content and images', async () => {
    const session = suite.createSession();
    session.activate(['everything_get-structured-content', 'everything_get-tiny-image']);
    const weather = await suite.execute(
      'everything_get-structured-content',
      { location: 'Chicago' },
      { session },
    );
    expect(weather.structured_output).toEqual({
      temperature: 36,
      conditions: 'Light rain / drizzle',
      humidity: 82,
    });

    const image = await suite.execute('everything_get-tiny-image', {}, { session });
    expect(image.is_error).toBe(false);
    expect(image.output).toMatch(/^Here's the image you requested:\n\n\[image: image\/png, \d+ bytes\]\n\n/);
    const [first] = image.structured_output.images as { mime_type: string; data_base64: string }[];
    expect(first?.mime_type).toBe('image/png');
    expect(first?.data_base64.startsWith('iVBORw0KGgo')).toBe(true);
  });

  it('cancels a long-running operation when the call is aborted', async () => {
    const session = suite.createSession();
    session.activate(['everything_trigger-long-running-operation']);
    const controller = new AbortController();
    // Ten minutes, far past the test's own timeout: only the abort can end the call in time.
    const pending = suite.execute(
      'everything_trigger-long-running-operation',
      { duration: 600, steps: 1 },
      { session, signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 100);
    const result = await pending;
    expect(result.output).toBe(
      'Tool "everything_trigger-long-running-operation" was aborted before it finished. Its effects, if any, may be partial.',
    );
  });
});

describe("the project's edge handler over Streamable HTTP", () => {
  it('mounts the remote built-ins, calls them, and follows list_changed after a remote tool_search', async () => {
    const handler = createFetchHandler({
      createSuite: ({ workspace }) => {
        const remote = createToolSuite({ workspace });
        registerDemoTools(remote);
        return remote;
      },
      bearerToken: 'edge-token',
    });
    const suite = createToolSuite();
    const mount = await mountMcpServer(
      suite,
      {
        url: 'http://edge.test/mcp',
        headers: { Authorization: 'Bearer edge-token' },
        fetch: (input, init) => handler(new Request(input, init)),
      },
      { prefix: 'edge_', mode: 'direct' },
    );
    try {
      expect(mount.tools()).toEqual([
        'edge_read',
        'edge_write',
        'edge_edit',
        'edge_bash',
        'edge_grep',
        'edge_find',
        'edge_ls',
        'edge_tool_search',
      ]);
      expect(suite.effects('edge_write')).toEqual(['fs_write']);
      expect(suite.effects('edge_read')).toEqual(['read']);

      const write = await suite.execute('edge_write', { path: 'a.txt', content: 'remote\n' });
      expect(write.output).toBe('Wrote 7 bytes to a.txt (new file).');
      const read = await suite.execute('edge_read', { path: 'a.txt' });
      expect(read.output).toBe('remote');
      expect(read.structured_output).toMatchObject({ path: 'a.txt', content: 'remote\n' });

      await suite.execute('edge_tool_search', { query: 'sha-256 digest', limit: 1 });
      await until(() => suite.get('edge_hash_text') !== undefined);
      const hash = await suite.execute('edge_hash_text', { text: 'hello' });
      expect(hash.output).toBe(
        'SHA-256 of 5 bytes: 2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
      );
    } finally {
      await mount.unmount();
    }
    expect(suite.list().some((tool) => tool.spec.name.startsWith('edge_'))).toBe(false);
  });

  it('a wrong token fails the mount, to the host', async () => {
    const handler = createFetchHandler({ bearerToken: 'edge-token' });
    await expect(
      mountMcpServer(createToolSuite(), {
        url: 'http://edge.test/mcp',
        headers: { Authorization: 'Bearer wrong' },
        fetch: (input, init) => handler(new Request(input, init)),
      }),
    ).rejects.toThrow('Unauthorized: the bearer token is not valid for this server.');
  });
});
