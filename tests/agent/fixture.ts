/**
 * What the agent loop tests share: a suite with small tools for every directive and failure, and an
 * in-memory scripted model that answers in either provider's format. Plain module (the test glob never
 * matches it).
 */
import type {
  AgentMessage,
  AgentModel,
  AgentProvider,
  ModelRequest,
  ModelResponse,
} from '../../src/agent/index.ts';
import { createToolSuite, ToolError, type ToolSuite } from '../../src/index.ts';

/** The query that makes tool_search activate `create_github_issue`. */
export const ISSUE_QUERY = 'create a GitHub issue';

/** What the tools of {@link createAgentSuite} saw, in call order. */
export interface AgentSuiteFixture {
  suite: ToolSuite;
  /** `"<tool>:<argument>"` per call that ran, in order. */
  ran: string[];
}

/** A JSON schema object with these properties, as the tools' parameters. */
const object = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
});

/**
 * A suite with tool_search and: `echo` (direct), `fail` (throws a ToolError), `finish` (terminate),
 * `transfer_to_billing` (handoff), `wait_for_stop` (runs until its signal aborts) and two deferred tools,
 * `create_github_issue` and `query_postgres`. `onWait` runs when `wait_for_stop` starts.
 */
export function createAgentSuite(options: { onWait?: () => void } = {}): AgentSuiteFixture {
  const ran: string[] = [];
  const suite = createToolSuite({ builtins: ['tool_search'] });
  suite.register(
    {
      name: 'echo',
      description: 'Repeats the text back.',
      parameters: object({ text: { type: 'string' } }, ['text']),
    },
    'direct',
    (args) => {
      ran.push(`echo:${String(args.text)}`);
      return { output: `echo: ${String(args.text)}`, structured_output: { text: String(args.text) } };
    },
  );
  suite.register({ name: 'fail', description: 'Always fails.', parameters: object({}) }, 'direct', () => {
    ran.push('fail:');
    throw new ToolError('the disk is full. Free some space and try again.');
  });
  suite.register(
    { name: 'finish', description: 'Ends the session when the task is done.', parameters: object({}) },
    'direct',
    () => {
      ran.push('finish:');
      return { output: 'Done.', control: { terminate: { reason: 'task complete' } } };
    },
  );
  suite.register(
    {
      name: 'transfer_to_billing',
      description: 'Hands the conversation to the billing team.',
      parameters: object({}),
    },
    'direct',
    () => {
      ran.push('transfer_to_billing:');
      return {
        output: 'Transferring you to billing.',
        control: { handoff: { to: 'billing', reason: 'the user asked about an invoice' } },
      };
    },
  );
  suite.register(
    { name: 'wait_for_stop', description: 'Waits until it is stopped.', parameters: object({}) },
    'direct',
    (_args, context) => {
      ran.push('wait_for_stop:');
      options.onWait?.();
      return new Promise<string>((_resolve, reject) => {
        const stop = () => reject(new ToolError('stopped waiting.'));
        if (context.signal.aborted) stop();
        else context.signal.addEventListener('abort', stop, { once: true });
      });
    },
  );
  registerDeferredTools(suite, ran);
  return { suite, ran };
}

/** The deferred tools tool_search finds: `create_github_issue` (by {@link ISSUE_QUERY}) and `query_postgres`. */
function registerDeferredTools(suite: ToolSuite, ran: string[]): void {
  suite.register(
    {
      name: 'create_github_issue',
      description: 'Create a GitHub issue in a repository with a title and a body.',
      parameters: object({ title: { type: 'string' } }, ['title']),
    },
    'deferred',
    (args) => {
      ran.push(`create_github_issue:${String(args.title)}`);
      return `Created issue "${String(args.title)}" as #1.`;
    },
  );
  suite.register(
    {
      name: 'query_postgres',
      description: 'Run a read-only SQL query against a Postgres database.',
      parameters: object({ sql: { type: 'string' } }, ['sql']),
    },
    'deferred',
    () => 'no rows',
  );
}

/** A tool call of a scripted reply; `arguments` as in the fake server (object, or a raw string). */
interface ScriptedCall {
  name: string;
  arguments?: unknown;
  /** Default: `call_<n>`; `null` leaves the id out. */
  id?: string | null;
}

/** What the scripted model does for one request. */
export type ScriptedReply =
  | { type: 'text'; text: string }
  | { type: 'tool_calls'; calls: readonly ScriptedCall[]; text?: string }
  /** Rejects with `error`. */
  | { type: 'throw'; error: unknown }
  /** Resolves to this response object as is (for malformed messages). */
  | { type: 'response'; response: unknown }
  /** Never settles, and ignores the signal (the loop must stop waiting by itself). */
  | { type: 'hang' };

/** A scripted model and the requests it received. */
export interface ScriptedModel<P extends AgentProvider> extends AgentModel<P> {
  requests: ModelRequest<P>[];
}

/**
 * An in-memory {@link AgentModel} answering each request with the next reply (or `onRequest`'s), in
 * `provider`'s message format. Runs out → rejects with "script exhausted".
 */
export function createScriptedModel<P extends AgentProvider>(
  provider: P,
  replies: readonly ScriptedReply[],
  onRequest?: (request: ModelRequest<P>, index: number) => void,
): ScriptedModel<P> {
  const requests: ModelRequest<P>[] = [];
  let counter = 0;
  return {
    provider,
    model: 'scripted',
    requests,
    complete(request) {
      const index = requests.length;
      requests.push(request);
      onRequest?.(request, index);
      const reply = replies[index];
      if (reply === undefined) return Promise.reject(new Error('script exhausted'));
      switch (reply.type) {
        case 'throw':
          return Promise.reject(reply.error);
        case 'hang':
          return new Promise<never>(() => {});
        case 'response':
          return Promise.resolve(reply.response as ModelResponse<P>);
        case 'text':
        case 'tool_calls': {
          const calls = reply.type === 'tool_calls' ? reply.calls : [];
          const ids = calls.map((call) => (call.id === undefined ? `call_${++counter}` : call.id));
          return Promise.resolve({
            message: assistantMessage(provider, reply.text, calls, ids),
            stop_reason: calls.length > 0 ? 'tool_calls' : 'stop',
          });
        }
      }
    },
  };
}

/** An assistant message in `provider`'s format. */
function assistantMessage<P extends AgentProvider>(
  provider: P,
  text: string | undefined,
  calls: readonly ScriptedCall[],
  ids: readonly (string | null)[],
): AgentMessage<P> {
  if (provider === 'openai-chat') {
    const toolCalls = calls.map((call, at) => ({
      ...(ids[at] === null ? {} : { id: ids[at] }),
      type: 'function',
      function: {
        name: call.name,
        arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}),
      },
    }));
    return {
      role: 'assistant',
      content: text ?? null,
      ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
    } as AgentMessage<P>;
  }
  if (provider === 'openai-responses') {
    return [
      ...(text === undefined
        ? []
        : [
            { type: 'message', role: 'assistant', content: [{ type: 'output_text', text, annotations: [] }] },
          ]),
      ...calls.map((call, at) => ({
        type: 'function_call',
        ...(ids[at] === null ? {} : { call_id: ids[at] }),
        name: call.name,
        arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}),
      })),
    ] as AgentMessage<P>;
  }
  return {
    role: 'assistant',
    content: [
      ...(text === undefined ? [] : [{ type: 'text', text }]),
      ...calls.map((call, at) => ({
        type: 'tool_use',
        ...(ids[at] === null ? {} : { id: ids[at] }),
        name: call.name,
        input: call.arguments ?? {},
      })),
    ],
  } as AgentMessage<P>;
}

/**
 * A user message in `provider`'s format: the same object for chat completions and Messages, a turn of
 * that one item for the Responses API.
 */
export function userMessage<P extends AgentProvider>(provider: P, text: string): AgentMessage<P> {
  const message = { role: 'user', content: text };
  return (provider === 'openai-responses' ? [message] : message) as AgentMessage<P>;
}
