// The transcript through LangChain: a hand-written bindTools loop and createAgent, over a chat model
// that plays the turns and records the tools it was bound to.
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { offeredLangChainTools, toLangChainTools } from 'browser-agent-tools/langchain';
import { toLangChainMiddleware } from 'browser-agent-tools/langchain/agent';
import { createAgent } from 'langchain';
import { ANSWER, TURNS, toolTokens, transcriptSuite } from './transcript.js';

class ScriptedChatModel extends BaseChatModel {
  constructor(turns, requests = [], tools = []) {
    super({});
    this.turns = turns;
    this.requests = requests;
    this.tools = tools;
  }

  _llmType() {
    return 'scripted';
  }

  bindTools(tools) {
    return new ScriptedChatModel(this.turns, this.requests, tools);
  }

  async _generate() {
    this.requests.push(this.tools);
    const calls = this.turns[this.requests.length - 1];
    const message = calls
      ? new AIMessage({ content: '', tool_calls: calls.map((call) => ({ ...call, type: 'tool_call' })) })
      : new AIMessage(ANSWER);
    return { generations: [{ text: calls ? '' : ANSWER, message }] };
  }
}

function outcome(model, messages, saved) {
  const read = messages
    .filter((message) => ToolMessage.isInstance(message))
    .map((message) => ({ tool: message.name, output: message.content, error: message.status === 'error' }));
  return {
    offered: model.requests.map((tools) => tools.map((tool) => tool.name)),
    tokens: model.requests.map((tools) => toolTokens(tools.map((tool) => convertToOpenAITool(tool)))),
    read,
    saved,
    answer: messages.at(-1).content,
  };
}

/** Plays `turns` in a loop that binds the offered tools each turn and runs calls with all of them. */
export async function playBindTools({ turns = TURNS, suiteMode } = {}) {
  const { suite, session, saved } = transcriptSuite({ mode: suiteMode });
  const tools = toLangChainTools(suite, { session });
  const model = new ScriptedChatModel(turns);
  const messages = [new HumanMessage('Weather in Oslo?')];
  for (let turn = 0; turn < 10; turn++) {
    const reply = await model.bindTools(offeredLangChainTools(suite, { session }, tools)).invoke(messages);
    messages.push(reply);
    if (!reply.tool_calls?.length) break;
    for (const call of reply.tool_calls) {
      messages.push(
        await tools.find((tool) => tool.name === call.name).invoke({ ...call, type: 'tool_call' }),
      );
    }
  }
  return outcome(model, messages, saved);
}

/** Plays `turns` with createAgent and the suite's middleware. */
export async function playCreateAgent({ turns = TURNS, suiteMode } = {}) {
  const { suite, session, saved } = transcriptSuite({ mode: suiteMode });
  const model = new ScriptedChatModel(turns);
  const agent = createAgent({ model, tools: [], middleware: [toLangChainMiddleware(suite, { session })] });
  const state = await agent.invoke({ messages: [new HumanMessage('Weather in Oslo?')] });
  return outcome(model, state.messages, saved);
}
