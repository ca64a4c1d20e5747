/**
 * docs/testing.md's complete spec is the example that tests/package/examples/playwright-fixture.test.ts
 * runs from the packed package against the built playground, so the page shows a spec that passes, and it
 * stays short.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractSnippets, ROOT } from './snippets.ts';

const doc = extractSnippets(readFileSync(join(ROOT, 'docs/testing.md'), 'utf8'), 'docs/testing.md');
const example = readFileSync(join(ROOT, 'examples/playwright-fixture/tests/tools.spec.ts'), 'utf8');
const text = readFileSync(join(ROOT, 'docs/testing.md'), 'utf8');
const ownPageTest = readFileSync(join(ROOT, 'tests/package/examples/playground-react.test.ts'), 'utf8');

describe('docs/testing.md', () => {
  it('shows examples/playwright-fixture/tests/tools.spec.ts verbatim as its first TypeScript block', () => {
    expect(doc[0]?.code).toBe(example.trimEnd());
  });

  it('that spec is complete in at most 30 lines', () => {
    expect(example.startsWith("import { expect, test } from 'browser-agent-tools/playwright';")).toBe(true);
    expect(example.trimEnd().split('\n').length).toBeLessThanOrEqual(30);
  });

  it('says what is tested of a <Playground> page, and that test does it', () => {
    const section = text.slice(text.indexOf('## Your own page'));
    expect(section).not.toContain('unchanged');
    expect(section).toContain('The\ncomplete spec above is run only against the built playground');
    expect(section).toContain('`tests/package/examples/playground-react.test.ts`');
    // What the section says that test does: calls in the page, found in the component's history.
    expect(ownPageTest).toContain("api.execute('lookup_order'");
    expect(ownPageTest).toContain('api.declarations()');
    expect(ownPageTest).toContain("getByTestId('history-tool')");
  });
});
