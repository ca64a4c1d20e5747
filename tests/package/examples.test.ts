/**
 * The package as a consumer gets it: `npm pack`, then each project in examples/ installed from the
 * tarball (offline from the npm cache when it holds everything, else the cache first) and run. The Vite
 * example runs in Chromium from the dev server and from a production build, with no alias or worker
 * option in its config; the Node example is the README quick start; the Cloudflare worker is bundled by
 * its own build script and served by workerd (Miniflare) to the MCP SDK client. The playground example
 * mounts `<Playground>` over an app's own suite, in dev and built, the build in a page whose global
 * stylesheet tries to restyle everything.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { chromium, type Page, expect as pageExpect } from '@playwright/test';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const WORK = mkdtempSync(join(tmpdir(), 'bat-examples-'));
/** Set by beforeAll: the packed package. */
let tarball = '';
const EXAMPLES = [
  'node',
  'vite-react',
  'cloudflare-worker',
  'playwright-fixture',
  'playground-react',
] as const;
const children: ChildProcess[] = [];

/** Installs an example from the cache only, or (when the cache lacks a package) from the cache first. */
async function install(dir: string): Promise<void> {
  const flags = ['install', '--no-audit', '--no-fund', '--loglevel=error'];
  try {
    await run('npm', [...flags, '--offline'], { cwd: dir });
  } catch {
    await run('npm', [...flags, '--prefer-offline'], { cwd: dir });
  }
}

beforeAll(async () => {
  await run('npm', ['run', '--silent', 'build:lib'], { cwd: ROOT });
  const { stdout } = await run('npm', ['pack', '--silent', '--pack-destination', WORK], { cwd: ROOT });
  tarball = join(WORK, stdout.trim().split('\n').pop() ?? '');
  await Promise.all(
    EXAMPLES.map(async (name) => {
      const dir = join(WORK, name);
      cpSync(join(ROOT, 'examples', name), dir, {
        recursive: true,
        filter: (path) => !/node_modules|dist$/.test(path),
      });
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      manifest.dependencies['browser-agent-tools'] = `file:${tarball}`;
      writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
      await install(dir);
    }),
  );
  // A library build (tsc, the Worker bundle, the component) and five offline installs: minutes on a busy machine.
}, 600_000);

afterAll(() => {
  for (const child of children) child.kill();
  rmSync(WORK, { recursive: true, force: true });
}, 180_000);

/** Bytes of every file under `dir` (their apparent sizes; symbolic links count as links). */
function treeBytes(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((total, entry) => {
    const path = join(dir, entry.name);
    return total + (entry.isDirectory() ? treeBytes(path) : lstatSync(path).size);
  }, 0);
}

/** A port nobody listens on now, so parallel checkouts and other servers do not collide. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error('no port')),
      );
    });
  });
}

/** Starts `vite <args>` in `dir` (with that project's own Vite) and resolves once it listens on `port`. */
async function startVite(args: string[], port: number, dir = join(WORK, 'vite-react')): Promise<string> {
  // Node itself, not npx, so that killing the child stops the server.
  const vite = join(dir, 'node_modules/vite/bin/vite.js');
  const child = spawn(process.execPath, [vite, ...args, '--port', String(port), '--strictPort'], {
    cwd: dir,
    stdio: 'ignore',
  });
  children.push(child);
  const url = `http://localhost:${port}/`;
  for (let attempt = 0; attempt < 100; attempt++) {
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return url;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`vite ${args.join(' ')} did not listen on ${url}`);
}

/** Opens the example page in Chromium and returns what it shows once the demo finished. */
async function pageResults(url: string): Promise<Record<string, string>> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  try {
    const page = await browser.newPage();
    await page.goto(url);
    await page.getByTestId('status').filter({ hasNotText: 'running' }).waitFor({ timeout: 60_000 });
    const read = async (id: string): Promise<string> =>
      (await page.getByTestId(id).count()) ? ((await page.getByTestId(id).textContent()) ?? '') : '';
    return {
      status: await read('status'),
      error: await read('error'),
      bash: await read('bash'),
      codemode: await read('codemode'),
    };
  } finally {
    await browser.close();
  }
}

/** What the page must show: the bash call in the Worker workspace and the codemode script's result. */
function expectDemo(results: Record<string, string>): void {
  expect(results.error).toBe('');
  expect(results.status).toBe('done');
  const bash = JSON.parse(results.bash ?? '');
  expect(bash.is_error).toBe(false);
  expect(bash.output).toBe('2 notes.txt');
  const script = JSON.parse(results.codemode ?? '');
  expect(script.is_error).toBe(false);
  expect(script.structured_output.result).toBe(3);
}

/** The packages `npm install browser-agent-tools` brings: its dependencies and theirs (from the lockfile). */
function dependencyClosure(): Set<string> {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
  const packages: Record<string, { dependencies?: Record<string, string> }> = lock.packages;
  const names = new Set<string>();
  const visit = (name: string): void => {
    if (names.has(name)) return;
    names.add(name);
    for (const dependency of Object.keys(packages[`node_modules/${name}`]?.dependencies ?? {}))
      visit(dependency);
  };
  for (const name of Object.keys(packages['']?.dependencies ?? {})) visit(name);
  return names;
}

/** The package a file belongs to: the name after its last node_modules/, or '' for the consumer's own. */
function packageOf(file: string): string {
  const tail = file.split('node_modules/').slice(1).pop();
  if (tail === undefined) return '';
  const parts = tail.split('/');
  return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? '');
}

/**
 * A consumer of every entry in package.json "exports", in node_modules/.cache so that the optional peers
 * resolve from the repository's install; the package itself comes from the tarball.
 */
async function writeEveryEntryConsumer(): Promise<string> {
  const cache = join(ROOT, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'bat-every-entry-'));
  const installed = join(dir, 'node_modules/browser-agent-tools');
  mkdirSync(installed, { recursive: true });
  await run('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1']);
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  // The entries with declarations: not `./package.json` nor the stylesheet `./playground/styles.css`,
  // which a consumer imports for its side effect through a bundler, not as a typed module.
  const exports: Record<string, string | { types?: string }> = manifest.exports;
  const subpaths = Object.entries(exports)
    .filter(([, target]) => typeof target === 'object' && target.types !== undefined)
    .map(([key]) => key);
  const lines = subpaths.map(
    (key, index) => `import * as entry${index} from 'browser-agent-tools${key.slice(1)}';`,
  );
  const names = subpaths.map((_, index) => `entry${index}`).join(', ');
  writeFileSync(join(dir, 'entries.ts'), `${lines.join('\n')}\nexport const entries = [${names}];\n`);
  writeFileSync(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
  return dir;
}

/** `tsc` over the consumer with `lib: ["ES2022"]` and `@types/node`: every error as "file(line,col): text". */
async function typeErrors(dir: string, resolution: 'NodeNext' | 'Bundler'): Promise<string[]> {
  const compilerOptions = {
    target: 'ES2022',
    module: resolution === 'NodeNext' ? 'NodeNext' : 'ESNext',
    moduleResolution: resolution,
    lib: ['ES2022'],
    types: ['node'],
    strict: true,
    noEmit: true,
    skipLibCheck: false,
  };
  const config = `tsconfig.${resolution}.json`;
  writeFileSync(join(dir, config), JSON.stringify({ compilerOptions, files: ['entries.ts'] }));
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  const output = await run(process.execPath, [tsc, '-p', config, '--pretty', 'false'], { cwd: dir }).then(
    () => '',
    (error: { stdout?: string }) => error.stdout ?? String(error),
  );
  const lines = output.split('\n').filter((line) => / error TS\d+: /.test(line));
  // A tsc that failed without a type error (a bad config, a crash) must not read as "no errors".
  if (output.trim() !== '' && lines.length === 0) throw new Error(`tsc failed: ${output}`);
  return lines.map((line) => {
    // tsc names files relative to the consumer: the peers' as ../../<peer>/…, so make them absolute.
    const [file = '', rest = ''] = line.split(/(?=\(\d+,\d+\): error)/);
    const path = resolve(dir, file);
    return `${path.startsWith(dir) ? relative(dir, path) : relative(ROOT, path)}${rest}`;
  });
}

/** Rules a careless host page might have: they restyle every element, the playground's included. */
const AGGRESSIVE_CSS = [
  '* { all: unset; }',
  'div { display: inline; padding: 30px; font-size: 40px; }',
  'button { display: none; background: red; color: yellow; font-size: 30px; }',
  'select, textarea { visibility: hidden; }',
].join('\n');

/**
 * The Run button and the root as the playground draws them in a plain host page: the accent colour,
 * its size, a flex item's display (not the host's red, 30px or none), its own background.
 */
const PLAYGROUND_LOOK = {
  background: 'rgb(47, 79, 200)',
  fontSize: '15px',
  display: 'block',
  rootBackground: 'rgb(245, 246, 248)',
  rootDisplay: 'block',
};

/** Styles of the host's own elements that the playground's stylesheet must leave alone. */
const HOST_STYLE_PROPERTIES = [
  'color',
  'background-color',
  'font-family',
  'font-size',
  'margin',
  'padding',
  'box-sizing',
];

/** The computed styles of the host's elements, as they are now. */
function hostStyles(page: Page): Promise<Record<string, Record<string, string>>> {
  return page.evaluate((properties) => {
    const styles: Record<string, Record<string, string>> = {};
    for (const selector of ['html', 'body', '#host-title', '#host-button']) {
      const element = document.querySelector(selector);
      if (!element) continue;
      const computed = getComputedStyle(element);
      styles[selector] = Object.fromEntries(
        properties.map((name) => [name, computed.getPropertyValue(name)]),
      );
    }
    return styles;
  }, HOST_STYLE_PROPERTIES);
}

/**
 * Drives the playground example: a call of the app's tool from the composer, and one its policy asks
 * about, allowed in the in-page prompt; the code editor switched on. Then checks the host's elements look as they do without the
 * component's stylesheet.
 */
async function drivePlayground(page: Page): Promise<void> {
  // The plain text area, so that Monaco taking its place on focus does not race the typing.
  const codeEditor = page.getByRole('button', { name: 'Code editor' });
  if ((await codeEditor.getAttribute('aria-pressed')) === 'true') await codeEditor.click();
  await pageExpect(codeEditor).toHaveAttribute('aria-pressed', 'false');
  await page.getByTestId('tool-picker').selectOption('lookup_order');
  await page.getByTestId('arguments-input').fill('{"id":"A7"}');
  await page.getByTestId('run-button').click();
  await pageExpect(page.getByTestId('channel-output').getByText('Order A7 has shipped.')).toBeVisible();

  await page.getByTestId('tool-picker').selectOption('refund_order');
  await page.getByTestId('arguments-input').fill('{"id":"A7"}');
  await page.getByTestId('run-button').click();
  const prompt = page.getByTestId('approval-prompt');
  await pageExpect(prompt).toContainText('Approve refund_order?');
  await pageExpect(prompt).toContainText("The suite's policy asks before state_write. It would run with:");
  await prompt.getByTestId('approval-allow').click();
  await pageExpect(page.getByTestId('channel-output').getByText('Order A7 was refunded.')).toBeVisible();
  await pageExpect(prompt).toHaveCount(0);

  // The packaged JSON editor (Monaco, its Workers found beside the module) loads in the app's bundle.
  await codeEditor.click();
  await page.getByTestId('arguments-input').focus();
  await pageExpect(page.getByTestId('monaco-host').locator('.monaco-editor')).toBeVisible({
    timeout: 60_000,
  });
  // Monaco's styles come with its chunk, not in playground.css: its rules apply and its icon font loads.
  const monaco = await page
    .getByTestId('monaco-host')
    .locator('.monaco-editor')
    .evaluate(async (editor) => {
      await document.fonts.load('16px codicon');
      return { position: getComputedStyle(editor).position, codicon: document.fonts.check('16px codicon') };
    });
  expect(monaco).toEqual({ position: 'relative', codicon: true });

  const withComponent = await hostStyles(page);
  await page.evaluate(() => {
    for (const sheet of document.querySelectorAll('link[rel="stylesheet"], style[data-vite-dev-id]'))
      sheet.remove();
  });
  expect(withComponent).toEqual(await hostStyles(page));
}

/** Opens the playground example (with `css` added to the host page first, if given) and drives it. */
async function runPlaygroundExample(url: string, css?: string): Promise<Record<string, string>> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  try {
    const page = await browser.newPage();
    await page.emulateMedia({ colorScheme: 'light' });
    if (css) {
      await page.addInitScript((text) => {
        document.addEventListener('DOMContentLoaded', () => {
          const style = document.createElement('style');
          style.textContent = text;
          document.head.append(style);
        });
      }, css);
    }
    // The dev server bundles the example's dependencies on the first request: slow on a busy machine.
    await page.goto(url, { timeout: 120_000 });
    await pageExpect(page.getByTestId('declaration-name')).toHaveText(['lookup_order', 'refund_order'], {
      timeout: 30_000,
    });
    const run = await page.getByTestId('run-button').evaluate((button) => {
      const style = getComputedStyle(button);
      return { background: style.backgroundColor, fontSize: style.fontSize, display: style.display };
    });
    const layout = await page.getByTestId('playground-root').evaluate((root) => ({
      background: getComputedStyle(root).backgroundColor,
      display: getComputedStyle(root).display,
    }));
    await drivePlayground(page);
    return { ...run, rootBackground: layout.background, rootDisplay: layout.display };
  } finally {
    await browser.close();
  }
}

/** A spec of Playwright's JSON report, with its nested suites. */
interface ReportSuite {
  specs: { title: string; ok: boolean; tests: { results: { error?: { message?: string } }[] }[] }[];
  suites?: ReportSuite[];
}

/** Each spec's title → `'passed'`, or the message it failed with. */
function specOutcomes(suites: readonly ReportSuite[]): Record<string, string> {
  return Object.fromEntries(
    suites.flatMap((suite): [string, string][] => [
      ...suite.specs.map((spec): [string, string] => [
        spec.title,
        spec.ok ? 'passed' : (spec.tests[0]?.results[0]?.error?.message ?? 'failed'),
      ]),
      ...Object.entries(specOutcomes(suite.suites ?? [])),
    ]),
  );
}

/** Runs `playwright test` in the example with its own @playwright/test; resolves with each spec's outcome. */
async function runPlaywrightExample(baseURL: string): Promise<Record<string, string>> {
  const dir = join(WORK, 'playwright-fixture');
  const cli = join(dir, 'node_modules/@playwright/test/cli.js');
  const env = { ...process.env, PLAYGROUND_URL: baseURL, CHROMIUM_PATH: '/usr/bin/chromium' };
  // A failing spec makes the run exit 1; its report on stdout still says which one and why.
  const { stdout } = await run(process.execPath, [cli, 'test', '--reporter=json'], {
    cwd: dir,
    env,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '{"suites":[]}' }));
  return specOutcomes(JSON.parse(stdout).suites);
}

describe('examples installed from the packed tarball', () => {
  it('node: the README quick start runs', async () => {
    const { stdout } = await run('node', ['index.js'], { cwd: join(WORK, 'node') });
    expect(JSON.parse(stdout)).toEqual({
      deferredHidden: true,
      activated: true,
      output: 'Sunny in Oslo.',
      is_error: false,
      bash: 'hello',
    });
  }, 30_000);

  it('node: a project without the DOM lib type-checks against the root, core and providers entries', async () => {
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const checked = await run(process.execPath, [tsc, '-p', join(WORK, 'node')]).then(
      () => 'no errors',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(checked).toBe('no errors');
  }, 60_000);

  it('every package.json export with declarations type-checks without the DOM lib, under NodeNext and Bundler resolution', async () => {
    const dir = await writeEveryEntryConsumer();
    try {
      const ours = dependencyClosure().add('browser-agent-tools').add('');
      // Both resolutions at once: each tsc checks every peer's declarations (skipLibCheck off).
      const results = await Promise.all(
        (['NodeNext', 'Bundler'] as const).map(async (resolution) => {
          const errors = await typeErrors(dir, resolution);
          // Declarations of the optional peers (and of what only they bring) that need the DOM lib are
          // theirs: a project importing those SDKs without it sees the same errors without this package.
          const peers = [...new Set(errors.map(packageOf).filter((name) => !ours.has(name)))];
          console.info(
            `${resolution}: peers whose own declarations need more than ES2022 + @types/node: ${peers.join(', ')}`,
          );
          return [resolution, errors.filter((line) => ours.has(packageOf(line)))];
        }),
      );
      expect(results).toEqual([
        ['NodeNext', []],
        ['Bundler', []],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);

  it('node: the package alone, without its optional peers, installs in at most 100 MB', () => {
    const modules = join(WORK, 'node/node_modules');
    for (const peer of [
      'openai',
      '@anthropic-ai/sdk',
      '@webcontainer/api',
      'gpt-tokenizer',
      '@modelcontextprotocol/sdk',
      '@playwright/test',
    ]) {
      expect(existsSync(join(modules, peer)), peer).toBe(false);
    }
    expect(treeBytes(modules)).toBeLessThanOrEqual(100 * 1024 * 1024);
  });

  it('vite-react: the Worker workspace and codemode run from the dev server', async () => {
    expectDemo(await pageResults(await startVite([], await freePort())));
  }, 90_000);

  it('vite-react: the same page runs from a production build', async () => {
    await run('npx', ['vite', 'build'], { cwd: join(WORK, 'vite-react') });
    expectDemo(await pageResults(await startVite(['preview'], await freePort())));
  }, 90_000);

  it("playground-react: <Playground> runs the app's two tools and asks its approvals in the page, from the dev server", async () => {
    const styles = await runPlaygroundExample(
      await startVite([], await freePort(), join(WORK, 'playground-react')),
    );
    expect(styles).toEqual(PLAYGROUND_LOOK);
  }, 240_000);

  it('playground-react: built, in a page with an aggressive global stylesheet, the component keeps its look and the host its own', async () => {
    await run('npx', ['vite', 'build'], { cwd: join(WORK, 'playground-react') });
    const url = await startVite(['preview'], await freePort(), join(WORK, 'playground-react'));
    expect(await runPlaygroundExample(url, AGGRESSIVE_CSS)).toEqual(PLAYGROUND_LOOK);
  }, 240_000);

  it('playwright-fixture: its spec passes in Chromium against the built playground', async () => {
    const playground = join(WORK, 'playground');
    const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
    await run(
      process.execPath,
      [vite, 'build', '--outDir', playground, '--emptyOutDir', '--logLevel=error'],
      {
        cwd: ROOT,
      },
    );
    const url = await startVite(['preview', '--outDir', playground], await freePort(), ROOT);
    expect(await runPlaywrightExample(url)).toEqual({
      'a file written by one call is read back by a raw Anthropic call': 'passed',
      'a path outside the workspace fails with its code': 'passed',
      'a deferred tool is declared once tool_search finds it': 'passed',
    });
  }, 240_000);

  it('playwright-fixture: the spec and its config type-check against the packed types', async () => {
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const checked = await run(process.execPath, [tsc, '-p', join(WORK, 'playwright-fixture')]).then(
      () => 'no errors',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(checked).toBe('no errors');
  }, 60_000);

  it('cloudflare-worker: workerd serves the custom catalog over MCP', async () => {
    const dir = join(WORK, 'cloudflare-worker');
    await run('npm', ['run', '--silent', 'build'], { cwd: dir });
    const miniflare = new Miniflare({
      modules: true,
      script: readFileSync(join(dir, 'dist/worker.js'), 'utf8'),
      compatibilityDate: '2026-04-01',
    });
    const client = new Client({ name: 'examples-test', version: '1.0.0' });
    client.onerror = () => {};
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', await miniflare.ready)));
      const before = (await client.listTools()).tools.map((tool) => tool.name);
      expect(before).toContain('bash');
      expect(before).not.toContain('lookup_order');
      await client.callTool({ name: 'tool_search', arguments: { query: 'order status' } });
      const order = await client.callTool({ name: 'lookup_order', arguments: { id: 'A7' } });
      expect(order.isError).toBeFalsy();
      expect(order.content).toEqual([{ type: 'text', text: 'Order A7 has shipped.' }]);
    } finally {
      await client.close();
      await miniflare.dispose();
    }
  }, 60_000);
});
