/**
 * Every TypeScript block in README.md and docs/ compiles against the package's types, and the blocks
 * marked ```ts run print what their `// →` comments say. One `tsc` over all blocks keeps it fast; the
 * scratch project lives under tests/docs/ (git-ignored) so that bare imports resolve to node_modules.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  compileProject,
  documentationFiles,
  expectedOutput,
  extractSnippets,
  location,
  ROOT,
  runSnippet,
  type Snippet,
  writeProject,
} from './snippets.ts';

const scratch = mkdtempSync(join(ROOT, 'tests/docs/.snippets-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const sources = documentationFiles(readdirSync(join(ROOT, 'docs')));
const snippets: Snippet[] = sources.flatMap((source) =>
  extractSnippets(readFileSync(join(ROOT, source), 'utf8'), source),
);
const paths = writeProject(join(scratch, 'docs'), snippets);
const runnable = snippets.flatMap((snippet, index) => (snippet.run ? [{ snippet, path: paths[index] }] : []));

describe('documentation snippets', () => {
  it('README.md and docs/ hold TypeScript blocks, some of them runnable', () => {
    expect(sources).toContain('README.md');
    expect(snippets.length).toBeGreaterThan(10);
    expect(runnable.length).toBeGreaterThan(1);
  });

  it('every ```ts block compiles against the package types', { timeout: 180_000 }, () => {
    const outcome = compileProject(join(scratch, 'docs'), snippets);
    expect(outcome.output).toBe('');
    expect(outcome.ok).toBe(true);
  });

  for (const { snippet, path } of runnable) {
    it(`${location(snippet)} runs and prints what its comments say`, { timeout: 60_000 }, () => {
      const expected = expectedOutput(snippet.code);
      expect(expected.length).toBeGreaterThan(0);
      const outcome = runSnippet(join(scratch, 'docs'), path ?? '');
      expect(outcome.stderr).toBe('');
      expect(outcome.status).toBe(0);
      expect(outcome.stdout).toEqual(expected);
    });
  }
});

describe('the snippet check itself', () => {
  const broken = [
    '# Sample',
    '',
    '```ts',
    "const count: number = 'three';",
    '```',
    '',
    '```ts nocompile',
    'this is a fragment and is not compiled',
    '```',
    '',
    '```ts run',
    "console.log('one'); // → one",
    "console.log('two'); // → three",
    '```',
    '',
    '```ts run',
    "throw new Error('the snippet broke');",
    '```',
  ].join('\n');
  const samples = extractSnippets(broken, 'sample.md');
  const samplePaths = writeProject(join(scratch, 'sample'), samples);

  it('reads the fence info: nocompile blocks are skipped, run blocks are marked', () => {
    expect(samples.map((sample) => [sample.fenceLine, sample.run])).toEqual([
      [3, false],
      [11, true],
      [16, true],
    ]);
    expect(expectedOutput(samples[1]?.code ?? '')).toEqual(['one', 'three']);
  });

  it('fails a block that does not compile, pointing at its markdown line', { timeout: 180_000 }, () => {
    const outcome = compileProject(join(scratch, 'sample'), samples);
    expect(outcome.ok).toBe(false);
    expect(outcome.output).toContain('sample.md:4:7');
    expect(outcome.output).toContain("Type 'string' is not assignable to type 'number'");
  });

  it('sees a runnable block print something other than its comments, or throw', { timeout: 60_000 }, () => {
    const printed = runSnippet(join(scratch, 'sample'), samplePaths[1] ?? '');
    expect(printed.status).toBe(0);
    expect(printed.stdout).not.toEqual(expectedOutput(samples[1]?.code ?? ''));
    expect(printed.stdout).toEqual(['one', 'two']);
    const thrown = runSnippet(join(scratch, 'sample'), samplePaths[2] ?? '');
    expect(thrown.status).not.toBe(0);
    expect(thrown.stderr).toContain('the snippet broke');
  });

  it('refuses a block that is never closed', () => {
    expect(() => extractSnippets('```ts\nconst open = 1;\n', 'open.md')).toThrow(
      'open.md:1: a ```ts block is never closed',
    );
  });
});
