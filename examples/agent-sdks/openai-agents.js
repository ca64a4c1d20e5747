// The transcript through the OpenAI Agents SDK: run() over a fake Model that plays the turns.
import { Agent, Runner, setTracingDisabled, Usage } from '@openai/agents';
import { toOpenAIAgentsTools } from 'browser-agent-tools/openai-agents';
import { ANSWER, TURNS, toolTokens, transcriptSuite } from './transcript.js';

/** The model's output items on its `index`-th request. */
function turn(turns, index) {
  const calls = turns[index];
  if (calls === undefined) {
    return [
      {
        type: 'message',
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: ANSWER }],
      },
    ];
  }
  return calls.map((call) => ({
    type: 'function_call',
    callId: call.id,
    name: call.name,
    arguments: JSON.stringify(call.args),
    status: 'completed',
  }));
}

/** Plays `turns` (the transcript's) with `Runner.run` over the suite in `suiteMode`. */
export async function playOpenAIAgents({ turns = TURNS, suiteMode } = {}) {
  setTracingDisabled(true);
  const { suite, session, saved } = transcriptSuite({ mode: suiteMode });
  const { tools, runOptions } = toOpenAIAgentsTools(suite, { session });
  const requests = [];
  const model = {
    async getResponse(request) {
      requests.push(request);
      return { usage: new Usage(), output: turn(turns, requests.length - 1) };
    },
    getStreamedResponse() {
      throw new Error('the transcript does not stream');
    },
  };
  const agent = new Agent({ name: 'assistant', instructions: 'Help the user.', model, tools });
  const result = await new Runner().run(agent, 'Weather in Oslo?', runOptions);
  const read = result.newItems
    .filter((item) => item.type === 'tool_call_output_item')
    // Function output has no error flag in this SDK.
    .map((item) => ({ tool: item.rawItem.name, output: item.output, error: null }));
  return {
    offered: requests.map((request) => request.tools.map((tool) => tool.name)),
    tokens: requests.map((request) => toolTokens(request.tools)),
    read,
    saved,
    answer: result.finalOutput,
  };
}
