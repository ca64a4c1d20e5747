/**
 * The Agent panel's built-in demo model: a scripted model behind the agent loop's model seam
 * (`AgentModel<'openai-chat'>`), so the panel shows a real loop on the real suite without a key or a
 * server. Each request it answers with the next call of a short coding task: find a tool with
 * tool_search (which activates it), edit a file, run bash to check the edit, then a final answer that
 * quotes what bash printed. The calls run for real; only the choices are scripted.
 */
import type { AgentModel, ModelRequest, ModelResponse } from 'browser-agent-tools/agent';

/** The calls the demo makes, one per step, in order. */
export const DEMO_MODEL_CALLS: readonly { name: string; arguments: Record<string, unknown> }[] = [
  { name: 'tool_search', arguments: { query: 'create a github issue' } },
  {
    name: 'edit',
    arguments: { path: 'src/cart.ts', oldText: 'let sum = 0;', newText: 'let sum = 0; // euros' },
  },
  { name: 'bash', arguments: { command: 'grep -n "sum" src/cart.ts' } },
];

type Message = ModelRequest<'openai-chat'>['messages'][number];

/** The text of the last tool message (what the previous call returned). */
function lastToolOutput(messages: readonly Message[]): string {
  const last = [...messages].reverse().find((message) => message.role === 'tool');
  if (!last) return '';
  return typeof last.content === 'string'
    ? last.content
    : last.content.map((part) => ('text' in part ? part.text : '')).join('');
}

/** A model that needs no key: the scripted calls, then an answer. */
export function createDemoModel(): AgentModel<'openai-chat'> {
  return {
    provider: 'openai-chat',
    model: 'demo (scripted, runs in this page)',
    async complete({ messages }): Promise<ModelResponse<'openai-chat'>> {
      const step = messages.filter((message) => message.role === 'assistant').length;
      const call = DEMO_MODEL_CALLS[step];
      if (!call) {
        return {
          message: {
            role: 'assistant',
            content: `Done: I found a tool with tool_search, edited src/cart.ts and checked it with bash:\n${lastToolOutput(messages)}`,
          },
          stop_reason: 'stop',
        };
      }
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
