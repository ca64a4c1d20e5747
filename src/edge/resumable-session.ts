/**
 * One MCP session's transport with resumable streams, for both session modes: the SDK's
 * `WebStandardStreamableHTTPServerTransport` with an event store (event-store.ts), so every SSE event
 * carries an ID, `GET` opens the standalone stream for server messages, and `GET` with
 * `Last-Event-ID` replays what a client missed. What the SDK leaves to the host is here: a client whose
 * response stream broke mid-call has `resumeGraceMs` to come back with `Last-Event-ID`; one that does
 * not has its calls on that stream cancelled (the SDK's own `notifications/cancelled`, which aborts the
 * call's signal), so work no one will read does not run on. Imports the SDK's transport and types.
 */
import {
  type EventStore,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** How long a client whose stream broke mid-call has to resume it (30 seconds), unless set otherwise. */
export const DEFAULT_RESUME_GRACE_MS: number = 30_000;

/** What {@link createResumableSession} needs. */
export interface ResumableSessionOptions {
  sessionId: string;
  eventStore: EventStore;
  resumeGraceMs: number;
  /** Called when the client ends the session with `DELETE`. */
  onsessionclosed?: () => void;
}

/** A session's transport and the one way requests reach it. */
export interface ResumableSession {
  readonly transport: WebStandardStreamableHTTPServerTransport;
  /** Serves one request of the session (the transport's `handleRequest`, with the stream watch). */
  handle(request: Request, parsedBody?: unknown): Promise<Response>;
}

/** The calls of one response stream, and the timer that cancels them if no one resumes it. */
interface WatchedStream {
  requestIds: (string | number)[];
  timer?: ReturnType<typeof setTimeout>;
}

/** The IDs of the JSON-RPC requests (not notifications) in a parsed body. */
function requestIdsOf(body: unknown): (string | number)[] {
  const messages = Array.isArray(body) ? body : [body];
  return messages.flatMap((message) => {
    const { id, method } = (message ?? {}) as { id?: unknown; method?: unknown };
    return typeof method === 'string' && (typeof id === 'string' || typeof id === 'number') ? [id] : [];
  });
}

/** The stream part of an event ID this session's store made (`<stream>:<sequence>`). */
function streamOfEventId(eventId: string): string {
  return eventId.slice(0, Math.max(0, eventId.lastIndexOf(':')));
}

/**
 * `body` passed through unchanged, telling `onStream` the stream ID of its first event ID (the priming
 * event comes first), `onBroken` when the client cancels it before its end, and `onEnd` at its end.
 */
function watchBody(
  body: ReadableStream<Uint8Array>,
  onStream: (stream: string) => void,
  onBroken: () => void,
  onEnd: () => void,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let head = '';
  let scanning = true;
  let ended = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (next.done) {
        ended = true;
        onEnd();
        controller.close();
        return;
      }
      if (scanning) {
        head += decoder.decode(next.value, { stream: true });
        const id = /^id: (.+)$/m.exec(head)?.[1];
        if (id !== undefined) onStream(streamOfEventId(id));
        // The priming event is the stream's first: no ID in its first 4 KiB means none to learn.
        scanning = id === undefined && head.length < 4096;
      }
      controller.enqueue(next.value);
    },
    cancel(reason) {
      reader.cancel(reason).catch(() => undefined);
      if (!ended) onBroken();
    },
  });
}

/** The `notifications/cancelled` the client would have sent for a call it left. */
function cancellation(requestId: string | number, resumeGraceMs: number): JSONRPCMessage {
  return {
    jsonrpc: '2.0',
    method: 'notifications/cancelled',
    params: {
      requestId,
      reason: `The client left mid-call and did not resume its stream within ${resumeGraceMs} ms.`,
    },
  };
}

/** Creates a session's resumable transport; connect a protocol server to `transport`. */
export function createResumableSession(options: ResumableSessionOptions): ResumableSession {
  const { sessionId, eventStore, resumeGraceMs } = options;
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => sessionId,
    eventStore,
    ...(options.onsessionclosed ? { onsessionclosed: options.onsessionclosed } : {}),
  });
  const watched = new Map<string, WatchedStream>();

  const cancelCalls = (entry: WatchedStream, stream: string | undefined) => {
    if (stream !== undefined) watched.delete(stream);
    for (const requestId of entry.requestIds) transport.onmessage?.(cancellation(requestId, resumeGraceMs));
  };

  /**
   * Watches a response stream of `requestIds`: a break starts the grace timer (a stream without event
   * IDs, of a client too old to resume, gets the same grace), a resume stops it, its end forgets it.
   */
  const watch = (response: Response, requestIds: (string | number)[], known?: string): Response => {
    if (response.body === null || !response.headers.get('content-type')?.includes('text/event-stream')) {
      return response;
    }
    const entry: WatchedStream = { requestIds };
    let stream = known;
    if (stream !== undefined) watched.set(stream, entry);
    const body = watchBody(
      response.body,
      (found) => {
        stream ??= found;
        watched.set(stream, entry);
      },
      () => {
        entry.timer = setTimeout(() => cancelCalls(entry, stream), resumeGraceMs);
      },
      () => {
        if (stream !== undefined && watched.get(stream) === entry) watched.delete(stream);
      },
    );
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };

  return {
    transport,
    async handle(request, parsedBody) {
      const lastEventId = request.headers.get('last-event-id');
      if (request.method === 'GET' && lastEventId !== null) {
        const stream = await eventStore.getStreamIdForEventId?.(lastEventId);
        const entry = stream === undefined ? undefined : watched.get(stream);
        if (entry !== undefined) clearTimeout(entry.timer);
        const response = await transport.handleRequest(request);
        return entry === undefined ? response : watch(response, entry.requestIds, stream);
      }
      if (request.method !== 'POST') return transport.handleRequest(request);
      let body = parsedBody;
      if (body === undefined) {
        try {
          body = JSON.parse(await request.clone().text());
        } catch {
          // The transport answers the parse error itself.
          return transport.handleRequest(request);
        }
      }
      const response = await transport.handleRequest(request, { parsedBody: body });
      const requestIds = requestIdsOf(body);
      return requestIds.length === 0 ? response : watch(response, requestIds);
    },
  };
}
