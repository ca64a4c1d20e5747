// The README quick start in plain Node: a deferred tool, activated the way tool_search does it, called
// directly and as an OpenAI tool call; then one bash command in the default embedded workspace.
import { createToolSuite } from 'browser-agent-tools';

const suite = createToolSuite();

suite.register(
  {
    name: 'get_weather',
    description: 'Current weather for a city.',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    effects: ['net_read'],
  },
  'deferred',
  async (args) => {
    const city = String(args.city);
    return { output: `Sunny in ${city}.`, structured_output: { city, sky: 'sunny' } };
  },
);

const session = suite.createSession();
const before = suite.declarations(session).map((tool) => tool.name);
session.activate(['get_weather']);
const after = suite.declarations(session).map((tool) => tool.name);
const result = await suite.executeCall(
  { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } },
  { session },
);
const bash = await suite.execute('bash', { command: 'echo hello > a.txt && cat a.txt' }, { session });

console.log(
  JSON.stringify({
    deferredHidden: !before.includes('get_weather'),
    activated: after.includes('get_weather'),
    output: result.output,
    is_error: result.is_error,
    bash: bash.output,
  }),
);
