/**
 * A permalink's replay compares which tools each call activated, not only its result: a `tool_search`
 * whose output is the author's but whose activations are not (the author's catalog loaded another tool)
 * leaves other declarations for every later call, so the notice is red and names both lists. The same
 * link with the author's activations as this page gives them replays green.
 */
import { expect, type Page, test } from '@playwright/test';
import { type PlaygroundScenario, scenarioHash } from '../../src/playwright/index.ts';
import { collectErrors, openPlayground } from './playground.ts';

/** A link the page makes: one tool_search that activates slack_post_message, as the page records it. */
async function authorsScenario(page: Page): Promise<PlaygroundScenario> {
  await openPlayground(page);
  return (await page.evaluate(async () => {
    await window.playground.reset({ version: 1, files: {} });
    await window.playground.execute('tool_search', { query: 'post a message to a Slack channel', limit: 2 });
    return window.playground.scenario();
  })) as unknown as PlaygroundScenario;
}

/** `scenario` with its first call's recorded activations replaced by `activated`. */
function withActivated(scenario: PlaygroundScenario, activated: string[]): PlaygroundScenario {
  const [first, ...rest] = scenario.calls ?? [];
  if (!first?.recorded) throw new Error('the scenario has no recorded first call');
  return { ...scenario, calls: [{ ...first, recorded: { ...first.recorded, activated } }, ...rest] };
}

test("a link whose tool_search activates other tools than the author's says which, in red", async ({
  page,
  context,
}) => {
  const scenario = await authorsScenario(page);
  expect(scenario.calls?.map((call) => call.recorded?.activated)).toEqual([['slack_post_message']]);

  const fresh = await context.newPage();
  const errors = collectErrors(fresh);
  // The author's page loaded the other match: same output, other declarations after the call.
  const link = await scenarioHash(withActivated(scenario, ['discord_send_message', 'slack_post_message']));
  await openPlayground(fresh, `/${link}`);
  const notice = fresh.getByTestId('page-notice');
  await expect(notice).toContainText(
    "Loaded the scenario from the link: 0 files, 0 registered tools, 1 call re-run, but 1 of 1 did not give the result recorded in the link: call 1 (tool_search) activated slack_post_message, where the author's call activated discord_send_message, slack_post_message: the declarations after it differ. The history shows what each gave here.",
  );
  await expect(notice).toHaveAttribute('data-kind', 'error');
  // Beside its record: the same result and output, other activations.
  const summary = notice.getByTestId('notice-comparisons').locator('summary');
  await expect(summary).toHaveText('Recorded and now, side by side (1 call)');
  await summary.click();
  const search = notice.getByTestId('notice-comparison').filter({ hasText: 'Call 1 (tool_search)' });
  const cells = (row: string) => search.getByRole('row', { name: new RegExp(`^${row}`) }).getByRole('cell');
  await expect(cells('Result')).toHaveText(['success', 'success']);
  await expect(cells('Activated')).toHaveText([
    'discord_send_message, slack_post_message',
    'slack_post_message',
  ]);

  // A link whose author's call activated nothing names that too.
  await fresh.evaluate(
    (next) => {
      location.hash = next;
    },
    await scenarioHash(withActivated(scenario, [])),
  );
  await expect(notice).toContainText(
    "call 1 (tool_search) activated slack_post_message, where the author's call activated none: the declarations after it differ.",
  );
  await expect(notice).toHaveAttribute('data-kind', 'error');
  expect(errors).toEqual([]);
});

test("a link whose tool_search activates the same tools as the author's replays green", async ({
  page,
  context,
}) => {
  const scenario = await authorsScenario(page);
  const fresh = await context.newPage();
  const errors = collectErrors(fresh);
  await openPlayground(fresh, `/${await scenarioHash(scenario)}`);
  const notice = fresh.getByTestId('page-notice');
  await expect(notice).toHaveText(
    'Loaded the scenario from the link: 0 files, 0 registered tools, 1 call re-run: each gave the result recorded in the link.',
  );
  await expect(notice).toHaveAttribute('data-kind', 'success');
  await expect(fresh.getByTestId('activation').locator('li')).toHaveText(['+ slack_post_message']);
  expect(errors).toEqual([]);
});
