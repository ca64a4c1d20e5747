/**
 * The Agent panel's built-in demo model: a scripted model behind the agent loop's model seam
 * (`AgentModel<'openai-chat'>`), so the panel shows a real loop on the real suite without a key or a
 * server. It picks the scripted task the user's message asks for (explain the cart total, fix the
 * rounding bug, or the tour: find a tool with tool_search, edit, check with bash) and answers each
 * request with the task's next call, then with a final answer quoting the last output; a message it
 * has no task for gets what it can do. The calls run for real; only the choices are scripted.
 */
import type { AgentModel, ModelRequest, ModelResponse } from 'browser-agent-tools/agent';

type DemoCall = { name: string; arguments: Record<string, unknown> };

/** One of the demo's scripted tasks: the words of a message it answers, its calls, its last words. */
interface DemoTask {
  readonly id: string;
  readonly matches: RegExp;
  readonly calls: readonly DemoCall[];
  readonly done: string;
}

/** The tour: find a tool with tool_search (which activates it), edit a file, check it with bash. */
const DEMO_MODEL_CALLS: readonly DemoCall[] = [
  { name: 'tool_search', arguments: { query: 'create a github issue' } },
  {
    name: 'edit',
    arguments: { path: 'src/cart.ts', oldText: 'let sum = 0;', newText: 'let sum = 0; // euros' },
  },
  { name: 'bash', arguments: { command: 'grep -n "sum" src/cart.ts' } },
];

/** The scripted tasks, tried in order against the user's message. */
const DEMO_TASKS: readonly DemoTask[] = [
  {
    id: 'tour',
    matches: /github|issue|tool_search|search for a tool|find a tool|tour/i,
    calls: DEMO_MODEL_CALLS,
    done: 'Done: I found a tool with tool_search, edited src/cart.ts and checked it with bash:',
  },
  {
    id: 'fix',
    matches: /fix|round|bug|failing|tests?\b/i,
    calls: [
      { name: 'bash', arguments: { command: 'bash tests/run.sh | tail -n 4' } },
      {
        name: 'edit',
        arguments: {
          path: 'src/cart.ts',
          oldText: '  return sum;',
          newText: '  return Math.round(sum * 100) / 100;',
        },
      },
      { name: 'bash', arguments: { command: 'bash tests/run.sh | tail -n 4' } },
    ],
    done: 'Done: I ran the tests, rounded the total to cents in src/cart.ts and ran them again:',
  },
  {
    id: 'read',
    matches: /read|which file|where|defin|how|explain|show|total|cart/i,
    calls: [
      { name: 'grep', arguments: { pattern: 'function total', path: 'src' } },
      { name: 'read', arguments: { path: 'src/cart.ts' } },
    ],
    done: 'src/cart.ts defines total(): it adds price × qty of every item, without rounding. The file:',
  },
];

/** What the demo says to a message none of its tasks answers. */
export const DEMO_CAPABILITIES =
  'I am the demo model: I run a few scripted tasks on the demo project, with real calls. Ask me to explain the cart total (grep and read), to fix the rounding bug (bash, edit, bash again), or to find a tool to create a GitHub issue (tool_search, edit, bash). For anything else, pick a real model.';

type Message = ModelRequest<'openai-chat'>['messages'][number];

/** The text of a message, whatever its shape. */
function textOf(message: Message | undefined): string {
  if (!message || message.content === null || message.content === undefined) return '';
  return typeof message.content === 'string'
    ? message.content
    : message.content.map((part) => ('text' in part ? part.text : '')).join('');
}

/** The text of the last tool message (what the previous call returned). */
function lastToolOutput(messages: readonly Message[]): string {
  return textOf([...messages].reverse().find((message) => message.role === 'tool'));
}

/** The task the user's (first) message asks for, or `null`. */
export function demoTaskFor(message: string): DemoTask | null {
  return DEMO_TASKS.find((task) => task.matches.test(message)) ?? null;
}

function answer(content: string): ModelResponse<'openai-chat'> {
  return { message: { role: 'assistant', content }, stop_reason: 'stop' };
}

/** A model that needs no key: the scripted calls of the task the user asked for, then an answer. */
export function createDemoModel(): AgentModel<'openai-chat'> {
  return {
    provider: 'openai-chat',
    model: 'demo (scripted, runs in this page)',
    async complete({ messages }): Promise<ModelResponse<'openai-chat'>> {
      const task = demoTaskFor(textOf(messages.find((message) => message.role === 'user')));
      if (!task) return answer(DEMO_CAPABILITIES);
      const step = messages.filter((message) => message.role === 'assistant').length;
      const call = task.calls[step];
      if (!call) return answer(`${task.done}\n${lastToolOutput(messages)}`);
      return {
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: `demo-${step + 1}`,
              type: 'function',
              function: { name: call.name, arguments: JSON.stringify(call.arguments) },
            },
          ],
        },
        stop_reason: 'tool_calls',
      };
    },
  };
}
