/**
 * A fake model endpoint for tests: a Node `http` server on 127.0.0.1 (ephemeral port) that speaks the
 * chat completions API (`POST /v1/chat/completions`), the Anthropic Messages API (`POST /v1/messages`)
 * and the OpenAI Responses API (`POST /v1/responses`), answering each model request with the next
 * scripted reply. Plain module, no
 * test framework: unit tests and Playwright specs both start it with {@link startFakeModelServer} and
 * stop it with `close()`.
 *
 * Browser use: every response carries CORS headers (any origin; preflights echo the requested headers;
 * `Access-Control-Allow-Private-Network` when asked) and `Cross-Origin-Resource-Policy: cross-origin`, so
 * a cross-origin isolated page (COOP/COEP) can call it. That is also what a real local server (Ollama,
 * llama.cpp) must send to be called from the playground.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One tool call of a scripted reply. */
interface FakeToolCall {
  name: string;
  /**
   * The arguments. An object is sent as the API expects it (a JSON string for chat completions, an
   * object for Messages); a string is sent as is, which lets a script send broken JSON. Default: `{}`.
   */
  arguments?: unknown;
  /** The call id. Default: `call_<n>` / `toolu_<n>`; `null` leaves the id out. */
  id?: string | null;
  /**
   * Responses API only: `tool_search` sends a client-executed `tool_search_call` item (the name is then
   * not sent: that item names no tool). Default: a `function_call` item.
   */
  item?: 'function_call' | 'tool_search';
}

/** What the server answers to one model request. */
type FakeReply =
  /** A final answer. */
  | { type: 'text'; text: string }
  /** One or more tool calls (parallel when more than one), optionally with text before them. */
  | { type: 'tool_calls'; calls: FakeToolCall[]; text?: string }
  /** An HTTP error in the API's error shape (`429`, `401`, `500`...). */
  | { type: 'error'; status: number; message: string; headers?: Record<string, string> }
  /** Any body, for malformed responses. Default status 200, content type `application/json`. */
  | { type: 'raw'; body: string; status?: number; contentType?: string }
  /** No answer until the client goes away (for abort tests). */
  | { type: 'hang' };

/** A model request as the server received it. */
interface FakeRequest {
  /** Which API the path belongs to. */
  api: 'chat' | 'messages' | 'responses';
  path: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The parsed JSON body. */
  body: Record<string, unknown>;
  /** Names of the tools declared in the request, in order. */
  tools: string[];
  /** Whether the client went away before the reply was sent. */
  cancelled: boolean;
  /** Resolves when the connection of this request closed (answered or cancelled). */
  closed: Promise<void>;
}

/** Every HTTP request, preflights included (for checks such as "the key went nowhere else"). */
interface FakeLogEntry {
  method: string;
  path: string;
  headers: Record<string, string>;
}

/** The script: replies in order, or a function of the request and its 0-based position. */
export type FakeScript = readonly FakeReply[] | ((request: FakeRequest, index: number) => FakeReply);

/** Options of {@link startFakeModelServer}. */
export interface FakeModelServerOptions {
  /**
   * When set, model requests must carry it (`Authorization: Bearer <key>` or `x-api-key: <key>`) or get
   * a 401 in the API's error shape (which uses no scripted reply). Default: any key or none is accepted.
   */
  apiKey?: string;
  /** Port to listen on. Default: 0 (an ephemeral port). */
  port?: number;
}

/** A running fake server. */
export interface FakeModelServer {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** `baseURL` for the chat completions adapter: `<url>/v1`. */
  openAIBaseURL: string;
  /** `baseURL` for the Anthropic adapter: `<url>`. */
  anthropicBaseURL: string;
  /** Model requests (chat completions and messages), in arrival order. */
  requests: FakeRequest[];
  /** Every HTTP request, in arrival order. */
  log: FakeLogEntry[];
  /** Resolves once `count` model requests have arrived. */
  waitForRequests(count: number): Promise<void>;
  /** Stops the server and drops open connections. Idempotent. */
  close(): Promise<void>;
}

const MODEL_PATHS: Record<string, FakeRequest['api']> = {
  '/v1/chat/completions': 'chat',
  '/v1/messages': 'messages',
  '/v1/responses': 'responses',
};

/** What one server's request handlers share: its script and options, what arrived, who waits. */
interface ServerState {
  script: FakeScript;
  options: FakeModelServerOptions;
  requests: FakeRequest[];
  log: FakeLogEntry[];
  waiters: { count: number; resolve: () => void }[];
  /** The last generated tool call id: ids count up over the server's life, not per request. */
  callCounter: number;
}

/** Starts a fake model server on 127.0.0.1 answering with `script`. */
export async function startFakeModelServer(
  script: FakeScript,
  options: FakeModelServerOptions = {},
): Promise<FakeModelServer> {
  const state: ServerState = { script, options, requests: [], log: [], waiters: [], callCounter: 0 };
  const { requests, log, waiters } = state;

  const server = createServer((req, res) => {
    handle(state, req, res).catch((error: unknown) => {
      if (!res.headersSent) send(req, res, 500, { error: { message: String(error) } });
    });
  });

  await listen(server, options.port ?? 0);
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  let closing: Promise<void> | undefined;

  return {
    url,
    openAIBaseURL: `${url}/v1`,
    anthropicBaseURL: url,
    requests,
    log,
    waitForRequests(count) {
      if (requests.length >= count) return Promise.resolve();
      return new Promise<void>((resolve) => waiters.push({ count, resolve }));
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** Resolves once `server` listens on 127.0.0.1:`port`; rejects when it cannot (port taken...). */
function listen(server: Server, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** One HTTP request: preflights and the model list here, model requests through the script. */
async function handle(state: ServerState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const headers = flatHeaders(req);
  state.log.push({ method: req.method ?? 'GET', path, headers });
  if (req.method === 'OPTIONS') {
    res.writeHead(204, corsHeaders(req));
    res.end();
    return;
  }
  if (req.method === 'GET' && path === '/v1/models') {
    send(req, res, 200, {
      object: 'list',
      data: [{ id: 'fake-model', object: 'model', type: 'model', display_name: 'Fake model', created: 0 }],
      has_more: false,
    });
    return;
  }
  const api = MODEL_PATHS[path];
  if (req.method !== 'POST' || api === undefined) {
    send(req, res, 404, { error: { message: `fake model server: no route for ${req.method} ${path}` } });
    return;
  }
  const body = acceptedBody(state.options, req, res, api, headers, await readBody(req));
  if (body === undefined) return;
  const { request, index } = recordRequest(state, res, { api, path, headers, body });
  sendReply(state, req, res, request, index);
}

/**
 * The JSON object of a model request's body `text`, or `undefined` once the request got the error a
 * real API would send (not JSON, not an object, wrong key, streaming asked for): such a request uses
 * no reply.
 */
function acceptedBody(
  options: FakeModelServerOptions,
  req: IncomingMessage,
  res: ServerResponse,
  api: FakeRequest['api'],
  headers: Record<string, string>,
  text: string,
): Record<string, unknown> | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    sendError(req, res, api, 400, 'fake model server: the request body is not JSON');
    return undefined;
  }
  if (!isRecord(body)) {
    sendError(req, res, api, 400, 'fake model server: the request body is not a JSON object');
    return undefined;
  }
  if (options.apiKey !== undefined) {
    const bearer = headers.authorization === `Bearer ${options.apiKey}`;
    if (!bearer && headers['x-api-key'] !== options.apiKey) {
      sendError(req, res, api, 401, 'Incorrect API key provided.');
      return undefined;
    }
  }
  if (body.stream === true) {
    sendError(req, res, api, 400, 'fake model server: streaming is not supported');
    return undefined;
  }
  return body;
}

/**
 * Adds a model request to `requests` (marked cancelled if the client goes away before the reply) and
 * wakes the `waitForRequests` calls it satisfies. Returns the request and its 0-based position.
 */
function recordRequest(
  state: ServerState,
  res: ServerResponse,
  received: Pick<FakeRequest, 'api' | 'path' | 'headers' | 'body'>,
): { request: FakeRequest; index: number } {
  let markClosed = (): void => {};
  const request: FakeRequest = {
    ...received,
    tools: toolNames(received.api, received.body.tools),
    cancelled: false,
    closed: new Promise<void>((resolve) => {
      markClosed = resolve;
    }),
  };
  res.on('close', () => {
    if (!res.writableFinished) request.cancelled = true;
    markClosed();
  });
  const { requests, waiters } = state;
  const index = requests.length;
  requests.push(request);
  for (const waiter of [...waiters]) {
    if (requests.length >= waiter.count) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  }
  return { request, index };
}

/** The script's reply to the request at `index`, or a 500 (not retried) once the script runs out. */
function replyFor(script: FakeScript, request: FakeRequest, index: number): FakeReply {
  const reply = typeof script === 'function' ? script(request, index) : script[index];
  return (
    reply ?? {
      type: 'error',
      status: 500,
      message: `fake model server: the script has no reply for model request ${index + 1}`,
      headers: { 'x-should-retry': 'false' },
    }
  );
}

/** Answers the request at `index` with its scripted reply, in its API's shape (`hang` answers nothing). */
function sendReply(
  state: ServerState,
  req: IncomingMessage,
  res: ServerResponse,
  request: FakeRequest,
  index: number,
): void {
  const { api, body } = request;
  const reply = replyFor(state.script, request, index);
  switch (reply.type) {
    case 'hang':
      return;
    case 'error':
      sendError(req, res, api, reply.status, reply.message, reply.headers);
      return;
    case 'raw':
      res.writeHead(reply.status ?? 200, {
        ...corsHeaders(req),
        'Content-Type': reply.contentType ?? 'application/json',
      });
      res.end(reply.body);
      return;
    case 'text':
    case 'tool_calls': {
      const calls = reply.type === 'tool_calls' ? reply.calls : [];
      const replyText = reply.text;
      const model = typeof body.model === 'string' ? body.model : 'fake-model';
      const ids = calls.map((call) => (call.id === undefined ? String(++state.callCounter) : call.id));
      send(
        req,
        res,
        200,
        api === 'chat'
          ? chatCompletion(model, index, replyText, calls, ids)
          : api === 'responses'
            ? responsesResponse(model, index, replyText, calls, ids)
            : anthropicMessage(model, index, replyText, calls, ids),
      );
      return;
    }
  }
}

function chatCompletion(
  model: string,
  index: number,
  text: string | undefined,
  calls: readonly FakeToolCall[],
  ids: readonly (string | null)[],
): Record<string, unknown> {
  const toolCalls = calls.map((call, at) => ({
    ...(ids[at] === null ? {} : { id: `call_${ids[at]}` }),
    type: 'function',
    function: {
      name: call.name,
      arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}),
    },
  }));
  return {
    id: `chatcmpl-${index + 1}`,
    object: 'chat.completion',
    created: 0,
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: text ?? null,
          refusal: null,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 },
  };
}

function anthropicMessage(
  model: string,
  index: number,
  text: string | undefined,
  calls: readonly FakeToolCall[],
  ids: readonly (string | null)[],
): Record<string, unknown> {
  const content: Record<string, unknown>[] = [];
  if (text !== undefined) content.push({ type: 'text', text, citations: null });
  calls.forEach((call, at) => {
    content.push({
      type: 'tool_use',
      ...(ids[at] === null ? {} : { id: `toolu_${ids[at]}` }),
      name: call.name,
      input: call.arguments ?? {},
    });
  });
  return {
    id: `msg_${index + 1}`,
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: calls.length > 0 ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 12, output_tokens: 3 },
  };
}

function responsesResponse(
  model: string,
  index: number,
  text: string | undefined,
  calls: readonly FakeToolCall[],
  ids: readonly (string | null)[],
): Record<string, unknown> {
  const output: Record<string, unknown>[] = [];
  if (text !== undefined) {
    output.push({
      type: 'message',
      id: `msg_${index + 1}`,
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text, annotations: [] }],
    });
  }
  calls.forEach((call, at) => {
    const callId = ids[at] === null ? {} : { call_id: `call_${ids[at]}` };
    if (call.item === 'tool_search') {
      output.push({
        type: 'tool_search_call',
        id: `tsc_${ids[at] ?? at}`,
        ...callId,
        execution: 'client',
        arguments: call.arguments ?? {},
        status: 'completed',
        created_by: 'model',
      });
      return;
    }
    output.push({
      type: 'function_call',
      id: `fc_${ids[at] ?? at}`,
      ...callId,
      name: call.name,
      arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}),
      status: 'completed',
    });
  });
  return {
    id: `resp_${index + 1}`,
    object: 'response',
    created_at: 0,
    model,
    status: 'completed',
    output,
    usage: { input_tokens: 12, output_tokens: 3, total_tokens: 15 },
  };
}

/** An error in the API's own shape. */
function sendError(
  req: IncomingMessage,
  res: ServerResponse,
  api: FakeRequest['api'],
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  const type =
    status === 401 ? 'authentication_error' : status === 429 ? 'rate_limit_error' : 'invalid_request_error';
  const body =
    api !== 'messages'
      ? { error: { message, type, code: status === 401 ? 'invalid_api_key' : null } }
      : { type: 'error', error: { type, message } };
  send(req, res, status, body, headers);
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { ...corsHeaders(req), 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** CORS for any origin, and CORP so a COEP `require-corp` page may read the responses. */
function corsHeaders(req: IncomingMessage): Record<string, string> {
  const requested = req.headers['access-control-request-headers'];
  return {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
    'Access-Control-Allow-Headers': typeof requested === 'string' && requested !== '' ? requested : '*',
    'Access-Control-Expose-Headers': '*',
    'Access-Control-Max-Age': '600',
    ...(req.headers['access-control-request-private-network'] === 'true'
      ? { 'Access-Control-Allow-Private-Network': 'true' }
      : {}),
    'Cross-Origin-Resource-Policy': 'cross-origin',
    Vary: 'Origin, Access-Control-Request-Headers',
  };
}

function toolNames(api: FakeRequest['api'], tools: unknown): string[] {
  if (!Array.isArray(tools)) return [];
  return tools.map((tool: unknown) => {
    if (!isRecord(tool)) return '';
    if (api === 'chat') return isRecord(tool.function) ? String(tool.function.name) : '';
    // The Responses API's own tool search has no name: it is listed by its type.
    if (api === 'responses' && tool.type === 'tool_search') return 'tool_search';
    return String(tool.name);
  });
}

function flatHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
