/**
 * Section 4: token economy. A 200-tool catalog (a slice of catalog A plus the built-ins), and the
 * o200k tokens (`countTokens`) of `declarations()` rendered for Anthropic and OpenAI when everything
 * is `direct`, when all but the built-ins are `deferred` behind `tool_search`, and when they are
 * `codemode` behind the `codemode` tool (once codemode exists).
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { createToolSuite, type ToolSpec, type ToolSuite } from '../../src/index.ts';
import { countTokens } from '../../src/providers/index.ts';
import { type Provider, toProviderTools } from '../../src/providers/provider-tools.ts';
import { BUILTIN_TOOL_NAMES } from '../../src/tools/index.ts';
import type { Workspace } from '../../src/workspace/workspace.ts';
import { loadCatalogA } from '../catalogs/catalog-a.ts';
import { percent, table, verdict } from '../lib/stats.ts';
import type { BenchContext, SectionResult } from './types.ts';

const CATALOG_SIZE = 200;
const RENDERINGS: readonly { provider: Provider; label: string }[] = [
  { provider: 'anthropic', label: 'Anthropic' },
  { provider: 'openai-chat', label: 'OpenAI chat' },
  { provider: 'openai-responses', label: 'OpenAI responses' },
];
/** A typical first search of an agent on a GitHub catalog, to show what activation adds back. */
const SAMPLE_QUERY = 'create a pull request';

function tokensOf(specs: readonly ToolSpec[], provider: Provider): number {
  return countTokens(toProviderTools(specs, provider));
}

interface Row {
  label: string;
  specs: ToolSpec[];
}

/** The codemode tool's declarations, when `src/codemode/` exports `enableCodemode`; otherwise why not. */
async function codemodeRow(slice: readonly ToolSpec[]): Promise<Row | string> {
  const entry = new URL('../../src/codemode/index.ts', import.meta.url);
  if (!existsSync(entry)) return 'pending: codemode not built yet (`src/codemode/` does not exist).';
  const module = (await import(pathToFileURL(entry.pathname).href)) as Record<string, unknown>;
  const enable = module.enableCodemode;
  if (typeof enable !== 'function')
    return 'pending: codemode not built yet (`enableCodemode` is not exported).';
  const suite = createToolSuite({ builtins: [...BUILTIN_TOOL_NAMES] });
  for (const spec of slice) suite.register(spec, 'codemode');
  try {
    await (enable as (suite: ToolSuite<Workspace>) => unknown)(suite);
  } catch (error) {
    return `pending: \`enableCodemode(suite)\` failed here (${error instanceof Error ? error.message : String(error)}).`;
  }
  return { label: `${slice.length} codemode + built-ins direct + \`codemode\``, specs: suite.declarations() };
}

export async function runTokens(_context: BenchContext): Promise<SectionResult> {
  const catalog = loadCatalogA();
  const slice = catalog.tools.slice(0, CATALOG_SIZE - BUILTIN_TOOL_NAMES.length);

  const direct = createToolSuite({ builtins: [...BUILTIN_TOOL_NAMES] });
  for (const spec of slice) direct.register(spec, 'direct');

  const deferred = createToolSuite();
  for (const spec of slice) deferred.register(spec, 'deferred');
  const session = deferred.createSession();
  const search = await deferred.execute('tool_search', { query: SAMPLE_QUERY }, { session });
  const activated = session.activeTools();

  const rows: Row[] = [
    { label: `all ${direct.list().length} direct`, specs: direct.declarations() },
    {
      label: `${slice.length} deferred + built-ins direct + \`tool_search\``,
      specs: deferred.declarations(),
    },
    {
      label: `the same after one tool_search ("${SAMPLE_QUERY}") activated ${activated.length}`,
      specs: deferred.declarations(session),
    },
  ];
  const codemode = await codemodeRow(slice);
  if (typeof codemode !== 'string') rows.push(codemode);

  const counts = rows.map((row) => RENDERINGS.map(({ provider }) => tokensOf(row.specs, provider)));
  const base = counts[0] ?? [];
  const deferredCounts = counts[1] ?? [];
  const savings = RENDERINGS.map((_, i) => 1 - (deferredCounts[i] ?? 0) / (base[i] ?? 1));
  const met = savings.every((saving) => saving >= 0.9);

  const body = rows.map((row, r) => [
    row.label,
    String(row.specs.length),
    ...RENDERINGS.map((_, i) => {
      const value = counts[r]?.[i] ?? 0;
      return r === 0 ? String(value) : `${value} (−${percent(1 - value / (base[i] ?? 1))})`;
    }),
  ]);
  if (typeof codemode === 'string') {
    body.push([
      `${slice.length} codemode + built-ins direct + \`codemode\``,
      '—',
      ...RENDERINGS.map(() => codemode),
    ]);
  }

  const markdown = [
    `${CATALOG_SIZE} tools: the first ${slice.length} operations of catalog A plus the ${BUILTIN_TOOL_NAMES.length} built-ins (${BUILTIN_TOOL_NAMES.join(', ')}). Tokens: \`countTokens\` (o200k) of the \`toProviderTools(declarations(), provider)\` JSON; in parentheses, the saving against all-direct.`,
    '',
    table(['declarations', 'tools declared', ...RENDERINGS.map((r) => `${r.label} tokens`)], body),
    '',
    `The tool_search call itself returned ${countTokens(search.output)} tokens of output (${activated.length} tools, names and first description lines).`,
    '',
    'Targets:',
    '',
    `- deferred ≥ 90 % fewer tokens than all-direct (${RENDERINGS.map((r, i) => `${r.label} −${percent(savings[i] ?? 0)}`).join(', ')}): ${verdict(met)}`,
  ].join('\n');
  return { title: '4. Token economy', markdown, targetsMet: met };
}
