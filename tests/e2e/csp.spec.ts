/**
 * Fault row 51 (tests/faults/README.md): argument validation keeps working under a strict Content-Security-Policy (no
 * 'unsafe-eval'), so an invalid call is refused in the browser build exactly as in Node.
 */
import { expect, test } from '@playwright/test';
import type { PlaygroundHandle } from './playground.ts';

declare global {
  interface Window {
    playground: PlaygroundHandle;
  }
}

const STRICT_CSP =
  "default-src 'self'; script-src 'self'; worker-src 'self' blob:; style-src 'self' 'unsafe-inline'; img-src 'self' data:";

test('row 51: under a CSP without unsafe-eval, an invalid call is refused and a valid one runs', async ({
  page,
}) => {
  const violations: string[] = [];
  // Only the page itself carries the policy. Other requests pass untouched, so none is still being
  // fetched here when the test ends (the tokenizer chunk loads once the page is idle).
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    const type = response.headers()['content-type'] ?? '';
    const headers = type.includes('text/html')
      ? { ...response.headers(), 'content-security-policy': STRICT_CSP }
      : response.headers();
    await route.fulfill({ response, headers });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|unsafe-eval/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toBe(STRICT_CSP);
  await page.evaluate(() => window.playground.ready);
  // The policy is really in force: an inline script is refused (script-src 'self', no 'unsafe-inline',
  // and no 'unsafe-eval' either).
  await page.addScriptTag({ content: 'window.__inlineRan = true;' }).catch(() => undefined);
  expect(
    await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan === true),
  ).toBe(false);

  const invalid = await page.evaluate(() =>
    window.playground.execute('read', { path: 'README.md', offset: 'ten' }),
  );
  expect(invalid.is_error).toBe(true);
  expect(invalid.output).toBe(
    'Invalid arguments for read:\n- offset: expected integer, got string "ten".\nReceived: {"path":"README.md","offset":"ten"}\nFix the arguments and call read again.',
  );
  const coerced = await page.evaluate(() => window.playground.execute('ls', { limit: '3' }));
  expect(coerced.is_error).toBe(false);
  expect(violations.filter((text) => /eval/i.test(text))).toEqual([]);
});
