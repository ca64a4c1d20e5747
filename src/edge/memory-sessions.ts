/**
 * In-isolate mode of `createFetchHandler`: every MCP session (its suite, its protocol server, its
 * embedded workspace, its event store for resumable streams) lives in this handler's memory, in a
 * table bounded by `maxSessions` and by the workspace memory budget. Idle sessions are swept when
 * requests arrive, not by a timer. Imports the edge room and the shared helpers, and the embedded
 * workspace on demand.
 */

import { formatSize } from '../shared/index.ts';
import type { SuiteContext } from './defaults.ts';
import { createMemoryEventStore } from './event-store.ts';
import type { Settings } from './handler-options.ts';
import { createSessionServer } from './mcp-server.ts';
import { jsonRpcError, plural, readInitialize, sessionNotFound } from './responses.ts';
import { createResumableSession, type ResumableSession } from './resumable-session.ts';

/** `Retry-After` of an `initialize` refused because every session is running a call. */
const BUSY_RETRY_SECONDS = 5;

/** One live MCP session: its transport and the bookkeeping of the idle timeout. */
interface LiveSession {
  readonly transport: ResumableSession;
  readonly close: () => Promise<void>;
  lastSeen: number;
  /** `tools/call` requests running now; a busy session is never swept. */
  busy: number;
}

/**
 * The isolate's sessions: a request naming a live session goes to its transport; an `initialize`
 * without a session ID opens one when the table has room; anything else is refused.
 */
export function createMemorySessions(
  settings: Settings,
  report: (error: unknown) => void,
): (request: Request) => Promise<Response> {
  const sessions = createSessionTable(settings, report);
  return async (request) => {
    const at = settings.now();
    sessions.sweep(at);
    const sessionId = request.headers.get('mcp-session-id');
    if (sessionId !== null) {
      const live = sessions.get(sessionId);
      if (live === undefined) return jsonRpcError(404, -32001, sessionNotFound(settings.idleTimeoutMs));
      live.lastSeen = at;
      return live.transport.handle(request);
    }
    const initialize = await readInitialize(request);
    if (initialize instanceof Response) return initialize;
    return sessions.refusal() ?? openSession(request, initialize.body, at, settings, sessions, report);
  };
}

/** The live sessions of one handler, and what may join them. */
interface SessionTable {
  get(id: string): LiveSession | undefined;
  /** Counts the session from now on, against the cap and the budget. */
  add(id: string, live: LiveSession): void;
  /** Forgets the session and closes its server; a later request for it gets 404. */
  drop(id: string): void;
  /** Drops every session idle for `idleTimeoutMs` at `at`, unless a call of it is running. */
  sweep(at: number): void;
  /**
   * Makes room for an `initialize`: when the table is full, ends the least-recently-used idle session.
   * The 503 when every session is running a call, else `undefined`.
   */
  refusal(): Response | undefined;
}

/**
 * The session table. Every live session holds `workspaceBytes` of `workspaceBudgetBytes`, reserved when
 * it opens and given back when it is dropped, so the workspaces of all sessions together never hold
 * more than the budget: a reservation rather than a count of bytes in use, because a workspace grows
 * inside shell commands, where nothing outside it could refuse a write in time.
 */
function createSessionTable(settings: Settings, report: (error: unknown) => void): SessionTable {
  const { maxSessions, idleTimeoutMs, workspaceBytes, workspaceBudgetBytes, path } = settings;
  const sessions = new Map<string, LiveSession>();
  const budgetAllows = Math.floor(workspaceBudgetBytes / workspaceBytes);

  const drop = (id: string): void => {
    const live = sessions.get(id);
    if (live === undefined) return;
    sessions.delete(id);
    live.close().catch(report);
  };

  /** The idle session whose last request is the oldest, or `undefined` when every one is running a call. */
  const leastRecentlyUsedIdle = (): string | undefined => {
    let oldest: [string, number] | undefined;
    for (const [id, live] of sessions) {
      if (live.busy === 0 && (oldest === undefined || live.lastSeen < oldest[1]))
        oldest = [id, live.lastSeen];
    }
    return oldest?.[0];
  };

  return {
    get: (id) => sessions.get(id),
    add: (id, live) => {
      sessions.set(id, live);
    },
    drop,
    sweep(at) {
      for (const [id, live] of sessions) {
        if (live.busy === 0 && at - live.lastSeen >= idleTimeoutMs) drop(id);
      }
    },
    refusal() {
      if (sessions.size < Math.min(maxSessions, budgetAllows)) return undefined;
      // Clients that disconnect without DELETE (the SDK client's close() sends none) leave idle
      // sessions behind: the one unused longest makes room, so they never lock the server out.
      const evicted = leastRecentlyUsedIdle();
      if (evicted !== undefined) {
        drop(evicted);
        return undefined;
      }
      const held = plural(sessions.size, 'MCP session');
      const limit =
        sessions.size >= maxSessions
          ? `${held}, its limit`
          : `${held}, all its workspace memory budget allows (${formatSize(workspaceBudgetBytes)} in all, ${formatSize(workspaceBytes)} per session)`;
      return jsonRpcError(
        503,
        -32000,
        `Too many sessions: this server already holds ${limit}, and every one is running a call. Retry in ${plural(BUSY_RETRY_SECONDS, 'second')}, when a call has finished, or end sessions you no longer use with DELETE ${path}.`,
        { 'Retry-After': String(BUSY_RETRY_SECONDS) },
      );
    },
  };
}

/**
 * Opens a session for an `initialize` the table has room for: one suite, one suite session, one
 * protocol server, one transport, counted from before the first await so concurrent initializes cannot
 * overshoot the cap or the budget.
 */
async function openSession(
  request: Request,
  body: unknown,
  at: number,
  settings: Settings,
  sessions: SessionTable,
  report: (error: unknown) => void,
): Promise<Response> {
  const id = crypto.randomUUID();
  const suite = settings.createSuite(suiteContext(settings.workspaceBytes));
  const session = suite.createSession({ id });
  // Events in this isolate's memory: a client resumes here, or not at all (another isolate has none).
  const transport = createResumableSession({
    sessionId: id,
    eventStore: createMemoryEventStore(),
    resumeGraceMs: settings.resumeGraceMs,
    onsessionclosed: () => sessions.drop(id),
  });
  transport.transport.onerror = report;
  const live: LiveSession = {
    transport,
    close: () => server.close(),
    lastSeen: at,
    busy: 0,
  };
  const server = createSessionServer(suite, session, {
    serverInfo: settings.serverInfo,
    onCallStart: () => {
      live.busy += 1;
    },
    onCallEnd: () => {
      live.busy -= 1;
      live.lastSeen = Math.max(live.lastSeen, settings.now());
    },
  });
  sessions.add(id, live);
  try {
    await server.connect(transport.transport);
    const response = await transport.handle(request, body);
    // The SDK refused the initialize (wrong Accept header, a batch, ...): nothing to keep.
    if (response.headers.get('mcp-session-id') !== id) sessions.drop(id);
    return response;
  } catch (error) {
    sessions.drop(id);
    throw error;
  }
}

/** What `createSuite` gets: the session's share of the budget and a workspace that keeps to it. */
function suiteContext(workspaceBytes: number): SuiteContext {
  return {
    workspaceBytes,
    async workspace() {
      // Imported on demand, as `createToolSuite` does, so a suite with a workspace of its own never loads it.
      const { createJustBashWorkspace } = await import('../workspace/just-bash/just-bash-workspace.ts');
      return createJustBashWorkspace({ executionLimits: { maxFileSystemBytes: workspaceBytes } });
    },
  };
}
