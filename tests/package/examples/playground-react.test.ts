/**
 * examples/playground-react installed from the packed tarball: `<Playground>` mounted over an app's
 * own suite, in dev and built, the build in a page whose global stylesheet tries to restyle everything.
 */
import { chromium, type Page, expect as pageExpect } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import type { PlaygroundApi } from '../../../src/playground/index.ts';
import { findChromium } from '../../e2e/chromium.ts';
import { installedExample, run, startVite } from './support.ts';

const example = installedExample('playground-react');

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

  // window.playground (exposePlayground) drives the component's own session: its call is in the history.
  const viaApi = await page.evaluate(async () => {
    const api = (window as unknown as { playground: PlaygroundApi }).playground;
    await api.ready;
    const result = await api.execute('lookup_order', { id: 'B9' });
    const names = ((await api.declarations()) as { name: string }[]).map((spec) => spec.name);
    return { output: result.output, is_error: result.is_error, names };
  });
  expect(viaApi).toEqual({
    output: 'Order B9 has shipped.',
    is_error: false,
    names: ['lookup_order', 'refund_order'],
  });
  await pageExpect(page.getByTestId('history-tool')).toHaveText([
    'lookup_order',
    'refund_order',
    'lookup_order',
  ]);
  await pageExpect(page.getByTestId('channel-output').getByText('Order B9 has shipped.')).toBeVisible();

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
  const browser = await chromium.launch({ executablePath: findChromium() });
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

describe('examples/playground-react installed from the packed tarball', () => {
  it("playground-react: <Playground> runs the app's two tools and asks its approvals in the page, from the dev server", async () => {
    const styles = await runPlaygroundExample(await startVite(example, []));
    expect(styles).toEqual(PLAYGROUND_LOOK);
  }, 240_000);

  it('playground-react: built, in a page with an aggressive global stylesheet, the component keeps its look and the host its own', async () => {
    await run('npx', ['vite', 'build'], { cwd: example.dir() });
    const url = await startVite(example, ['preview']);
    expect(await runPlaygroundExample(url, AGGRESSIVE_CSS)).toEqual(PLAYGROUND_LOOK);
  }, 240_000);
});
