// The scripted transcript every SDK here plays: the same suite, the same model turns, the same outcome.
// A model calls a deferred tool before tool_search (the suite refuses it and says how to load it),
// searches, calls the tool it loaded, tries an ask-rated write the user refuses (onApproval), and gets
// a tool's own error result; then it answers.
import { createToolSuite, ToolError } from 'browser-agent-tools';
import { countTokens } from 'browser-agent-tools/providers';

/** The model's turns: the tool calls of each, then a final answer. */
export const TURNS = [
  [{ id: 'call_1', name: 'get_weather', args: { city: 'Oslo' } }],
  [{ id: 'call_2', name: 'tool_search', args: { query: 'weather in a city' } }],
  [{ id: 'call_3', name: 'get_weather', args: { city: 'Oslo' } }],
  [{ id: 'call_4', name: 'save_note', args: { text: 'Take sunglasses.' } }],
  [{ id: 'call_5', name: 'get_weather', args: { city: 'Atlantis' } }],
];
export const ANSWER = 'It is sunny in Oslo.';

/** Deferred tools beside get_weather, so that loading only what a search found saves tokens. */
const OTHER_DEFERRED = [
  ['ticket_open', 'Open a support ticket with a title and a body.', { title: 'string', body: 'string' }],
  [
    'ticket_close',
    'Close a support ticket by its id, with a resolution.',
    { id: 'string', resolution: 'string' },
  ],
  ['send_email', 'Send an email to one recipient.', { to: 'string', subject: 'string', body: 'string' }],
  ['calendar_add', 'Add an event to the calendar.', { title: 'string', start: 'string', minutes: 'integer' }],
  ['invoice_create', 'Create an invoice for a customer.', { customer: 'string', amount: 'number' }],
];

function objectSchema(fields) {
  const properties = Object.fromEntries(Object.entries(fields).map(([key, type]) => [key, { type }]));
  return { type: 'object', properties, required: Object.keys(fields) };
}

/**
 * The suite of the transcript and what its save_note wrote (nothing, when the user refuses). With
 * `mode: 'direct'` the tools that are deferred here are direct: what the model would be offered on
 * every request without tool_search.
 */
export function transcriptSuite({ mode = 'deferred' } = {}) {
  const saved = [];
  const suite = createToolSuite({
    builtins: ['tool_search'],
    policy: { read: 'allow', net_read: 'allow', fs_write: 'ask', net_write: 'ask' },
    onApproval: () => ({ approved: false, reason: 'notes are kept by hand' }),
  });
  suite.register(
    {
      name: 'get_weather',
      description: 'Current weather for a city.',
      parameters: objectSchema({ city: 'string' }),
      effects: ['net_read'],
    },
    mode,
    ({ city }) => {
      if (city === 'Atlantis')
        throw new ToolError('No weather station reports from Atlantis. Ask for another city.', {
          code: 'NO_STATION',
        });
      return { output: `Sunny in ${city}.`, structured_output: { city, sky: 'sunny' } };
    },
  );
  for (const [name, description, fields] of OTHER_DEFERRED) {
    suite.register(
      { name, description, parameters: objectSchema(fields), effects: ['net_write'] },
      mode,
      () => 'done',
    );
  }
  suite.register(
    {
      name: 'save_note',
      description: 'Save a note for the user.',
      parameters: objectSchema({ text: 'string' }),
      effects: ['fs_write'],
    },
    'direct',
    ({ text }) => {
      saved.push(text);
      return 'Saved.';
    },
  );
  return { suite, session: suite.createSession(), saved };
}

/** Tokens (o200k) of the tool definitions one request carried, as the SDK sent them. */
export function toolTokens(tools) {
  return tools.length === 0 ? 0 : countTokens(tools);
}
