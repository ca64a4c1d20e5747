/**
 * Shared helpers of the playground's e2e specs: open the page and wait for `window.playground.ready`,
 * collect console errors, record every request that leaves localhost, drive the composer, run axe.
 * A plain module (not a spec).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** What the specs use of `window.playground`: every method returns plain JSON. */
export interface PlaygroundHandle {
  ready: Promise<void>;
  execute(
    name: string,
    args?: unknown,
    options?: { caller?: 'model' | 'codemode'; timeoutMs?: number },
  ): Promise<Result>;
  executeCall(raw: unknown, options?: { caller?: 'model' | 'codemode' }): Promise<Result>;
  declarations(provider?: string): Promise<unknown>;
  register(spec: object, mode: string): Promise<{ name: string; parameters: object; description: string }>;
  setMode(name: string, mode: string): Promise<{ name: string; mode: string }>;
  files(): Promise<Record<string, string | { base64: string }>>;
  writeFiles(files: Record<string, string | { base64: string }>): Promise<void>;
  reset(scenario?: unknown): Promise<Result[]>;
  backend(): Promise<{
    kind: string | null;
    worker: boolean;
    phase: string;
    message: string;
    fallbackReason: string | null;
  }>;
  scenario(): Promise<Record<string, unknown>>;
  connectMcp(
    url: string,
    options?: { headers?: Record<string, string>; prefix?: string },
  ): Promise<{ id: number; url: string; server: string; tools: string[]; skipped: unknown[] }>;
  disconnectMcp(id: number): Promise<void>;
}

/** A tool result as the page returns it. */
interface Result {
  output: string;
  structured_output: Record<string, unknown>;
  details: Record<string, unknown> & { duration_ms: number };
  control?: Record<string, unknown>;
  is_error: boolean;
}

declare global {
  interface Window {
    playground: PlaygroundHandle;
  }
}

/** Collects console errors and uncaught page errors from the moment it is called. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/** A URL on this machine: the preview server, or a Blob URL it created. */
export const LOCAL_URL = /^(blob:)?http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\//;

/** Records every request whose URL is not on this machine. */
export function outsideRequests(page: Page): string[] {
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!LOCAL_URL.test(request.url())) outside.push(request.url());
  });
  return outside;
}

/** The tokenizer's chunk, named after src/providers/tokens.ts. */
const TOKENIZER_CHUNK = /\/tokens-[\w-]+\.js$/;

/** Options of {@link openPlayground}. */
export interface OpenOptions {
  /** Serve the tokenizer, for a spec that reads an exact token count. Default: never served. */
  exactTokens?: boolean;
}

/**
 * Opens the playground (optionally at `path`) and waits until it can run calls. Unless `exactTokens`,
 * the tokenizer's chunk is never served: loading it costs a page about 0.7 s of CPU, a quarter of its
 * start, which a spec that reads no exact count need not pay on two shared cores. The page then shows
 * its estimate ("≈"), as it does until the chunk arrives; the specs that read counts ask for it.
 */
export async function openPlayground(page: Page, path = '/', options: OpenOptions = {}): Promise<void> {
  // A handler that answers nothing leaves the request pending, as a slow network would.
  if (!options.exactTokens) await page.route(TOKENIZER_CHUNK, () => undefined);
  await page.goto(path);
  await page.evaluate(() => window.playground.ready);
  await expect(page.getByTestId('backend-status')).toHaveAttribute('data-phase', 'ready');
}

/** Keeps the composer on its plain text area (Monaco would replace it on focus). */
export async function usePlainEditor(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Code editor' });
  if ((await toggle.getAttribute('aria-pressed')) === 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
}

/** Runs `tool` with `args` through the composer (plain editor) and waits for its history entry. */
export async function runInComposer(page: Page, tool: string, args: unknown): Promise<void> {
  const entries = page.getByTestId('history-entry');
  const before = await entries.count();
  await page.getByTestId('tool-picker').selectOption(tool);
  await page
    .getByTestId('arguments-input')
    .fill(typeof args === 'string' ? args : JSON.stringify(args, null, 2));
  await page.getByTestId('run-button').click();
  await expect(entries).toHaveCount(before + 1);
}

/** Three calls whose results put a diff, a search and an error on screen, for the axe scans. */
export async function runDiffSearchAndError(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await window.playground.execute('edit', {
      path: 'src/cart.ts',
      oldText: 'let sum = 0;',
      newText: 'let sum = 0; // euros',
    });
    await window.playground.execute('tool_search', { query: 'send an email' });
    await window.playground.execute('nope', {});
  });
}

/** The text of the main output channel (without the size line). */
export function outputText(page: Page) {
  return page.getByTestId('channel-output').getByRole('region', { name: 'Output text' });
}

/** The axe rules the playground is held to: WCAG 2.0, 2.1 and 2.2 at levels A and AA, and best practice. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Every axe violation on the page, or inside `selector`, whatever its impact: a line each, its rule,
 * how many elements and the first four of them, for the failure message.
 */
export async function axeViolations(page: Page, selector?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  const results = await (selector ? builder.include(selector) : builder).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} ×${violation.nodes.length}: ${violation.nodes
        .map((node) => node.target.join(' '))
        .slice(0, 4)
        .join(', ')}`,
  );
}

/**
 * Holds the tokenizer's chunk back until the returned function is called, so a spec reads the estimate
 * the page shows before the exact count for certain, not an exact count that arrived early.
 */
export async function holdTokenizer(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(TOKENIZER_CHUNK, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
