/**
 * MCP servers for the inspector's e2e specs, started on this machine: the reference "everything"
 * server over its own Streamable HTTP transport. Each gets a free port on the loopback address and is stopped by `stop`.
 * A plain module (not a spec).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';

const require = createRequire(import.meta.url);
const EVERYTHING_SERVER = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');

export interface StartedServer {
  /** The Streamable HTTP endpoint. */
  url: string;
  stop(): void;
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Resolves once `url` answers any HTTP status; rejects with the child's output after `ms`. */
async function answering(url: string, child: ChildProcess, output: string[], ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${output.join('')}`);
    try {
      await fetch(url, { method: 'GET' });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`${url} did not answer within ${ms} ms: ${output.join('')}`);
}

async function started(
  command: string[],
  url: string,
  env: Record<string, string> = {},
): Promise<StartedServer> {
  const [program, ...args] = command as [string, ...string[]];
  const child = spawn(program, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  try {
    await answering(url, child, output);
  } catch (error) {
    child.kill();
    throw error;
  }
  return { url, stop: () => child.kill() };
}

/** server-everything on its own Streamable HTTP transport (it allows every origin). */
export async function startEverything(): Promise<StartedServer> {
  const port = await freePort();
  return started([process.execPath, EVERYTHING_SERVER, 'streamableHttp'], `http://localhost:${port}/mcp`, {
    PORT: String(port),
  });
}
