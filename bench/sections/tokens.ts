/**
 * Section 4: token economy. A 200-tool catalog (a slice of catalog A plus the built-ins), and the
 * o200k tokens (`countTokens`) of `declarations()` rendered for Anthropic and OpenAI when everything
 * is `direct`, when all but the built-ins are `deferred` behind `tool_search`, and when they are
 * `codemode` behind the `codemode` tool: with the default declaration budget, with every tool declared
 * in full (no budget) and with every tool in brief (budget 0).
 */
import {
  type CodemodeOptions,
  DEFAULT_DECLARATION_BUDGET,
  describeCodemodeTool,
  enableCodemode,
} from '../../src/codemode/index.ts';
import { createToolSuite, type ToolSpec } from '../../src/index.ts';
import { countTokens } from '../../src/providers/index.ts';
import { type Provider, toProviderTools } from '../../src/providers/provider-tools.ts';
import { DEFAULT_ACTIVATION_RATIO, DEFAULT_MAX_ACTIVATIONS } from '../../src/search/index.ts';
import { BUILTIN_TOOL_NAMES } from '../../src/tools/index.ts';
import { loadCatalogA } from '../catalogs/catalog-a.ts';
import { loadCatalogC } from '../catalogs/catalog-c.ts';
import { loadCatalogD } from '../catalogs/catalog-d.ts';
import { measureActivation } from '../lib/activation.ts';
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

/** The declarations with the slice behind the `codemode` tool, and the tools a script may call. */
function codemodeSuite(slice: readonly ToolSpec[], options: Omit<CodemodeOptions, 'runner'>) {
  const suite = createToolSuite({ builtins: [...BUILTIN_TOOL_NAMES] });
  for (const spec of slice) suite.register(spec, 'codemode');
  // No script runs here: a runner that is never called keeps QuickJS unloaded.
  const handle = enableCodemode(suite, {
    ...options,
    runner: { kind: 'in-process', run: () => Promise.reject(new Error('not used')) },
  });
  return { specs: suite.declarations(), tools: handle.tools() };
}

/** The activation table: tokens added per search against the recall its activations keep. */
async function activationReport(): Promise<{ markdown: string; met: boolean }> {
  const catalogs = [await loadCatalogC(), await loadCatalogD()];
  const queries = catalogs.reduce((sum, catalog) => sum + catalog.queries.length, 0);
  const rows: string[][] = [];
  let defaultRecall = 0;
  let everyMatchTokens = 0;
  let defaultTokens = 0;
  const configurations = [
    { label: 'every match (limit 5, the behaviour before)', maxActivations: 5, activationRatio: 0 },
    ...[1, 3, 5].flatMap((maxActivations) => [
      { label: `at most ${maxActivations}, no score threshold`, maxActivations, activationRatio: 0 },
      {
        label: `at most ${maxActivations}, within ${DEFAULT_ACTIVATION_RATIO} of the best score`,
        maxActivations,
        activationRatio: DEFAULT_ACTIVATION_RATIO,
      },
    ]),
  ];
  for (const configuration of configurations) {
    const figures = await measureActivation(catalogs, { ...configuration, limit: 5 });
    const isDefault =
      configuration.maxActivations === DEFAULT_MAX_ACTIVATIONS &&
      configuration.activationRatio === DEFAULT_ACTIVATION_RATIO;
    if (isDefault) {
      defaultRecall = figures.recall;
      defaultTokens = figures.declarationTokens;
    }
    if (configuration === configurations[0]) everyMatchTokens = figures.declarationTokens;
    rows.push([
      `${configuration.label}${isDefault ? ' (default)' : ''}`,
      figures.tools.toFixed(2),
      figures.declarationTokens.toFixed(0),
      figures.outputTokens.toFixed(0),
      percent(figures.recall),
    ]);
  }
  const met = defaultTokens < everyMatchTokens;
  const markdown = [
    `What one tool_search activates, on the development catalogs C and D (${queries} queries, each searched once in a fresh session with limit 5, all tools deferred). "Declaration tokens" are what the activated tools add to every later request (Anthropic rendering, o200k); "recall kept" is the share of queries whose expected tool was activated (the rest of the five matches is listed by name in the output, so the model can still load it with a second search).`,
    '',
    table(
      [
        'activation',
        'tools activated (mean)',
        'declaration tokens added (mean)',
        'output tokens (mean)',
        'recall kept',
      ],
      rows,
    ),
    '',
    `- the default activates fewer declaration tokens than activating every match (${defaultTokens.toFixed(0)} vs ${everyMatchTokens.toFixed(0)} per search; recall kept ${percent(defaultRecall)}): ${verdict(met)}`,
  ].join('\n');
  return { markdown, met };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
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
  const codemodeLabel = `${slice.length} codemode + built-ins direct + \`codemode\``;
  const budgeted = codemodeSuite(slice, {});
  const inFull = codemodeSuite(slice, { declarationBudget: Number.POSITIVE_INFINITY });
  const inBrief = codemodeSuite(slice, { declarationBudget: 0 });
  const fullCount = budgeted.tools.filter((tool) => !tool.brief).length;
  rows.push(
    {
      label: `${codemodeLabel}, default budget (${DEFAULT_DECLARATION_BUDGET}): ${fullCount} of ${budgeted.tools.length} in full, the rest in brief`,
      specs: budgeted.specs,
    },
    { label: `${codemodeLabel}, no budget: all ${inFull.tools.length} in full`, specs: inFull.specs },
    { label: `${codemodeLabel}, budget 0: all ${inBrief.tools.length} in brief`, specs: inBrief.specs },
  );
  const codemodeRowIndex = rows.length - 3;

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
  const codemodeCounts = counts[codemodeRowIndex] ?? [];
  const codemodeSavings = RENDERINGS.map((_, i) => 1 - (codemodeCounts[i] ?? 0) / (base[i] ?? 1));
  const described = budgeted.tools
    .filter((tool) => tool.brief)
    .map((tool) => countTokens(describeCodemodeTool(tool)));

  const activation = await activationReport();
  const markdown = [
    `${CATALOG_SIZE} tools: the first ${slice.length} operations of catalog A plus the ${BUILTIN_TOOL_NAMES.length} built-ins (${BUILTIN_TOOL_NAMES.join(', ')}). Tokens: \`countTokens\` (o200k) of the \`toProviderTools(declarations(), provider)\` JSON; in parentheses, the saving against all-direct.`,
    '',
    table(['declarations', 'tools declared', ...RENDERINGS.map((r) => `${r.label} tokens`)], body),
    '',
    `The tool_search call itself returned ${countTokens(search.output)} tokens of output (${activated.length} tools, names and first description lines).`,
    '',
    `Codemode: the default budget (${DEFAULT_DECLARATION_BUDGET} tokens, estimated at 4 characters per token) declares the built-ins and the first catalog tools in full (summary paragraph, first sentence of each top-level argument) and the other ${described.length} in brief, one line each (required arguments, first sentence). A script reads any tool's full declaration with \`tools.$describe(name)\`: for the tools in brief that is ${median(described)} tokens (median), at most ${Math.max(0, ...described)}, paid only when the model asks.`,
    '',
    'Targets:',
    '',
    `- deferred ≥ 90 % fewer tokens than all-direct (${RENDERINGS.map((r, i) => `${r.label} −${percent(savings[i] ?? 0)}`).join(', ')}): ${verdict(met)}`,
    `- codemode with the default budget: ${RENDERINGS.map((r, i) => `${r.label} −${percent(codemodeSavings[i] ?? 0)}`).join(', ')} against all-direct. No target is set for codemode (reported, not judged); the proposal that introduced the budget estimated about −80 %.`,
    '',
    '### What a search activates',
    '',
    activation.markdown,
  ].join('\n');
  return { title: '4. Token economy', markdown, targetsMet: met && activation.met };
}
