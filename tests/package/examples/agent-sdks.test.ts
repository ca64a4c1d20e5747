/**
 * examples/agent-sdks installed from the packed tarball, with the real SDKs and their own test doubles:
 * the same scripted transcript (a call to a deferred tool before tool_search, the search, the loaded
 * tool's call, an ask-rated write the user refuses, a tool's error result) through the AI SDK's
 * generateText and streamText over MockLanguageModelV3, the Agents SDK's run() over a fake Model, and
 * LangChain's bindTools loop and createAgent over a scripted chat model. Each must end the same way,
 * word for word, and the token figures docs/adapters.md quotes must be the ones measured here. One
 * project for the three SDKs: one install (about 20 s from the npm cache) instead of three.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { installedExample, ROOT, run } from './support.ts';

const example = installedExample('agent-sdks');

interface Outcome {
  offered: string[][];
  tokens: number[];
  read: { tool: string; output: string; error: boolean | null }[];
  saved: string[];
  answer: string;
  everyToolTokens: number;
}

const BEFORE = ['tool_search', 'save_note'];
const AFTER = ['tool_search', 'get_weather', 'save_note'];

/** What the model read back, in order: the same texts in every SDK. */
const READ: [string, string][] = [
  [
    'get_weather',
    'Tool "get_weather" is not loaded yet. Call tool_search with words for what you need (for example "get weather"); matching tools become callable from your next call.',
  ],
  [
    'tool_search',
    'Found 1 tool for "weather in a city". It is available from your next call:\n- get_weather: Current weather for a city.',
  ],
  ['get_weather', 'Sunny in Oslo.'],
  [
    'save_note',
    'The user did not approve tool "save_note" (effect fs_write): notes are kept by hand. Do not retry the same call; ask the user how to proceed.',
  ],
  ['get_weather', 'get_weather: No weather station reports from Atlantis. Ask for another city.'],
];
const ERRORS = [true, false, false, true, true];

/** Each SDK's error flag on those results; the Agents SDK has none for function output. */
const FLAGS: Record<string, (boolean | null)[]> = {
  'ai-sdk generateText': ERRORS,
  'ai-sdk streamText': ERRORS,
  'openai-agents run': ERRORS.map(() => null),
  'langchain bindTools': ERRORS,
  'langchain createAgent': ERRORS,
};

/** The cells of a Markdown table row, trimmed. */
function cells(line: string | undefined): string[] {
  return (line ?? '')
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());
}

/** The token cells of docs/adapters.md's table, by the SDK its column is headed with. */
function documentedTokens(): Record<string, string | undefined> {
  const lines = readFileSync(join(ROOT, 'docs/adapters.md'), 'utf8').split('\n');
  const header = cells(lines.find((line) => /^\| +\| AI SDK +\|/.test(line)));
  const row = cells(lines.find((line) => line.startsWith('| token cost per request ')));
  return Object.fromEntries(header.map((name, column) => [name, row[column]]));
}

let outcomes: Record<string, Outcome> = {};
beforeAll(async () => {
  const { stdout } = await run('node', ['index.js'], { cwd: example.dir() });
  outcomes = JSON.parse(stdout);
}, 120_000);

describe('examples/agent-sdks installed from the packed tarball: one transcript, one outcome', () => {
  for (const sdk of Object.keys(FLAGS)) {
    it(`${sdk}: offered the declarations at each step, read the suite's texts, saved nothing`, () => {
      const outcome = outcomes[sdk];
      expect(outcome?.offered).toEqual([BEFORE, BEFORE, AFTER, AFTER, AFTER, AFTER]);
      expect(outcome?.read.map(({ tool, output }) => [tool, output])).toEqual(READ);
      expect(outcome?.read.map(({ error }) => error)).toEqual(FLAGS[sdk]);
      expect(outcome?.saved).toEqual([]);
      expect(outcome?.answer).toBe('It is sunny in Oslo.');
    });
  }

  it('the token figures in docs/adapters.md are the ones measured, per SDK', () => {
    const measured = (key: string): string => {
      const { tokens, everyToolTokens } = outcomes[key] as Outcome;
      return `${tokens[0]} → ${tokens[2]} (every tool direct: ${everyToolTokens})`;
    };
    expect(documentedTokens()).toEqual({
      '': 'token cost per request',
      'AI SDK': measured('ai-sdk generateText'),
      'OpenAI Agents SDK': measured('openai-agents run'),
      LangChain: measured('langchain createAgent'),
    });
    // The streamed run and the bindTools loop send what their siblings send.
    expect(outcomes['ai-sdk streamText']?.tokens).toEqual(outcomes['ai-sdk generateText']?.tokens);
    expect(outcomes['langchain bindTools']?.tokens).toEqual(outcomes['langchain createAgent']?.tokens);
  });
});
