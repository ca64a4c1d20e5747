// The transcript through the Vercel AI SDK: generateText and streamText over its MockLanguageModelV3.
import { generateText, stepCountIs, streamText } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { toAISDKTools } from 'browser-agent-tools/ai-sdk';
import { ANSWER, TURNS, toolTokens, transcriptSuite } from './transcript.js';

const USAGE = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** The model's answer on its `index`-th request: that turn's tool calls, or the final text. */
function turn(turns, index) {
  const calls = turns[index];
  const content = calls
    ? calls.map((call) => ({
        type: 'tool-call',
        toolCallId: call.id,
        toolName: call.name,
        input: JSON.stringify(call.args),
      }))
    : [{ type: 'text', text: ANSWER }];
  const finishReason = { unified: calls ? 'tool-calls' : 'stop', raw: undefined };
  return { content, finishReason, usage: USAGE, warnings: [] };
}

/** The same answer as a stream of parts. */
function asStream({ content, finishReason }) {
  const parts = content.flatMap((part) =>
    part.type === 'text'
      ? [
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: part.text },
          { type: 'text-end', id: 't' },
        ]
      : [part],
  );
  return new ReadableStream({
    start(controller) {
      for (const part of [...parts, { type: 'finish', finishReason, usage: USAGE }]) controller.enqueue(part);
      controller.close();
    },
  });
}

/**
 * Plays `turns` (the transcript's) with `generateText` or `streamText` over the suite in `suiteMode`;
 * returns what the model was offered and read.
 */
export async function playAISDK(mode, { turns = TURNS, suiteMode } = {}) {
  const { suite, session, saved } = transcriptSuite({ mode: suiteMode });
  const { tools, prepareStep } = toAISDKTools(suite, { session });
  const requests = [];
  const respond = (options) => {
    requests.push(options);
    return turn(turns, requests.length - 1);
  };
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => respond(options),
    doStream: async (options) => ({ stream: asStream(respond(options)) }),
  });
  const options = { model, tools, prepareStep, prompt: 'Weather in Oslo?', stopWhen: stepCountIs(10) };
  const answer = mode === 'streamText' ? await streamText(options).text : (await generateText(options)).text;
  const read = requests
    .at(-1)
    .prompt.filter((message) => message.role === 'tool')
    .flatMap((message) => message.content.filter((part) => part.type === 'tool-result'))
    .map((part) => ({
      tool: part.toolName,
      output: part.output.value,
      error: part.output.type === 'error-text',
    }));
  return {
    offered: requests.map((request) => (request.tools ?? []).map((tool) => tool.name)),
    tokens: requests.map((request) => toolTokens(request.tools ?? [])),
    read,
    saved,
    answer,
  };
}
