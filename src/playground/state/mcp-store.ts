/**
 * The "Connect MCP server" panel's store: remote MCP servers (Streamable HTTP) whose tools are mounted
 * on the page's suite with `mountMcpServer` from `browser-agent-tools/mcp`, deferred, so `tool_search`
 * finds them. The entry (and with it the MCP SDK) loads on the first connection only. A new suite (a
 * reset, a permalink) gets the connected servers' tools again over the same connections.
 * Framework-free.
 */

import type { ExposureMode, ToolSuite } from 'browser-agent-tools';
import type { contentBlockText, McpMount, mountMcpServer, SkippedTool } from 'browser-agent-tools/mcp';
import { errorMessage } from '../../shared/index.ts';
import type { InspectorStore } from './inspector-store.ts';
import type { Runtime } from './runtime.ts';
import { MAX_SERVER_TOOLS, MAX_SERVER_URL, MAX_SERVERS, type ScenarioServer } from './scenario.ts';
import { createStore, type Subscribable } from './store.ts';
import { prettyJson } from './text.ts';
import type { Workspace } from './types.ts';
import type { WireLogStore } from './wire-log-store.ts';

/** What the playground uses of `browser-agent-tools/mcp`. */
export interface McpModule {
  mountMcpServer: typeof mountMcpServer;
  /** How a prompt message's content reads as text. Without it, the content's JSON. */
  contentBlockText?: typeof contentBlockText;
}

/** What the MCP panel inspects of one server beyond its tools: its wire log, resources and prompts. */
interface McpInspection {
  readonly wire: WireLogStore;
  readonly inspector: InspectorStore;
}

/** One connected server, as the panel and `window.playground.connectMcp` show it. Plain JSON. */
export interface McpServerView {
  id: number;
  url: string;
  /** The server's name (its `serverInfo.name`). */
  server: string;
  /** Names of its tools in the catalog (with the prefix). */
  tools: string[];
  /** Tools it listed that could not be mounted, and why. */
  skipped: SkippedTool[];
}

interface McpState {
  readonly servers: readonly McpServerView[];
  readonly connecting: boolean;
  /** Why the last connection failed, in words with the next step; `null` after a success. */
  readonly error: string | null;
}

/** What a connection is asked for. */
interface McpConnectRequest {
  url: string;
  /** Sent with every request (an `Authorization`, say). */
  headers?: Record<string, string>;
  /** Put in front of every remote tool name, when they clash with the playground's own. */
  prefix?: string;
}

/** What the playground asks of its MCP connections when it makes a link and replays one. */
export interface McpLink {
  /** The connected servers as a link records them: URLs without secrets, tool names, no headers. */
  servers(): ScenarioServer[];
  /** Resolves when the connected servers' tools are on the current suite (they are mounted again after a reset). */
  mounted(): Promise<void>;
  /** The connected servers' tools whose mode is not the one they were mounted with ({@link MOUNT_MODE}). */
  changedModes(): Record<string, ExposureMode>;
}

/** The mode remote tools are mounted with: deferred, so `tool_search` finds them. */
const MOUNT_MODE: ExposureMode = 'deferred';

export interface McpStore extends McpLink {
  readonly store: Subscribable<McpState>;
  /** Connects and mounts the server's tools (deferred). Rejects with the worded error it also shows. */
  connect(request: McpConnectRequest): Promise<McpServerView>;
  /** Removes the server's tools from the catalog and closes its connection. */
  disconnect(id: number): Promise<void>;
  /** The wire log, resources and prompts of a connected server; `undefined` for an unknown id. */
  inspect(id: number): McpInspection | undefined;
}

interface McpStoreOptions {
  runtime: Runtime;
  /** Loads the MCP entry (a lazy `import()` in the page). */
  loadMcp(): Promise<McpModule>;
}

/** A header per line, `Name: value`. Throws with the line that is not one. */
export function parseHeaderLines(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    const match = /^\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*:\s*(.*?)\s*$/.exec(line);
    if (!match) {
      throw new Error(
        `Line ${index + 1} of the headers is not a header: write one per line as "Name: value", such as "Authorization: Bearer <token>".`,
      );
    }
    headers[match[1] as string] = match[2] as string;
  }
  return headers;
}

/** The origin of this page, as a server's CORS settings must name it. */
function pageOrigin(): string {
  return globalThis.location?.origin ?? 'this page';
}

/** The HTTP status of the SDK's `StreamableHTTPError`, when `error` is one. */
function statusOf(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' && code >= 400 ? code : undefined;
}

/** Why a connection failed, in words, with the next step. */
function explainConnectError(error: unknown, request: McpConnectRequest): string {
  const origin = pageOrigin();
  const message = errorMessage(error);
  const status = statusOf(error);
  const sentHeaders = Object.keys(request.headers ?? {}).length > 0;
  if (status === 401) {
    return sentHeaders
      ? `The server at ${request.url} answered 401 Unauthorized: it refused the headers sent. Check the token in the Authorization header and connect again.`
      : `The server at ${request.url} answered 401 Unauthorized: it wants credentials. Add a header such as "Authorization: Bearer <token>" and connect again.`;
  }
  if (status === 403) {
    return `The server at ${request.url} answered 403 Forbidden (${message}). It may not accept requests from ${origin}: its operator can allow that origin (for this project's edge worker, list it in MCP_ALLOWED_ORIGINS).`;
  }
  if (status === 404) {
    return `The server answered 404 Not Found at ${request.url}: check the path of its MCP endpoint (this project's edge worker serves it at /mcp).`;
  }
  if (status !== undefined) {
    return `The server at ${request.url} answered HTTP ${status} (${message}): check that the URL is an MCP endpoint over Streamable HTTP.`;
  }
  if (error instanceof TypeError && /fetch|network|load failed/i.test(message)) {
    return `The server at ${request.url} could not be reached, or it did not allow requests from ${origin} (CORS); the browser does not say which. Check that it runs and that the URL is right, and that it answers ${origin} with Access-Control-Allow-Origin (this project's edge worker does for localhost pages, and for the origins in MCP_ALLOWED_ORIGINS).`;
  }
  return `Could not connect to ${request.url}: ${message}`;
}

/** A connected server: what the panel shows, the mount on the current suite, and its connection. */
interface LiveServer {
  view: McpServerView;
  request: McpConnectRequest;
  mount: McpMount;
  inspection: McpInspection;
}

/** What is wrong with `url` for a connection from a browser, in words; `null` when nothing is. */
function urlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `"${url}" is not a URL: enter the full address of the server's MCP endpoint, such as http://localhost:8787/mcp.`;
  }
  if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return null;
  return `"${url}" is not an http or https URL: MCP servers are reached over Streamable HTTP here.`;
}

/**
 * The wire log of a connection about to be made, and how to inspect it once mounted. Loaded with the
 * first connection, not with the page; the log hears the connection from initialize on.
 */
async function startInspection() {
  const [{ createWireLogStore }, { createInspectorStore }] = await Promise.all([
    import('./wire-log-store.ts'),
    import('./inspector-store.ts'),
  ]);
  const wire = createWireLogStore();
  return {
    wire,
    inspect: (mount: McpMount, blockText: (block: unknown) => string): McpInspection => ({
      wire,
      inspector: createInspectorStore({ client: mount.client, blockText }),
    }),
  };
}

/**
 * `url` as a link records it: without user name and password, query string and fragment, since a
 * server's token is often passed there and a link is shared.
 */
export function linkUrl(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  parsed.search = '';
  parsed.hash = '';
  return parsed.href;
}

/** The servers of `live` as a link records them, within the bounds a link is read with. */
function linkedServers(live: Iterable<LiveServer>): ScenarioServer[] {
  const servers: ScenarioServer[] = [];
  for (const { request, view } of live) {
    const url = linkUrl(request.url);
    if (url.length > MAX_SERVER_URL || servers.length === MAX_SERVERS) continue;
    const prefix = request.prefix ? { prefix: request.prefix } : {};
    servers.push({ url, ...prefix, tools: view.tools.slice(0, MAX_SERVER_TOOLS) });
  }
  return servers;
}

/** The tools of `live` on `suite` whose mode is not {@link MOUNT_MODE}. */
function changedModesOf(
  suite: ToolSuite<Workspace>,
  live: Iterable<LiveServer>,
): Record<string, ExposureMode> {
  const changed: Record<string, ExposureMode> = {};
  for (const { view } of live) {
    for (const name of view.tools) {
      const mode = suite.get(name)?.mode;
      if (mode !== undefined && mode !== MOUNT_MODE) changed[name] = mode;
    }
  }
  return changed;
}

function viewOf(id: number, request: McpConnectRequest, mount: McpMount): McpServerView {
  return { id, url: request.url, server: mount.server, tools: mount.tools(), skipped: mount.skipped() };
}

function createMcpStore(options: McpStoreOptions): McpStore {
  const { runtime } = options;
  const handle = createStore<McpState, { type: 'changed' }>({ servers: [], connecting: false, error: null });
  const live = new Map<number, LiveServer>();
  let nextId = 1;
  let module: Promise<McpModule> | undefined;
  const load = (): Promise<McpModule> => {
    module ??= options.loadMcp().catch((error: unknown) => {
      module = undefined;
      throw error;
    });
    return module;
  };
  const publish = (patch: Partial<McpState> = {}): void =>
    handle.set({ servers: [...live.values()].map((server) => server.view), ...patch });
  const mountOn = async (suite: ToolSuite<Workspace>, request: McpConnectRequest, source: unknown) => {
    const { mountMcpServer } = await load();
    return mountMcpServer(suite as ToolSuite<unknown>, source as Parameters<typeof mountMcpServer>[1], {
      mode: MOUNT_MODE,
      ...(request.prefix ? { prefix: request.prefix } : {}),
    });
  };

  // A new suite has none of the remote tools: mount them again over the connections already open.
  // A link's replay waits for that (`mounted`) before it runs calls that may need them.
  let remounting: Promise<unknown> = Promise.resolve();
  runtime.store.on((event) => {
    if (event.type !== 'rebuilt') return;
    const remounts = [...live].map(([id, server]) =>
      mountOn(runtime.store.getState().suite, server.request, server.mount.client).then(
        (mount) => {
          if (!live.has(id)) return void mount.unmount();
          live.set(id, { ...server, mount, view: viewOf(id, server.request, mount) });
          publish();
        },
        (error: unknown) => publish({ error: explainConnectError(error, server.request) }),
      ),
    );
    remounting = Promise.all(remounts);
  });

  return {
    store: handle.store,
    servers: () => linkedServers(live.values()),
    mounted: () => remounting.then(() => undefined),
    changedModes: () => changedModesOf(runtime.store.getState().suite, live.values()),
    async connect(request) {
      const problem = urlProblem(request.url);
      if (problem !== null) {
        handle.set({ error: problem });
        throw new Error(problem);
      }
      handle.set({ connecting: true, error: null });
      try {
        const { wire, inspect } = await startInspection();
        const source = { url: request.url, headers: request.headers ?? {}, onWire: wire.record };
        const mount = await mountOn(runtime.store.getState().suite, request, source);
        const inspection = inspect(mount, (await load()).contentBlockText ?? prettyJson);
        const id = nextId++;
        live.set(id, { view: viewOf(id, request, mount), request, mount, inspection });
        publish({ connecting: false });
        return (live.get(id) as LiveServer).view;
      } catch (error) {
        const explained = explainConnectError(error, request);
        handle.set({ connecting: false, error: explained });
        throw new Error(explained);
      }
    },
    async disconnect(id) {
      const server = live.get(id);
      if (!server) return;
      live.delete(id);
      publish();
      await server.mount.unmount();
      // After a new suite the mount does not own the connection it reuses: close it here.
      await server.mount.client.close().catch(() => undefined);
    },
    inspect: (id) => live.get(id)?.inspection,
  };
}

const stores = new WeakMap<object, McpStore>();

/** Why a connection fails when the playground was given no way to load the MCP entry. */
const NO_MCP =
  "no loadMcp was given to createPlaygroundStore. Pass loadMcp: () => import('browser-agent-tools/mcp') (it needs the @modelcontextprotocol/sdk package).";

/**
 * The page's MCP store for `owner` (the playground), created on first use so the panel and
 * `window.playground.connectMcp` share it. It loads the MCP entry with `loadMcp`, else with the
 * playground's own loader; a default `import()` here would make every host of the component bundle
 * the MCP SDK, an optional peer it may not have.
 */
export function mcpStoreOf(
  owner: { runtime: Runtime; loadMcp?: () => Promise<McpModule>; attachMcp?: (link: McpLink) => void },
  loadMcp = owner.loadMcp,
): McpStore {
  let store = stores.get(owner);
  if (!store) {
    store = createMcpStore({
      runtime: owner.runtime,
      loadMcp: loadMcp ?? (() => Promise.reject(new Error(NO_MCP))),
    });
    stores.set(owner, store);
    // The playground's links record these servers and wait for their tools on a replay.
    owner.attachMcp?.(store);
  }
  return store;
}
