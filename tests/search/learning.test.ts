/**
 * What a call teaches a tool (learnedWords) and what a session keeps of it (teachSession), with their caps.
 * Reaches inside: learnedWords, teachSession and SessionWords (src/search/learning.ts, session-learning.ts)
 * are exported by no entry; the words kept are checked on the functions, which a search shows only as an
 * order.
 */
import { describe, expect, it } from 'vitest';
import { MAX_LEARNED_WORDS, MAX_SESSION_LEARNED_TOOLS } from '../../src/index.ts';
import { learnedWords } from '../../src/search/learning.ts';
import { type SessionWords, teachSession } from '../../src/search/session-learning.ts';

/** A tool's own words, as the index would answer for `create_subtask: Create a subtask under a task`. */
const OWN = new Set(['create', 'subtask', 'under', 'a', 'task', 'the', 'into', 'this']);
const known = (word: string): boolean => OWN.has(word);

describe('learnedWords (what a call teaches a tool)', () => {
  it('keeps the words of the request the tool lacks, in order, each once', () => {
    expect(learnedWords('split this task into smaller steps, smaller ones', known, [])).toEqual([
      'split',
      'smaller',
      'steps',
      'ones',
    ]);
  });

  it('adds to what the tool learned before and returns the same list when nothing is new', () => {
    const learned = learnedWords('break the task down', known, ['split', 'steps']);
    expect(learned).toEqual(['split', 'steps', 'break', 'down']);
    expect(learnedWords('split the task', known, learned)).toBe(learned);
  });

  it('leaves out numbers and the values a request quotes or names', () => {
    expect(learnedWords('add 3 subtasks called Review to "Launch plan" 2026', known, [])).toEqual([
      'add',
      'subtasks',
      'called',
      'to',
    ]);
  });

  it(`keeps the ${MAX_LEARNED_WORDS} newest words`, () => {
    const first = learnedWords(
      Array.from({ length: 40 }, (_, i) => `alpha${String.fromCharCode(97 + (i % 26))}${i}`).join(' '),
      known,
      [],
    );
    expect(first).toHaveLength(MAX_LEARNED_WORDS);
    expect(first[0]).toBe('alphai8');
    const next = learnedWords('newest', known, first);
    expect(next).toHaveLength(MAX_LEARNED_WORDS);
    expect(next.at(-1)).toBe('newest');
    expect(next[0]).toBe('alphaj9');
  });

  it('reads at most the 4,096 characters a search reads, and no word longer than a term', () => {
    const learned = learnedWords(`${'x'.repeat(100)} ${'word '.repeat(1_000_000)}tail`, known, []);
    expect(learned).toEqual(['word']);
  });
});

describe('teachSession (what a session keeps)', () => {
  it(`keeps words for the ${MAX_SESSION_LEARNED_TOOLS} tools taught most recently, ${MAX_LEARNED_WORDS} words each`, () => {
    const words: SessionWords = new Map();
    for (let round = 0; round < 600; round += 1) {
      const query = Array.from({ length: 40 }, (_, index) => `w${round}x${index}`).join(' ');
      teachSession(words, query, `tool_${round % 100}`, () => false);
    }
    expect(words.size).toBe(MAX_SESSION_LEARNED_TOOLS);
    expect([...words.keys()][0]).toBe('tool_36');
    expect([...words.values()].every((learned) => learned.length === MAX_LEARNED_WORDS)).toBe(true);
    teachSession(words, 'the and of', 'tool_new', (word) => ['the', 'and', 'of'].includes(word));
    expect(words.has('tool_new')).toBe(false);
  });
});
