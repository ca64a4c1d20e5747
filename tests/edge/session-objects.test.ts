/**
 * Durable Object mode of the ready-made worker (`dist/edge/worker.js` with an `MCP_SESSIONS` binding
 * to its `McpSessionObject`), in workerd through Miniflare with SQLite-backed objects persisted to a
 * directory: a session survives Miniflare being disposed and started again (every object evicted),
 * two sessions stay apart, and a DELETE forgets the session.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEdgeWorker, bundleWorker, textOf } from './edge-worker.ts';

const COMPATIBILITY_DATE = '2026-04-01';
const BUILTINS = ['read', 'write', 'edit', 'bash', 'grep', 'find', 'ls', 'tool_search'];

let source = '';
let persistDir = '';

/** The worker (`script`, default the ready-made one) with its session objects persisted in `persistDir`. */
async function start(script = source): Promise<{ miniflare: Miniflare; endpoint: URL }> {
  const miniflare = new Miniflare({
    modules: true,
    script,
    compatibilityDate: COMPATIBILITY_DATE,
    durableObjects: { MCP_SESSIONS: { className: 'McpSessionObject', useSQLite: true } },
    durableObjectsPersist: persistDir,
  });
  return { miniflare, endpoint: new URL('/mcp', await miniflare.ready) };
}

/** A client; with `sessionId`, it resumes that session instead of opening one. */
async function connect(endpoint: URL, sessionId?: string): Promise<Client> {
  const client = new Client({ name: 'do-test', version: '1.0.0' });
  client.onerror = () => {};
  await client.connect(new StreamableHTTPClientTransport(endpoint, sessionId ? { sessionId } : {}));
  return client;
}

/** Ends the client's session with DELETE, as `close` alone does not, then closes the client. */
async function end(client: Client): Promise<void> {
  const transport = client.transport;
  if (transport instanceof StreamableHTTPClientTransport) await transport.terminateSession();
  await client.close();
}

function sessionIdOf(client: Client): string {
  const transport = client.transport;
  if (!(transport instanceof StreamableHTTPClientTransport) || transport.sessionId === undefined) {
    throw new Error('the client has no session');
  }
  return transport.sessionId;
}

beforeAll(() => {
  persistDir = mkdtempSync(join(tmpdir(), 'mcp-sessions-'));
  source = buildEdgeWorker();
}, 60_000);

afterAll(() => {
  rmSync(persistDir, { recursive: true, force: true });
});

describe('MCP sessions on Durable Objects', () => {
  it('keep their files and activated tools across a restart of the whole runtime', async () => {
    const first = await start();
    const client = await connect(first.endpoint);
    const id = sessionIdOf(client);
    const other = await connect(first.endpoint);
    await client.callTool({
      name: 'write',
      arguments: { path: 'notes/kept.txt', content: 'survives eviction\n' },
    });
    await client.callTool({
      name: 'bash',
      arguments: { command: 'chmod 700 notes' },
    });
    const search = await client.callTool({
      name: 'tool_search',
      arguments: { query: 'sha-256 digest', limit: 1 },
    });
    expect(textOf(search)).toContain('- hash_text:');
    await other.callTool({ name: 'write', arguments: { path: 'other.txt', content: 'other session\n' } });
    const otherId = sessionIdOf(other);
    await client.close();
    await other.close();
    await first.miniflare.dispose();

    const second = await start();
    try {
      const resumed = await connect(second.endpoint, id);
      const read = await resumed.callTool({ name: 'read', arguments: { path: 'notes/kept.txt' } });
      expect(read.isError).toBe(false);
      expect(textOf(read)).toContain('survives eviction');
      expect(
        textOf(
          await resumed.callTool({
            name: 'bash',
            arguments: { command: 'stat -c %a notes' },
          }),
        ),
      ).toBe('700');
      expect((await resumed.listTools()).tools.map((tool) => tool.name)).toEqual([...BUILTINS, 'hash_text']);
      const hash = await resumed.callTool({ name: 'hash_text', arguments: { text: 'hello' } });
      expect(textOf(hash)).toBe(
        'SHA-256 of 5 bytes: 2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
      );

      // The other session is apart: its own file, none of the first one's, no activated tool.
      const otherResumed = await connect(second.endpoint, otherId);
      expect(textOf(await otherResumed.callTool({ name: 'ls', arguments: {} }))).toBe('other.txt');
      expect((await otherResumed.listTools()).tools.map((tool) => tool.name)).toEqual(BUILTINS);
      const refused = await otherResumed.callTool({ name: 'hash_text', arguments: { text: 'x' } });
      expect(refused.isError).toBe(true);

      // DELETE forgets the session: its ID then gets 404.
      const transport = resumed.transport;
      if (!(transport instanceof StreamableHTTPClientTransport)) throw new Error('unexpected transport');
      await transport.terminateSession();
      const gone = await fetch(second.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': id,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }),
      });
      expect(gone.status).toBe(404);
      expect(await gone.json()).toEqual({
        jsonrpc: '2.0',
        error: {
          code: -32001,
          message:
            'Session not found: it was ended, expired after 15 minutes without requests, was closed while idle to make room for a new session, or was never opened here. Start a new session: send initialize without an Mcp-Session-Id header.',
        },
        id: null,
      });
      await otherResumed.close();
    } finally {
      await second.miniflare.dispose();
    }
  }, 120_000);

  it('hold the deployment to maxSessions: beyond it a new session gets 503, no live session is ended, and DELETE gives the place back', async () => {
    const capped = await start(bundleWorker('tests/edge/fixtures/session-cap-worker.ts'));
    try {
      const first = await connect(capped.endpoint);
      await first.callTool({ name: 'write', arguments: { path: 'first.txt', content: 'first\n' } });
      const second = await connect(capped.endpoint);
      await second.callTool({ name: 'write', arguments: { path: 'second.txt', content: 'second\n' } });
      await expect(connect(capped.endpoint)).rejects.toThrow(
        'Streamable HTTP error: Error POSTing to endpoint: {"jsonrpc":"2.0","error":{"code":-32000,"message":"Too many sessions: this server already holds 2 MCP sessions, the most its operator allows. Retry in 60 seconds, when sessions have ended or expired (after 15 minutes without requests), or end sessions you no longer use with DELETE /mcp."},"id":null}',
      );
      expect(textOf(await first.callTool({ name: 'ls', arguments: {} }))).toBe('first.txt');
      expect(textOf(await second.callTool({ name: 'ls', arguments: {} }))).toBe('second.txt');
      await end(first);
      const third = await connect(capped.endpoint);
      expect(textOf(await third.callTool({ name: 'ls', arguments: {} }))).toBe('(empty directory)');
      await Promise.all([end(second), end(third)]);
    } finally {
      await capped.miniflare.dispose();
    }
  }, 120_000);

  it('give a place back when a session expires: its own alarm deletes it and uncounts it', async () => {
    const capped = await start(bundleWorker('tests/edge/fixtures/short-idle-cap-worker.ts'));
    try {
      const first = await connect(capped.endpoint);
      await first.callTool({ name: 'write', arguments: { path: 'gone.txt', content: 'soon gone\n' } });
      // Polled, not timed: the alarm fires after 2 seconds of quiet, however slow the machine is.
      let next: Client | undefined;
      for (let attempt = 0; next === undefined && attempt < 600; attempt += 1) {
        next = await connect(capped.endpoint).catch(async (error: unknown) => {
          expect(String(error)).toContain('Too many sessions: this server already holds 1 MCP session');
          await new Promise((resolve) => setTimeout(resolve, 250));
          return undefined;
        });
      }
      expect(next).toBeDefined();
      await expect(first.listTools()).rejects.toThrow('expired after 2 seconds without requests');
      await Promise.all([first.close(), next && end(next)]);
    } finally {
      await capped.miniflare.dispose();
    }
  }, 180_000);

  it('hold each stored session to workspaceBytes: a write beyond it names the limit and keeps what was stored', async () => {
    const capped = await start(bundleWorker('tests/edge/fixtures/session-cap-worker.ts'));
    let id = '';
    try {
      const client = await connect(capped.endpoint);
      id = sessionIdOf(client);
      const fits = await client.callTool({
        name: 'write',
        arguments: { path: 'fits.txt', content: 'x'.repeat(40 * 1024) },
      });
      expect(fits.isError).toBe(false);
      const full = await client.callTool({
        name: 'write',
        arguments: { path: 'full.txt', content: 'x'.repeat(30 * 1024) },
      });
      expect(full.isError).toBe(true);
      expect(textOf(full)).toBe(
        'write: The workspace is full (its limit is 64.0KB): full.txt could not be written. Remove files you no longer need and try again.',
      );
      await client.close();
    } finally {
      await capped.miniflare.dispose();
    }
    const again = await start(bundleWorker('tests/edge/fixtures/session-cap-worker.ts'));
    try {
      const resumed = await connect(again.endpoint, id);
      expect(
        textOf(await resumed.callTool({ name: 'bash', arguments: { command: 'ls; wc -c fits.txt' } })),
      ).toBe('fits.txt\n40960 fits.txt');
      await resumed.close();
    } finally {
      await again.miniflare.dispose();
    }
  }, 120_000);

  it('fail a call whose changes cannot be stored, naming the storage, and keep what was stored before', async () => {
    const refusing = await start(bundleWorker('tests/edge/fixtures/unstorable-worker.ts'));
    try {
      const client = await connect(refusing.endpoint);
      const id = sessionIdOf(client);
      const kept = await client.callTool({
        name: 'write',
        arguments: { path: 'kept.txt', content: 'fine\n' },
      });
      expect(kept.isError).toBe(false);
      const refused = await client.callTool({
        name: 'bash',
        arguments: { command: 'echo "this cannot be stored" > lost.txt; echo written' },
      });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toBe(
        `Could not save the workspace "${id}" to the session's Durable Object storage (SQLITE_FULL: database or disk is full). What was saved before is kept; the next change tries again. What this call changed lives only in this session's memory until a later call stores it, and is lost if the session restarts. The call's own output:\nwritten`,
      );
      // Every later change fails the same way while the workspace cannot be stored.
      const next = await client.callTool({
        name: 'write',
        arguments: { path: 'more.txt', content: 'more\n' },
      });
      expect(next.isError).toBe(true);
      // Once the file that could not be stored is gone, the next call stores everything again.
      const removed = await client.callTool({ name: 'bash', arguments: { command: 'rm lost.txt' } });
      expect(removed.isError).toBe(false);
      expect(textOf(await client.callTool({ name: 'ls', arguments: {} }))).toBe('kept.txt\nmore.txt');
      await end(client);
    } finally {
      await refusing.miniflare.dispose();
    }
  }, 120_000);

  it('store what a call changed, not the whole workspace again: nothing for a call that changed nothing, the file for one that changed a file', async () => {
    const counting = await start(bundleWorker('tests/edge/fixtures/counting-storage-worker.ts'));
    try {
      const client = await connect(counting.endpoint);
      const stored = async (): Promise<number> =>
        Number(textOf(await client.callTool({ name: 'stored_bytes', arguments: {} })));
      // Made in the shell: a write's result would carry each file's diff, spilled into the workspace.
      const make = `awk 'BEGIN { s = "x"; while (length(s) < 3145728) s = s s; printf "%s", substr(s, 1, 3145728) }'`;
      for (const name of ['a', 'b', 'c', 'd']) {
        const made = await client.callTool({
          name: 'bash',
          arguments: { command: `mkdir -p big && ${make} > big/${name}.txt` },
        });
        expect(made.isError).toBe(false);
      }
      const held = await stored();
      expect(held).toBeGreaterThan(12 * 1024 * 1024);

      const echo = await client.callTool({ name: 'bash', arguments: { command: 'echo hi' } });
      expect(textOf(echo)).toBe('hi');
      expect(await stored()).toBe(held);

      const before = await stored();
      const small = await client.callTool({ name: 'bash', arguments: { command: 'echo hi > small.txt' } });
      expect(small.isError).toBe(false);
      const smallBytes = (await stored()) - before;
      expect(smallBytes).toBeGreaterThan(0);
      expect(smallBytes).toBeLessThan(4096);

      // What was appended restores: a new runtime reads the tree and the records after it.
      const id = sessionIdOf(client);
      await client.close();
      await counting.miniflare.dispose();
      const again = await start(bundleWorker('tests/edge/fixtures/counting-storage-worker.ts'));
      try {
        const resumed = await connect(again.endpoint, id);
        expect(
          textOf(
            await resumed.callTool({
              name: 'bash',
              arguments: { command: 'cat small.txt; wc -c big/*.txt' },
            }),
          ),
        ).toBe(
          'hi\n 3145728 big/a.txt\n 3145728 big/b.txt\n 3145728 big/c.txt\n 3145728 big/d.txt\n12582912 total',
        );
        await end(resumed);
      } finally {
        await again.miniflare.dispose();
      }
    } catch (error) {
      await counting.miniflare.dispose().catch(() => undefined);
      throw error;
    }
  }, 180_000);
  it('answer a call whose result is larger than a stored event may be (a write of 2.5 MiB carries its diff)', async () => {
    const runtime = await start();
    try {
      const client = await connect(runtime.endpoint);
      const wrote = await client.callTool({
        name: 'write',
        arguments: { path: 'large.txt', content: 'x'.repeat(2.5 * 1024 * 1024) },
      });
      expect(textOf(wrote)).toBe('Wrote 2621440 bytes to large.txt (new file).');
      await end(client);
    } finally {
      await runtime.miniflare.dispose();
    }
  }, 120_000);
});
