/**
 * Embeds for documentation: `?embed=1` opens on the scenario's result and declarations (nothing to
 * scroll past), `panels=` picks the panels, the page reports its height so the iframe fits, and the
 * Share panel copies the embed code. public/embed-example.html embeds two scenarios the way the docs do.
 */
import { expect, type PlaygroundScenario, test } from '../../src/playwright/index.ts';
import { collectErrors } from './playground.ts';

const SEARCH: PlaygroundScenario = {
  version: 1,
  calls: [{ name: 'tool_search', arguments: { query: 'create a github issue' } }],
};

test('?embed=1 opens on the result and the declarations, above the fold', async ({ page, playground }) => {
  await page.setViewportSize({ width: 900, height: 600 });
  await playground.goto({ embed: true, scenario: SEARCH });
  const output = page.getByTestId('channel-output');
  await expect(output).toContainText('github_create_issue');
  expect((await output.boundingBox())?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(600);
  await expect(page.getByTestId('declarations')).toBeVisible();
  await expect(page.getByTestId('backend-status')).toHaveCount(0);
  await expect(page.getByTestId('composer')).toHaveCount(0);
  const open = page.getByTestId('open-in-playground');
  const { origin, hash } = new URL(page.url());
  expect(hash).toMatch(/^#scenario=[A-Za-z0-9_-]+$/);
  await expect(open).toHaveAttribute('href', `${origin}/${hash}`);
});

test('panels= picks the panels and names the ones it does not know', async ({ page, playground }) => {
  await playground.goto({ embed: ['declarations', 'nonsense'], scenario: SEARCH });
  await expect(page.getByTestId('declarations')).toBeVisible();
  await expect(page.getByTestId('channel-output')).toHaveCount(0);
  await expect(page.getByTestId('embed-unknown-panels')).toHaveText('Unknown panels in the link: nonsense.');
});

test('"Copy embed code" gives an iframe of the scenario and the script that sizes it', async ({
  page,
  playground,
}) => {
  await playground.goto();
  expect(await playground.execute('ls', {})).toSucceed();
  await page.getByTestId('copy-embed-code').click();
  const code = await page.getByTestId('embed-code').inputValue();
  expect(code).toMatch(
    /^<iframe src="http:\/\/localhost:\d+\/\?embed=1&amp;theme=light&amp;maxHeight=800#scenario=[A-Za-z0-9_-]+" title=/,
  );
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

test("theme= fixes the frame's theme, maxHeight= bounds it with a scroll inside, and it has a level-one heading", async ({
  page,
  playground,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await playground.goto({ path: '/?theme=dark&maxHeight=300', embed: true, scenario: SEARCH });
  await expect(page.getByTestId('channel-output')).toContainText('github_create_issue');
  await expect(page.getByTestId('playground-root')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('browser-agent-tools playground');
  const frame = page.getByTestId('embed-frame');
  expect((await frame.boundingBox())?.height).toBe(300);
  expect(await frame.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);

  await playground.goto({ path: '/?height=250&theme=purple', embed: true, scenario: SEARCH });
  expect((await page.getByTestId('embed-frame').boundingBox())?.height).toBe(250);
  await expect(page.getByTestId('embed-invalid-options')).toHaveText(
    'Not used from the link: theme=purple (light, dark or system).',
  );
});

/** The playground root's background, as drawn: the light or the dark theme's. */
const LIGHT_BG = 'rgb(245, 246, 248)';
const DARK_BG = 'rgb(21, 22, 26)';

test('theme=light stays light under a dark system, and theme=system follows the system as it changes', async ({
  page,
  playground,
}) => {
  const root = page.getByTestId('playground-root');
  const background = () => root.evaluate((element) => getComputedStyle(element).backgroundColor);
  await page.emulateMedia({ colorScheme: 'dark' });
  await playground.goto({ path: '/?theme=light', embed: true, scenario: SEARCH });
  await expect(page.getByTestId('channel-output')).toContainText('github_create_issue');
  await expect(root).toHaveAttribute('data-theme', 'light');
  expect(await background()).toBe(LIGHT_BG);
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');

  // A visitor who picked light with the toggle: theme=system follows the system all the same.
  await page.evaluate(() => localStorage.setItem('browser-agent-tools-playground-theme', 'light'));
  await playground.goto({ path: '/?theme=system', embed: true, scenario: SEARCH });
  await expect(page.getByTestId('channel-output')).toContainText('github_create_issue');
  await expect(root).not.toHaveAttribute('data-theme');
  expect(await background()).toBe(DARK_BG);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(background).toBe(LIGHT_BG);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(background).toBe(DARK_BG);
  await expect(page.getByTestId('embed-invalid-options')).toHaveCount(0);
});

test('without a height in the link, an embed stops growing at 800 px and scrolls inside', async ({
  page,
  playground,
}) => {
  await page.setViewportSize({ width: 1000, height: 2400 });
  await playground.goto({ embed: ['results', 'declarations', 'catalog', 'history'], scenario: SEARCH });
  await expect(page.getByTestId('channel-output')).toContainText('github_create_issue');
  expect((await page.getByTestId('embed-frame').boundingBox())?.height).toBe(800);
});
