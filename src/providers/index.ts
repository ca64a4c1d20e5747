/**
 * The `browser-agent-tools/providers` entry: tool lists rendered for each model API, and token counts.
 * Separate from the root entry because the tokenizer's ranks are heavy.
 *
 * Explicit named exports only: adding a name here makes it public API.
 */

export type {
  AnthropicTool,
  AnthropicToolReference,
  GeminiFunctionDeclaration,
  GeminiTool,
  McpTool,
  OpenAIChatTool,
  OpenAIResponsesTool,
  OpenAIToolSearchOutput,
  OpenAIToolSearchTool,
  Provider,
  ProviderTool,
  ProviderToolMap,
  ProviderToolsOptions,
} from './provider-tools.ts';
export {
  clientToolSearchTool,
  NATIVE_DEFERRED_PROVIDERS,
  PROVIDERS,
  toolReferences,
  toolSearchOutput,
  toProviderTools,
} from './provider-tools.ts';
export { countTokens } from './tokens.ts';
