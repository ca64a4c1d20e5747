/**
 * What a tool_search activates, measured on the development catalogs: for each query, one search in a
 * fresh session through `suite.execute`, then the tokens the activated declarations add to every later
 * request (Anthropic rendering, o200k) and whether an expected tool is among them.
 */
import { createCoreSuite } from '../../src/core/index.ts';
import type { ToolSpec } from '../../src/core/types.ts';
import { countTokens } from '../../src/providers/index.ts';
import { toProviderTools } from '../../src/providers/provider-tools.ts';
import { enableToolSearch } from '../../src/search/index.ts';
import type { Catalog } from '../catalogs/catalog-a.ts';

export interface ActivationFigures {
  /** Share of queries whose expected tool was activated. */
  recall: number;
  /** Mean tools activated per search. */
  tools: number;
  /** Mean declaration tokens the activations add to every later request. */
  declarationTokens: number;
  /** Mean tokens of the search's own output. */
  outputTokens: number;
}

export async function measureActivation(
  catalogs: readonly Catalog[],
  options: { maxActivations: number; activationRatio: number; limit: number },
): Promise<ActivationFigures> {
  let found = 0;
  let tools = 0;
  let declarationTokens = 0;
  let outputTokens = 0;
  let queries = 0;
  for (const catalog of catalogs) {
    const suite = createCoreSuite();
    enableToolSearch(suite, {
      maxActivations: options.maxActivations,
      activationRatio: options.activationRatio,
    });
    for (const tool of catalog.tools) suite.register(tool, 'deferred');
    for (const query of catalog.queries) {
      const session = suite.createSession();
      const result = await suite.execute(
        'tool_search',
        { query: query.query, limit: options.limit },
        { session },
      );
      const added = (result.control?.add_tools ?? []) as ToolSpec[];
      if (added.some((spec) => query.expected.includes(spec.name))) found += 1;
      tools += added.length;
      declarationTokens += added.length > 0 ? countTokens(toProviderTools(added, 'anthropic')) : 0;
      outputTokens += countTokens(result.output);
      queries += 1;
    }
  }
  return {
    recall: found / queries,
    tools: tools / queries,
    declarationTokens: declarationTokens / queries,
    outputTokens: outputTokens / queries,
  };
}
