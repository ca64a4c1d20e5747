/**
 * The Connect MCP server panel against this project's edge worker (`dist/edge/worker.js`, built by
 * `npm run build`), served locally in workerd through Miniflare: one instance without a token (it
 * allows localhost pages, with CORS headers) and one that wants a bearer token. Connects, finds a
 * remote tool with tool_search, activates and runs it, and shows each failure in words.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { Miniflare } from 'miniflare';
import {
  axeViolations,
  collectErrors,
  openPlayground,
  outputText,
  runInComposer,
  usePlainEditor,
} from './playground.ts';

const WORKER = resolve(import.meta.dirname, '../../dist/edge/worker.js');
const TOKEN = 'e2e-edge-token';

let open: Miniflare;
let guarded: Miniflare;
let openUrl: string;
let guardedUrl: string;

test.beforeAll(async () => {
  const script = await readFile(WORKER, 'utf8');
  const options = { modules: true, script, compatibilityDate: '2026-04-01' } as const;
  open = new Miniflare(options);
  guarded = new Miniflare({ ...options, bindings: { MCP_TOKEN: TOKEN } });
  openUrl = new URL('/mcp', await open.ready).href;
  guardedUrl = new URL('/mcp', await guarded.ready).href;
});

test.afterAll(async () => {
  await Promise.all([open?.dispose(), guarded?.dispose()]);
});

test('connects the edge worker: tool_search finds a remote tool, which runs there, and Unmount removes it', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await openPlayground(page);
  const panel = page.getByTestId('mcp-connect');
  await panel.getByTestId('mcp-url').fill(openUrl);
  await panel.getByTestId('mcp-prefix').fill('edge_');
  await panel.getByTestId('mcp-connect-button').click();
  const server = panel.getByTestId('mcp-server');
  await expect(server).toContainText('browser-agent-tools');
  await expect(server.getByTestId('mcp-tool-count')).toHaveText('8 tools, deferred');
  await expect(page.getByTestId('catalog')).toContainText('edge_bash');

  await usePlainEditor(page);
  await runInComposer(page, 'tool_search', { query: 'edge_bash shell command' });
  await expect(page.getByTestId('channel-control')).toContainText('edge_bash');
  await runInComposer(page, 'edge_bash', { command: 'echo ran-on-the-edge > note.txt && cat note.txt' });
  await expect(outputText(page)).toContainText('ran-on-the-edge');
  // The file is in the worker's workspace, not the page's.
  const files = await page.evaluate(() => window.playground.files());
  expect(Object.keys(files)).not.toContain('note.txt');

  await server.getByRole('button', { name: 'Unmount' }).click();
  await expect(server).toHaveCount(0);
  await expect(page.getByTestId('catalog')).not.toContainText('edge_bash');
  // The SDK asks for a GET stream after connecting; the worker opens none and answers 405, which the
  // SDK expects and the browser logs as a failed resource.
  expect(errors.filter((error) => !error.includes('status of 405 (Method Not Allowed)'))).toEqual([]);
});

test('says what a 401 wants, then connects with the Authorization header; window.playground.connectMcp does the same', async ({
  page,
}) => {
  await openPlayground(page);
  const panel = page.getByTestId('mcp-connect');
  await panel.getByTestId('mcp-url').fill(guardedUrl);
  await panel.getByTestId('mcp-prefix').fill('edge_');
  await panel.getByTestId('mcp-connect-button').click();
  await expect(panel.getByTestId('mcp-error')).toHaveText(
    `The server at ${guardedUrl} answered 401 Unauthorized: it wants credentials. Add a header such as "Authorization: Bearer <token>" and connect again.`,
  );
  await panel.getByTestId('mcp-headers').fill(`Authorization: Bearer ${TOKEN}`);
  await panel.getByTestId('mcp-connect-button').click();
  await expect(panel.getByTestId('mcp-tool-count')).toHaveText('8 tools, deferred');
  await expect(panel.getByTestId('mcp-error')).toHaveCount(0);

  const second = await page.evaluate(
    ([url, token]) =>
      window.playground.connectMcp(url as string, {
        headers: { Authorization: `Bearer ${token}` },
        prefix: 'again_',
      }),
    [guardedUrl, TOKEN],
  );
  expect(second.tools).toContain('again_bash');
  await expect(panel.getByTestId('mcp-server')).toHaveCount(2);
  // The panel with its servers, and below with an error, passes axe (WCAG 2.2 AA and best practice).
  expect(await axeViolations(page, '[data-testid="mcp-connect"]')).toEqual([]);
  await page.evaluate((id) => window.playground.disconnectMcp(id), second.id);
  await expect(panel.getByTestId('mcp-server')).toHaveCount(1);
});

test('an unreachable server (or one without CORS) is explained with what to check', async ({ page }) => {
  await openPlayground(page);
  const origin = new URL(page.url()).origin;
  const message = await page.evaluate(() =>
    window.playground.connectMcp('http://localhost:9/mcp').then(
      () => 'connected',
      (error: Error) => error.message,
    ),
  );
  const expected = `The server at http://localhost:9/mcp could not be reached, or it did not allow requests from ${origin} (CORS); the browser does not say which. Check that it runs and that the URL is right, and that it answers ${origin} with Access-Control-Allow-Origin (this project's edge worker does for localhost pages, and for the origins in MCP_ALLOWED_ORIGINS).`;
  expect(message).toBe(expected);
  await expect(page.getByTestId('mcp-error')).toHaveText(expected);
  expect(await axeViolations(page, '[data-testid="mcp-connect"]')).toEqual([]);
});
