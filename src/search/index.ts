/**
 * The `search` room's public surface: the tool index and the `tool_search` tool. Explicit named
 * exports only. Adding a name here makes it public API; remove nothing without a major version.
 */

export {
  createSynonymExpander,
  EQUIVALENT_TERMS,
  SYNONYM_GROUPS,
  type SynonymExpander,
  type TermAnalyzer,
} from './synonyms.ts';
export {
  analyzeText,
  createToolIndex,
  DEFAULT_FIELD_BOOST,
  MAX_QUERY_CHARS,
  MAX_QUERY_TERMS,
  splitWords,
  stemWord,
  type ToolIndex,
  type ToolIndexAddOptions,
  type ToolIndexFieldBoost,
  type ToolIndexMatch,
  type ToolIndexOptions,
  type ToolIndexSearchOptions,
} from './tool-index.ts';
export {
  DEFAULT_ACTIVATION_RATIO,
  DEFAULT_MAX_ACTIVATIONS,
  DEFAULT_SEARCH_LIMIT,
  enableToolSearch,
  MAX_SEARCH_LIMIT,
  RERANK_DEPTH,
  type RerankCandidate,
  TOOL_SEARCH_DESCRIPTION,
  TOOL_SEARCH_NAME,
  type ToolSearchHandle,
  type ToolSearchOptions,
  type ToolSearchRerank,
} from './tool-search.ts';
