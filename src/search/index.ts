/**
 * The `search` room's surface: the tool index and the `tool_search` tool, the names the root entry and
 * the other rooms import. Explicit named exports only.
 */

export { MAX_LEARNED_WORDS } from './learning.ts';
export { MAX_SESSION_LEARNED_TOOLS } from './session-learning.ts';
export { createToolIndex } from './tool-index.ts';
export {
  DEFAULT_ACTIVATION_RATIO,
  DEFAULT_MAX_ACTIVATIONS,
  DEFAULT_SEARCH_LIMIT,
  enableToolSearch,
  MAX_SEARCH_LIMIT,
  TOOL_SEARCH_NAME,
  type ToolSearchHandle,
  type ToolSearchOptions,
} from './tool-search.ts';
