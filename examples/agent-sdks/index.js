// Plays the transcript through every SDK and prints, for each, what the model was offered on each
// request (and the tokens of those tool definitions, as that SDK sent them), what it read back, what
// was saved and its answer; `everyToolTokens` is what one request costs when no tool is deferred.
import { playAISDK } from './ai-sdk.js';
import { playBindTools, playCreateAgent } from './langchain.js';
import { playOpenAIAgents } from './openai-agents.js';

const PLAYERS = {
  'ai-sdk generateText': (options) => playAISDK('generateText', options),
  'ai-sdk streamText': (options) => playAISDK('streamText', options),
  'openai-agents run': playOpenAIAgents,
  'langchain bindTools': playBindTools,
  'langchain createAgent': playCreateAgent,
};

const outcomes = {};
for (const [name, play] of Object.entries(PLAYERS)) {
  const outcome = await play();
  const [everyToolTokens] = (await play({ turns: [], suiteMode: 'direct' })).tokens;
  outcomes[name] = { ...outcome, everyToolTokens };
}
console.log(JSON.stringify(outcomes, null, 2));
