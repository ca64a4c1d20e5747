/**
 * Embeds for documentation: `?embed=1` opens on the scenario's result and declarations (nothing to
 * scroll past), `panels=` picks the panels, the page reports its height so the iframe fits, and the
 * Share panel copies the embed code. public/embed-example.html embeds two scenarios the way the docs do.
 */
import { deflateRawSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { collectErrors, openPlayground } from './playground.ts';

const SEARCH = {
  version: 1,
  calls: [{ name: 'tool_search', arguments: { query: 'create a github issue' } }],
};

const hashOf = (scenario: object): string =>
  `#scenario=${deflateRawSync(Buffer.from(JSON.stringify(scenario))).toString('base64url')}`;

test('?embed=1 opens on the result and the declarations, above the fold', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 600 });
  await page.goto(`/?embed=1${hashOf(SEARCH)}`);
  await page.evaluate(() => window.playground.ready);
  const output = page.getByTestId('channel-output');
  await expect(output).toContainText('github_create_issue');
  expect((await output.boundingBox())?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(600);
  await expect(page.getByTestId('declarations')).toBeVisible();
  await expect(page.getByTestId('backend-status')).toHaveCount(0);
  await expect(page.getByTestId('composer')).toHaveCount(0);
  const open = page.getByTestId('open-in-playground');
  await expect(open).toHaveAttribute('href', new RegExp(`/${hashOf(SEARCH).replace(/[-]/g, '\\-')}$`));
});

test('panels= picks the panels and names the ones it does not know', async ({ page }) => {
  await page.goto(`/?embed=1&panels=declarations,nonsense${hashOf(SEARCH)}`);
  await page.evaluate(() => window.playground.ready);
  await expect(page.getByTestId('declarations')).toBeVisible();
  await expect(page.getByTestId('channel-output')).toHaveCount(0);
  await expect(page.getByTestId('embed-unknown-panels')).toHaveText('Unknown panels in the link: nonsense.');
});

test('"Copy embed code" gives an iframe of the scenario and the script that sizes it', async ({ page }) => {
  await openPlayground(page);
  await page.evaluate(() => window.playground.execute('ls', {}));
  await page.getByTestId('copy-embed-code').click();
  const code = await page.getByTestId('embed-code').inputValue();
  expect(code).toMatch(/^<iframe src="http:\/\/localhost:\d+\/\?embed=1#scenario=[A-Za-z0-9_-]+" title=/);
  expect(code).toContain('event.data?.type !== "browser-agent-tools:embed-height"');
  await expect(page.getByTestId('share').getByRole('status')).toContainText(/Embed code (copied|ready)/);
});

test('the docs example embeds two scenarios, each frame sized to the height it reports', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = collectErrors(page);
  await page.goto('/embed-example.html');
  const search = page.frameLocator('#search');
  const edit = page.frameLocator('#edit');
  await expect(search.getByTestId('channel-output')).toContainText('github_create_issue', {
    timeout: 30_000,
  });
  await expect(search.getByTestId('declarations')).toBeVisible();
  await expect(edit.getByTestId('channel-output')).toContainText('greet.ts', { timeout: 30_000 });
  await expect(edit.getByTestId('declarations')).toHaveCount(0);
  for (const id of ['search', 'edit']) {
    // The frame grows from its initial 320 px to its content, so it scrolls nothing.
    await expect
      .poll(async () =>
        page.locator(`#${id}`).evaluate((frame: HTMLIFrameElement) => {
          const inner = frame.contentDocument?.documentElement;
          return inner ? inner.scrollHeight - inner.clientHeight : -1;
        }),
      )
      .toBeLessThanOrEqual(1);
    expect(await page.locator(`#${id}`).evaluate((frame) => frame.style.height)).toMatch(/^\d+px$/);
  }
  expect(errors).toEqual([]);
});
