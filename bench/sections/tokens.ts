/**
 * Section 4: token economy. A 200-tool catalog (a slice of catalog A plus the built-ins), and the
 * o200k tokens (`countTokens`) of `declarations()` rendered for Anthropic and OpenAI when everything
 * is `direct`, when all but the built-ins are `deferred` behind `tool_search`, and when they are
 * `codemode` behind the `codemode` tool: with the default declaration budget, with every tool declared
 * in full (no budget) and with every tool in brief (budget 0); and a 10-step transcript with three
 * activations, native deferred loading (`defer_loading`) against re-sending the grown list.
 */
import {
  type CodemodeOptions,
  type CodemodeToolEntry,
  DEFAULT_DECLARATION_BUDGET,
  describeCodemodeTool,
  enableCodemode,
} from '../../src/codemode/index.ts';
import { createToolSuite, type ToolSpec } from '../../src/index.ts';
import { countTokens } from '../../src/providers/index.ts';
import { type Provider, toolReferences, toProviderTools } from '../../src/providers/provider-tools.ts';
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

/**
 * The activation table: tokens added per search against the recall its activations keep. A quick run
 * measures the two rows the target compares (every match, the default).
 */
async function activationReport(quick: boolean): Promise<{ markdown: string; met: boolean }> {
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
  const measured = quick
    ? configurations.filter(
        (configuration) =>
          configuration === configurations[0] ||
          (configuration.maxActivations === DEFAULT_MAX_ACTIVATIONS &&
            configuration.activationRatio === DEFAULT_ACTIVATION_RATIO),
      )
    : configurations;
  for (const configuration of measured) {
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

/** The searches of the native-deferred transcript, at steps 2, 4 and 6 (0-based 1, 3, 5). */
const TRANSCRIPT_SEARCHES: ReadonlyMap<number, string> = new Map([
  [1, 'create a pull request'],
  [3, 'list workflow runs'],
  [5, 'add a label to an issue'],
]);
const TRANSCRIPT_STEPS = 10;

/** Characters two strings share from the start. */
function commonPrefix(a: string, b: string): number {
  let at = 0;
  while (at < a.length && at < b.length && a.charCodeAt(at) === b.charCodeAt(at)) at++;
  return at;
}

/**
 * A 10-step transcript on the deferred suite with three activating searches: per mode, the tools JSON
 * of each request, how much of it is identical to the previous request's from the start (what a
 * provider's prompt cache can reuse), how many requests send exactly the previous list, and tokens.
 */
async function nativeDeferredReport(slice: readonly ToolSpec[]): Promise<string> {
  const suite = createToolSuite();
  for (const spec of slice) suite.register(spec, 'deferred');
  const session = suite.createSession();
  const deferredTools = suite
    .list()
    .filter((tool) => tool.mode === 'deferred')
    .map((tool) => tool.spec);
  const modes = ['resend', 'native'] as const;
  const lists = new Map<string, string[]>(
    modes.flatMap((mode) => RENDERINGS.map(({ provider }) => [`${mode} ${provider}`, []])),
  );
  let activatedCount = 0;
  let referenceTokens = 0;
  for (let step = 0; step < TRANSCRIPT_STEPS; step++) {
    for (const mode of modes) {
      for (const { provider } of RENDERINGS) {
        if (mode === 'native' && provider === 'openai-chat') continue;
        const options = mode === 'native' ? { deferred: 'native' as const, deferredTools } : {};
        lists
          .get(`${mode} ${provider}`)
          ?.push(JSON.stringify(toProviderTools(suite.declarations(session), provider, options)));
      }
    }
    const query = TRANSCRIPT_SEARCHES.get(step);
    if (query === undefined) continue;
    const result = await suite.execute('tool_search', { query }, { session });
    const names = (result.control?.add_tools ?? []).map((spec) => spec.name);
    activatedCount += names.length;
    referenceTokens += countTokens(toolReferences(names));
  }
  const rows: string[][] = [];
  for (const mode of modes) {
    for (const { provider, label } of RENDERINGS) {
      const sent = lists.get(`${mode} ${provider}`) ?? [];
      if (sent.length === 0) continue;
      let bytes = 0;
      let cacheable = 0;
      let unchanged = 0;
      sent.forEach((json, step) => {
        bytes += json.length;
        if (step === 0) return;
        const previous = sent[step - 1] as string;
        if (json === previous) unchanged += 1;
        // Only a byte-identical list keeps the cached conversation after it; otherwise the shared start.
        cacheable += json === previous ? json.length : commonPrefix(json, previous);
      });
      const tokens = sent.reduce((sum, json) => sum + countTokens(JSON.parse(json)), 0);
      // What the model reads: a deferred definition enters the context only once a result refers to
      // it, so native mode reads what re-sending sends, plus the reference blocks.
      const resent = lists.get(`resend ${provider}`) ?? [];
      const read = resent.reduce((sum, json) => sum + countTokens(JSON.parse(json)), 0);
      rows.push([
        `${mode === 'native' ? 'native (`defer_loading`)' : 're-sent (activated tools join the list)'}, ${label}`,
        `${unchanged} of ${sent.length - 1}`,
        percent(cacheable / Math.max(1, bytes - (sent[0]?.length ?? 0))),
        String(Math.round(bytes / 1024)),
        String(tokens),
        String(mode === 'native' ? read + referenceTokens : read),
      ]);
    }
  }
  return [
    `${slice.length} tools deferred behind \`tool_search\`; ${TRANSCRIPT_STEPS} requests, with searches after requests 2, 4 and 6 (${[...TRANSCRIPT_SEARCHES.values()].map((q) => `"${q}"`).join(', ')}) activating ${activatedCount} tools in all. "Unchanged" = requests whose tool list is byte-identical to the previous request's (the provider's cache keeps the tools and the conversation after them); "identical start" = bytes of requests 2–10's tool lists equal to the previous list from the start, over their total (re-sent lists keep only the part before the first new tool, and the conversation after the tools misses). Tokens = \`countTokens\` (o200k) of the tool lists of all ${TRANSCRIPT_STEPS} requests. Native mode also sends a \`tool_reference\` block per activated tool in the search results: ${referenceTokens} tokens in all (Anthropic). Chat completions has no native form.`,
    '',
    table(
      [
        'mode, API',
        'unchanged requests',
        'identical start',
        'tool-list KiB sent',
        'tool-list tokens sent',
        'tool tokens the model reads',
      ],
      rows,
    ),
    '',
    'Native mode sends every deferred definition in every request (the wire carries more), but the list never changes, so every request after the first can be served from the prompt cache, conversation included; the model reads a deferred definition only once a search refers to it, so what it reads is what re-sending sends plus the reference blocks. Re-sending sends less, and every activation costs a cache miss of everything after the tools.',
  ].join('\n');
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** The declarations of all-direct, all but the built-ins deferred, and the same after one search. */
async function deferredRows(
  slice: readonly ToolSpec[],
): Promise<{ rows: Row[]; searchOutput: string; activated: number }> {
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
  return { rows, searchOutput: search.output, activated: activated.length };
}

/**
 * The codemode declarations with the default budget, with no budget (all in full) and with budget 0
 * (all in brief), in that order; and the tools of the default budget, some of them in brief.
 */
function codemodeRows(slice: readonly ToolSpec[]): { rows: Row[]; budgetedTools: CodemodeToolEntry[] } {
  const codemodeLabel = `${slice.length} codemode + built-ins direct + \`codemode\``;
  const budgeted = codemodeSuite(slice, {});
  const inFull = codemodeSuite(slice, { declarationBudget: Number.POSITIVE_INFINITY });
  const inBrief = codemodeSuite(slice, { declarationBudget: 0 });
  const fullCount = budgeted.tools.filter((tool) => !tool.brief).length;
  const rows: Row[] = [
    {
      label: `${codemodeLabel}, default budget (${DEFAULT_DECLARATION_BUDGET}): ${fullCount} of ${budgeted.tools.length} in full, the rest in brief`,
      specs: budgeted.specs,
    },
    { label: `${codemodeLabel}, no budget: all ${inFull.tools.length} in full`, specs: inFull.specs },
    { label: `${codemodeLabel}, budget 0: all ${inBrief.tools.length} in brief`, specs: inBrief.specs },
  ];
  return { rows, budgetedTools: budgeted.tools };
}

/** Per rendering, the share of `base`'s tokens that `counts` saves. */
function savingsAgainst(counts: readonly number[], base: readonly number[]): number[] {
  return RENDERINGS.map((_, i) => 1 - (counts[i] ?? 0) / (base[i] ?? 1));
}

/** The token table: per row, tokens per rendering; below the first row, the saving against it. */
function declarationTable(rows: readonly Row[], counts: readonly (readonly number[])[]): string {
  const base = counts[0] ?? [];
  const body = rows.map((row, r) => [
    row.label,
    String(row.specs.length),
    ...RENDERINGS.map((_, i) => {
      const value = counts[r]?.[i] ?? 0;
      return r === 0 ? String(value) : `${value} (−${percent(1 - value / (base[i] ?? 1))})`;
    }),
  ]);
  return table(['declarations', 'tools declared', ...RENDERINGS.map((r) => `${r.label} tokens`)], body);
}

/** The codemode paragraph, from the tokens of the full declarations of the tools in brief. */
function codemodeParagraph(described: readonly number[]): string {
  return `Codemode: the default budget (${DEFAULT_DECLARATION_BUDGET} tokens, estimated at 4 characters per token) declares the built-ins and the first catalog tools in full (summary paragraph, first sentence of each top-level argument) and the other ${described.length} in brief, one line each (required arguments, first sentence). A script reads any tool's full declaration with \`tools.$describe(name)\`: for the tools in brief that is ${median(described)} tokens (median), at most ${Math.max(0, ...described)}, paid only when the model asks.`;
}

/** The target lines: the deferred saving judged, the codemode saving only reported. */
function targetLines(savings: readonly number[], codemodeSavings: readonly number[], met: boolean): string[] {
  return [
    'Targets:',
    '',
    `- deferred ≥ 90 % fewer tokens than all-direct (${RENDERINGS.map((r, i) => `${r.label} −${percent(savings[i] ?? 0)}`).join(', ')}): ${verdict(met)}`,
    `- codemode with the default budget: ${RENDERINGS.map((r, i) => `${r.label} −${percent(codemodeSavings[i] ?? 0)}`).join(', ')} against all-direct. No target is set for codemode (reported, not judged); the proposal that introduced the budget estimated about −80 %.`,
  ];
}

/** Section 4: counts the tokens of each way of declaring the catalog, then renders the reports. */
export async function runTokens(context: BenchContext): Promise<SectionResult> {
  const catalog = loadCatalogA();
  const slice = catalog.tools.slice(0, CATALOG_SIZE - BUILTIN_TOOL_NAMES.length);
  const deferred = await deferredRows(slice);
  const codemode = codemodeRows(slice);
  const rows = [...deferred.rows, ...codemode.rows];

  const counts = rows.map((row) => RENDERINGS.map(({ provider }) => tokensOf(row.specs, provider)));
  const base = counts[0] ?? [];
  // Against all-direct: row 1 (deferred, before any search) is judged, the default-budget codemode row reported.
  const savings = savingsAgainst(counts[1] ?? [], base);
  const met = savings.every((saving) => saving >= 0.9);
  const codemodeSavings = savingsAgainst(counts[deferred.rows.length] ?? [], base);
  const described = codemode.budgetedTools
    .filter((tool) => tool.brief)
    .map((tool) => countTokens(describeCodemodeTool(tool)));

  const activation = await activationReport(context.quick);
  const native = await nativeDeferredReport(slice);
  const markdown = [
    `${CATALOG_SIZE} tools: the first ${slice.length} operations of catalog A plus the ${BUILTIN_TOOL_NAMES.length} built-ins (${BUILTIN_TOOL_NAMES.join(', ')}). Tokens: \`countTokens\` (o200k) of the \`toProviderTools(declarations(), provider)\` JSON; in parentheses, the saving against all-direct.`,
    '',
    declarationTable(rows, counts),
    '',
    `The tool_search call itself returned ${countTokens(deferred.searchOutput)} tokens of output (${deferred.activated} tools, names and first description lines).`,
    '',
    codemodeParagraph(described),
    '',
    ...targetLines(savings, codemodeSavings, met),
    '',
    '### What a search activates',
    '',
    activation.markdown,
    '',
    '### Native deferred loading against re-sending the grown list',
    '',
    native,
  ].join('\n');
  return { title: '4. Token economy', markdown, targetsMet: met && activation.met };
}
