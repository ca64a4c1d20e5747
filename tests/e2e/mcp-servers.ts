/**
 * MCP servers for the inspector's e2e specs, started on this machine: the reference "everything"
 * server over its own Streamable HTTP transport, and a stdio server behind the proxy command that
 * docs/mcp.md documents. Each gets a free port on the loopback address and is stopped by `stop`.
 * A plain module (not a spec).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PROXY_PACKAGE } from '../../src/playground/state/stdio-proxy.ts';

const require = createRequire(import.meta.url);
const EVERYTHING_SERVER = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
const DOCS_MCP = resolve(import.meta.dirname, '../../docs/mcp.md');

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

/** The proxy command line of docs/mcp.md ("Servers that speak only stdio"). */
export function documentedProxyCommand(): string {
  const docs = readFileSync(DOCS_MCP, 'utf8');
  const line = docs.split('\n').find((candidate) => candidate.startsWith('npx mcp-proxy@'));
  if (line === undefined) throw new Error('docs/mcp.md has no line starting with "npx mcp-proxy@"');
  return line;
}

/**
 * The documented command's options (the words between the package and `--`), with its port and key
 * replaced: what the tests run is what the docs say.
 */
function documentedProxyArguments(port: number, key: string): string[] {
  const words = documentedProxyCommand().split(' ');
  const options = words.slice(2, words.indexOf('--'));
  return options.map((word, index) => {
    if (options[index - 1] === '--port') return String(port);
    if (options[index - 1] === '--apiKey') return key;
    return word;
  });
}

/**
 * The documented proxy's program, installed on first use into a directory of its own under the
 * system's temporary directory (kept for later runs), from the npm cache when it holds it: the proxy
 * is what a user runs with npx, not a dependency of this repository (its 17 MiB would take the install
 * past its bound). One install per process, staged in a fresh directory and renamed into place, because
 * Vitest's and Playwright's processes can both ask at once and two npm runs into one prefix collide.
 */
export function installedProxy(): Promise<{ bin: string; version: string }> {
  installing ??= installProxy();
  return installing;
}
let installing: Promise<{ bin: string; version: string }> | undefined;

async function installProxy(): Promise<{ bin: string; version: string }> {
  const dir = join(tmpdir(), `browser-agent-tools-${PROXY_PACKAGE}`);
  const manifest = join(dir, 'node_modules/mcp-proxy/package.json');
  if (!existsSync(manifest)) {
    const staging = mkdtempSync(`${dir}-staging-`);
    const flags = ['install', '--no-audit', '--no-fund', '--no-save', '--loglevel=error', '--prefer-offline'];
    await promisify(execFile)('npm', [...flags, '--prefix', staging, PROXY_PACKAGE]);
    // A directory left by a run killed mid-install has no manifest: it is replaced, not trusted.
    if (!existsSync(manifest)) rmSync(dir, { recursive: true, force: true });
    try {
      renameSync(staging, dir);
    } catch (error) {
      if (!existsSync(manifest)) throw error;
    }
    rmSync(staging, { recursive: true, force: true });
  }
  const { version } = JSON.parse(readFileSync(manifest, 'utf8'));
  return { bin: join(dir, 'node_modules/mcp-proxy/dist/bin/mcp-proxy.mjs'), version };
}

/** A stdio server `command` behind the documented proxy, guarded by `key`. */
export async function startBehindProxy(command: string[], key: string): Promise<StartedServer> {
  const port = await freePort();
  const { bin } = await installedProxy();
  return started(
    [process.execPath, bin, ...documentedProxyArguments(port, key), '--', ...command],
    `http://127.0.0.1:${port}/mcp`,
  );
}
