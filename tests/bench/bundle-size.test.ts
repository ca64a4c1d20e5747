/**
 * The size computation behind section 5 and the bundle budget `npm run build:playground` enforces
 * (`bench/bundle-budget.ts`), on a small fake build: what counts as initial, the gzip figures, and that
 * the check fails, with the size, the budget and the advice, when the budget is exceeded.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  budgetError,
  builtFiles,
  INITIAL_BUDGET_BYTES,
  initialFiles,
  measureInitial,
  staticImports,
} from '../../bench/lib/bundle.ts';

const root = join(import.meta.dirname, '../..');
let dir: string;

/** Text that does not compress to nothing, so sizes differ between files. */
function noise(seed: number, length: number): string {
  let state = seed;
  let text = '';
  while (text.length < length) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    text += state.toString(36);
  }
  return text.slice(0, length);
}

const FILES: Record<string, string> = {
  'index.html': [
    '<!doctype html><html><head>',
    '<link rel="icon" href="/favicon.svg">',
    '<script type="module" crossorigin src="/assets/index-a1.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/vendor-b2.js">',
    "<link rel='stylesheet' href='/assets/index-c3.css'>",
    '</head><body><script>console.log("inline, not a module")</script></body></html>',
  ].join('\n'),
  'assets/index-a1.js': `import{a as e}from"./shared-d4.js";import"./side-e5.js";const w=new Worker(new URL(\`/assets/worker-f6.js\`,import.meta.url));const l=()=>import(\`./lazy-g7.js\`);console.log(e,w,l,"${noise(1, 4000)}");`,
  'assets/vendor-b2.js': `export const v="${noise(2, 2000)}";`,
  'assets/shared-d4.js': `export{x as a}from"./deep-h8.js";`,
  'assets/deep-h8.js': `export const x="${noise(3, 1000)}";`,
  'assets/side-e5.js': 'console.log("side effect");',
  'assets/index-c3.css': `body{color:red}/*${noise(4, 500)}*/`,
  'assets/lazy-g7.js': `import{a as e}from"./index-a1.js";export const big="${noise(5, 50_000)}";`,
  'assets/worker-f6.js': `self.onmessage=()=>"${noise(6, 20_000)}";`,
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  '.vite/manifest.json': '{}',
};
const INITIAL = [
  'assets/index-a1.js',
  'assets/vendor-b2.js',
  'assets/index-c3.css',
  'assets/shared-d4.js',
  'assets/side-e5.js',
  'assets/deep-h8.js',
];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'bundle-size-test-'));
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('bundle sizes', () => {
  it('finds static imports and re-exports, not dynamic imports', () => {
    expect(
      staticImports(
        'import{a as b}from"./x.js";import"./y.js";export{c}from"../z.js";const d=()=>import("./w.js")',
      ),
    ).toEqual(['./x.js', './y.js', '../z.js']);
  });

  it('counts what index.html loads and what those scripts import statically, nothing lazy', () => {
    expect(initialFiles(dir)).toEqual(INITIAL);
    expect(builtFiles(dir)).not.toContain('index.html');
    expect(builtFiles(dir)).not.toContain('.vite/manifest.json');
  });

  it('sums gzip level 9 sizes of the initial files', () => {
    const initial = measureInitial(dir);
    const expected = INITIAL.map((file) => gzipSync(FILES[file] as string, { level: 9 }).length).reduce(
      (a, b) => a + b,
      0,
    );
    expect(initial.gzipBytes).toBe(expected);
    expect(initial.bytes).toBe(
      INITIAL.reduce((sum, file) => sum + Buffer.byteLength(FILES[file] as string), 0),
    );
  });

  it('reports the size, the budget and what to do when the budget is exceeded', () => {
    const initial = measureInitial(dir);
    expect(budgetError(initial)).toBeUndefined();
    expect(budgetError(initial, initial.gzipBytes)).toBeUndefined();
    const message = budgetError(initial, 1024);
    expect(message).toContain(`is ${(initial.gzipBytes / 1024).toFixed(1)} KiB gzip (level 9)`);
    expect(message).toContain('over the budget of 1.0 KiB');
    expect(message).toContain('assets/index-a1.js');
    expect(message).toContain('Lazy-load the heavy part');
    expect(INITIAL_BUDGET_BYTES).toBe(170 * 1024);
  });

  it('fails when index.html names a file that is missing', () => {
    const broken = mkdtempSync(join(tmpdir(), 'bundle-size-test-'));
    try {
      writeFileSync(join(broken, 'index.html'), '<script type="module" src="/assets/gone.js"></script>');
      expect(() => initialFiles(broken)).toThrow(/gone\.js, which does not exist/);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it('makes bench/bundle-budget.ts exit 1 above the budget and 0 within it', async () => {
    const run = (budget: string) =>
      promisify(execFile)(
        process.execPath,
        [join(root, 'node_modules/tsx/dist/cli.mjs'), 'bench/bundle-budget.ts', `--dir=${dir}`, budget],
        { cwd: root },
      );
    const passed = await run('--budget-kib=150');
    expect(passed.stdout).toMatch(/bundle budget: initial JavaScript \+ CSS [\d.]+ KiB gzip .* ≤ 150\.0 KiB/);
    const failed = await run('--budget-kib=1').then(
      () => undefined,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain('bundle budget exceeded.');
    expect(failed?.stderr).toContain('over the budget of 1.0 KiB');
  }, 60_000);
});
