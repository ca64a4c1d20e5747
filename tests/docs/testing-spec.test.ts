/**
 * docs/testing.md's complete spec is the example that tests/package/examples/playwright-fixture.test.ts
 * runs from the packed package against the built playground, so the page shows a spec that passes, and it
 * stays short. Its page of one's own with <Playground> and the spec against it are the ones
 * tests/e2e/playground-component.spec.ts runs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractSnippets, ROOT } from './snippets.ts';

const doc = extractSnippets(readFileSync(join(ROOT, 'docs/testing.md'), 'utf8'), 'docs/testing.md');
const example = readFileSync(join(ROOT, 'examples/playwright-fixture/tests/tools.spec.ts'), 'utf8');
const text = readFileSync(join(ROOT, 'docs/testing.md'), 'utf8');
const ownPageTest = readFileSync(join(ROOT, 'tests/package/examples/playground-react.test.ts'), 'utf8');
const ownPage = readFileSync(join(ROOT, 'tests/e2e/fixtures/playground-component-page.ts'), 'utf8');
const ownPageSpec = readFileSync(join(ROOT, 'tests/e2e/playground-component.spec.ts'), 'utf8');
/** The spec's own import: its test builds and serves the page and sets baseURL to it. */
const ownPageImport = "import { expect, test } from './playground-component.ts';";

describe('docs/testing.md', () => {
  it('shows examples/playwright-fixture/tests/tools.spec.ts verbatim as its first TypeScript block', () => {
    expect(doc[0]?.code).toBe(example.trimEnd());
  });

  it('that spec is complete in at most 30 lines', () => {
    expect(example.startsWith("import { expect, test } from 'browser-agent-tools/playwright';")).toBe(true);
    expect(example.trimEnd().split('\n').length).toBeLessThanOrEqual(30);
  });

  it('shows the <Playground> page of tests/e2e and its spec in full, and says what differs', () => {
    const section = text.slice(text.indexOf('## Your own page'));
    const sectionLine = text.split('\n').indexOf('## Your own page') + 1;
    const blocks = doc.filter((snippet) => snippet.fenceLine > sectionLine);
    expect(blocks.map((snippet) => snippet.code)).toEqual([
      ownPage.trimEnd(),
      ownPageSpec
        .trimEnd()
        .replace(ownPageImport, "import { expect, test } from 'browser-agent-tools/playwright';"),
    ]);
    // The one line the docs do not show as it is: where the spec takes test and expect from.
    expect(ownPageSpec.split('\n').filter((line) => line.startsWith('import '))).toEqual([ownPageImport]);
    expect(section).toContain('`tests/e2e/playground-component.spec.ts`');
    expect(section).toContain('One\nline differs');
    // What the section says the example's test does: calls in the page, found in the component's history.
    expect(section).toContain('`tests/package/examples/playground-react.test.ts`');
    expect(ownPageTest).toContain("api.execute('lookup_order'");
    expect(ownPageTest).toContain("getByTestId('history-tool')");
  });
});
