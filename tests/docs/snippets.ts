/**
 * The TypeScript blocks of README.md and docs/*.md, compiled against the package's source and, when
 * marked runnable, run. A plain module (not a test file) so the test can also feed it broken samples
 * and prove that a snippet which does not compile, throws or prints something else fails the run.
 *
 * Fence info strings: ```ts compiles; ```ts run compiles and runs (offline and quick: each `// → text`
 * comment is the line `console.log` on that line must print); ```ts nocompile is a fragment, skipped.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

export const ROOT: string = resolve(import.meta.dirname, '../..');

export interface Snippet {
  /** The markdown file, relative to the repository root (`docs/codemode.md`). */
  source: string;
  /** 1-based line of the opening fence in that file. */
  fenceLine: number;
  run: boolean;
  code: string;
}

const FENCE_OPEN = /^```(ts|typescript)(?:[ \t]+(.*))?$/;

/** Every compiled block of one markdown text, in order; `nocompile` blocks are left out. */
export function extractSnippets(markdown: string, source: string): Snippet[] {
  const lines = markdown.split('\n');
  const snippets: Snippet[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = FENCE_OPEN.exec(lines[index] ?? '');
    if (open === null) continue;
    const words = (open[2] ?? '').split(/\s+/).filter(Boolean);
    const end = lines.findIndex((line, at) => at > index && line.startsWith('```'));
    if (end === -1) throw new Error(`${source}:${index + 1}: a \`\`\`ts block is never closed`);
    if (!words.includes('nocompile')) {
      const code = lines.slice(index + 1, end).join('\n');
      snippets.push({ source, fenceLine: index + 1, run: words.includes('run'), code });
    }
    index = end;
  }
  return snippets;
}

/** What a runnable snippet must print: the text after `// → ` on each line that has one. */
export function expectedOutput(code: string): string[] {
  return code
    .split('\n')
    .map((line) => /\/\/ → (.*)$/.exec(line)?.[1])
    .filter((text): text is string => text !== undefined);
}

/** File name of a snippet in the scratch project: source and line, so an error points back to both. */
function fileName(snippet: Snippet): string {
  return `${snippet.source.replace(/[^A-Za-z0-9]+/g, '_')}__L${snippet.fenceLine}.ts`;
}

/**
 * Writes the snippets and a tsconfig into `dir` (inside the repository, so `node_modules` resolves):
 * `browser-agent-tools` and its subpaths map to src/, as tsconfig.test.json maps them, and the
 * playground's `window.playground` type comes from tests/e2e/playground.ts. Returns each snippet's path.
 */
export function writeProject(dir: string, snippets: readonly Snippet[]): string[] {
  mkdirSync(dir, { recursive: true });
  const paths = snippets.map((snippet) => {
    const path = join(dir, fileName(snippet));
    // A block without import or export would be a script whose names clash with the other blocks'.
    const isModule = /^\s*(import|export)\b/m.test(snippet.code);
    writeFileSync(path, isModule ? `${snippet.code}\n` : `${snippet.code}\nexport {};\n`);
    return path;
  });
  const tsconfig = {
    extends: join(ROOT, 'tsconfig.base.json'),
    compilerOptions: {
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      // vite/client and JSX for the playground component's sources (its CSS modules and .tsx files),
      // and for the stylesheet import a snippet makes, as in a Vite app.
      types: ['node', 'vite/client'],
      jsx: 'react-jsx',
      noEmit: true,
      paths: {
        'browser-agent-tools': [join(ROOT, 'src/index.ts')],
        'browser-agent-tools/*': [join(ROOT, 'src/*/index.ts')],
      },
    },
    files: [...paths, join(ROOT, 'tests/e2e/playground.ts')],
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  return paths;
}

/** Rewrites `…/README_md__L90.ts(3,5)` in compiler output to `README.md:93:5`. */
function pointToMarkdown(output: string, snippets: readonly Snippet[]): string {
  let text = output;
  for (const snippet of snippets) {
    const name = fileName(snippet).replace(/\./g, '\\.');
    text = text.replace(
      new RegExp(`\\S*${name}\\((\\d+),(\\d+)\\)`, 'g'),
      (_match, row: string, column: string) =>
        `${snippet.source}:${snippet.fenceLine + Number(row)}:${column}`,
    );
  }
  return text;
}

export interface CompileOutcome {
  ok: boolean;
  /** Compiler diagnostics, pointing at markdown lines. */
  output: string;
}

/** One `tsc` over the whole scratch project written by `writeProject`. */
export function compileProject(dir: string, snippets: readonly Snippet[]): CompileOutcome {
  const tsc = join(ROOT, 'node_modules/.bin/tsc');
  const outcome = spawnSync(tsc, ['-p', join(dir, 'tsconfig.json'), '--pretty', 'false'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const output = pointToMarkdown(`${outcome.stdout}${outcome.stderr}`, snippets);
  return { ok: outcome.status === 0, output };
}

export interface RunOutcome {
  status: number | null;
  stdout: string[];
  stderr: string;
}

/** Runs one snippet of the scratch project with tsx, which reads the same tsconfig paths. */
export function runSnippet(dir: string, path: string): RunOutcome {
  const tsx = join(ROOT, 'node_modules/.bin/tsx');
  const outcome = spawnSync(tsx, ['--tsconfig', join(dir, 'tsconfig.json'), path], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  const stdout = outcome.stdout.split('\n');
  if (stdout.at(-1) === '') stdout.pop();
  return { status: outcome.status, stdout, stderr: outcome.stderr };
}

/** Where a snippet sits, for test titles: `docs/codemode.md:12`. */
export function location(snippet: Snippet): string {
  return `${snippet.source}:${snippet.fenceLine}`;
}

/** README.md and every docs/*.md, relative to the repository root. */
export function documentationFiles(docsNames: readonly string[]): string[] {
  const docs = docsNames.filter((name) => name.endsWith('.md')).map((name) => `docs/${basename(name)}`);
  return ['README.md', ...docs.sort()];
}
