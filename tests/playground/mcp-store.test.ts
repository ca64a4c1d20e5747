/**
 * The MCP panel's Connect store: a remote server mounted deferred, kept over a reset and unmounted, and what
 * each failure says.
 * Reaches inside: the playground app's state modules (src/playground/state/) have no public entry:
 * browser-agent-tools/playground exports the component, createPlaygroundStore and the approval prompt only,
 * so they are tested as the app uses them.
 */
import { describe, expect, it, vi } from 'vitest';
import { createFetchHandler, type FetchHandler } from '../../src/edge/index.ts';
import { mcpStoreOf, parseHeaderLines } from '../../src/playground/state/mcp-store.ts';
import { startPlayground } from './harness.ts';
import { mcpVia } from './page-helpers.ts';

/** The names of the catalog of the playground's current suite. */
function catalogNames(playground: Awaited<ReturnType<typeof startPlayground>>): string[] {
  return playground.runtime.store
    .getState()
    .suite.list()
    .map((tool) => tool.spec.name);
}

describe('Connect MCP server store', () => {
  it('mounts a remote server deferred, keeps it over a reset, and unmounts it', async () => {
    const playground = await startPlayground();
    const mcp = mcpStoreOf(playground, mcpVia(createFetchHandler()));
    const server = await mcp.connect({ url: 'http://edge.test/mcp', prefix: 'edge_' });
    expect(server.tools).toEqual([
      'edge_read',
      'edge_write',
      'edge_edit',
      'edge_bash',
      'edge_grep',
      'edge_find',
      'edge_ls',
      'edge_tool_search',
    ]);
    expect(playground.runtime.store.getState().suite.get('edge_bash')?.mode).toBe('deferred');
    const search = await playground.runCall({
      kind: 'named',
      name: 'tool_search',
      args: { query: 'edge_bash run a shell command' },
      caller: 'model',
    });
    expect(search.activated).toContain('edge_bash');
    const remote = await playground.runCall({
      kind: 'named',
      name: 'edge_bash',
      args: { command: 'echo remote' },
      caller: 'model',
    });
    expect(remote.result.is_error).toBe(false);
    expect(remote.result.output).toContain('remote');

    await playground.reset();
    await vi.waitFor(() => expect(catalogNames(playground)).toContain('edge_bash'));
    expect(mcp.store.getState().servers).toHaveLength(1);

    await mcp.disconnect(server.id);
    expect(catalogNames(playground).filter((name) => name.startsWith('edge_'))).toEqual([]);
    expect(mcp.store.getState().servers).toEqual([]);
  });

  it('says what a 401 wants, with and without headers sent', async () => {
    const playground = await startPlayground();
    const mcp = mcpStoreOf(playground, mcpVia(createFetchHandler({ bearerToken: 'secret' })));
    const url = 'http://edge.test/mcp';
    await expect(mcp.connect({ url })).rejects.toThrow(
      'The server at http://edge.test/mcp answered 401 Unauthorized: it wants credentials. Add a header such as "Authorization: Bearer <token>" and connect again.',
    );
    expect(mcp.store.getState().error).toBe(
      'The server at http://edge.test/mcp answered 401 Unauthorized: it wants credentials. Add a header such as "Authorization: Bearer <token>" and connect again.',
    );
    await expect(mcp.connect({ url, headers: { Authorization: 'Bearer wrong' } })).rejects.toThrow(
      'The server at http://edge.test/mcp answered 401 Unauthorized: it refused the headers sent. Check the token in the Authorization header and connect again.',
    );
    const server = await mcp.connect({ url, headers: { Authorization: 'Bearer secret' }, prefix: 'edge_' });
    expect(server.tools).toHaveLength(8);
    expect(mcp.store.getState().error).toBeNull();
    await mcp.disconnect(server.id);
  });

  it('says what to check when the server is unreachable or refuses CORS, for a wrong path, and for a bad URL', async () => {
    vi.stubGlobal('location', { origin: 'http://localhost:4315' });
    const playground = await startPlayground();
    const unreachable: FetchHandler = () => Promise.reject(new TypeError('Failed to fetch'));
    const mcp = mcpStoreOf(playground, mcpVia(unreachable));
    await expect(mcp.connect({ url: 'http://localhost:9/mcp' })).rejects.toThrow(
      "The server at http://localhost:9/mcp could not be reached, or it did not allow requests from http://localhost:4315 (CORS); the browser does not say which. Check that it runs and that the URL is right, and that it answers http://localhost:4315 with Access-Control-Allow-Origin (this project's edge worker does for localhost pages, and for the origins in MCP_ALLOWED_ORIGINS).",
    );
    const wrongPath = mcpStoreOf(await startPlayground(), mcpVia(createFetchHandler()));
    await expect(wrongPath.connect({ url: 'http://edge.test/' })).rejects.toThrow(
      "The server answered 404 Not Found at http://edge.test/: check the path of its MCP endpoint (this project's edge worker serves it at /mcp).",
    );
    await expect(mcp.connect({ url: 'localhost:8787' })).rejects.toThrow(
      '"localhost:8787" is not an http or https URL: MCP servers are reached over Streamable HTTP here.',
    );
    await expect(mcp.connect({ url: 'edge worker' })).rejects.toThrow(
      '"edge worker" is not a URL: enter the full address of the server\'s MCP endpoint, such as http://localhost:8787/mcp.',
    );
    vi.unstubAllGlobals();
  });

  it('reads headers one per line and names the line that is not one', () => {
    expect(parseHeaderLines('Authorization: Bearer abc\n\n  X-Team :  tools \n')).toEqual({
      Authorization: 'Bearer abc',
      'X-Team': 'tools',
    });
    expect(() => parseHeaderLines('Authorization: Bearer abc\nBearer abc')).toThrow(
      'Line 2 of the headers is not a header: write one per line as "Name: value", such as "Authorization: Bearer <token>".',
    );
  });
});
