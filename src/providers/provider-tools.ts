/**
 * Renders catalog-form specs as the tool list each model API accepts: OpenAI chat completions, OpenAI
 * responses, Anthropic messages, Gemini and MCP `tools/list`. Pure data in, fresh data out: the input is
 * never mutated and every schema in the output is a deep copy.
 */

import { UsageError } from '../core/errors.ts';
import type { Effect, JsonSchema, ToolAnnotations, ToolSpec } from '../core/types.ts';

/** A model API whose tool-list format {@link toProviderTools} can produce. */
export type Provider = 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini' | 'mcp';

/** Every provider {@link toProviderTools} supports, in a stable order (for pickers and test tables). */
export const PROVIDERS: readonly Provider[] = [
  'openai-chat',
  'openai-responses',
  'anthropic',
  'gemini',
  'mcp',
];

/** One entry of OpenAI chat completions' `tools`. */
export interface OpenAIChatTool {
  type: 'function';
  function: {
    name: string;
    description: string;
    /** JSON Schema of the arguments. */
    parameters: JsonSchema;
  };
}

/** One entry of the OpenAI Responses API's `tools`. */
export interface OpenAIResponsesTool {
  type: 'function';
  name: string;
  description: string;
  /** JSON Schema of the arguments. */
  parameters: JsonSchema;
  /**
   * Always `false`. The Responses API defaults `strict` to `true`, and strict mode rejects ordinary
   * schemas (optional properties, missing `additionalProperties: false`), so it is switched off.
   */
  strict: false;
  /** `true` for a deferred tool sent with `deferred: 'native'`: the model sees it once tool search finds it. */
  defer_loading?: true;
}

/**
 * The OpenAI Responses API's own tool search, executed by the client: with it in `tools`, the model
 * searches the tools sent with `defer_loading` through `tool_search_call` items, which the client
 * answers with {@link toolSearchOutput}.
 */
export interface OpenAIToolSearchTool {
  type: 'tool_search';
  execution: 'client';
  /** What the model reads about the search (the search tool's description). */
  description: string;
  /** JSON Schema of the search's arguments. */
  parameters: JsonSchema;
}

/** One entry of Anthropic messages' `tools`. */
export interface AnthropicTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments. */
  input_schema: JsonSchema;
  /** `true` for a deferred tool sent with `deferred: 'native'`: the model sees it once tool search finds it. */
  defer_loading?: true;
}

/** One Gemini function declaration, with plain JSON Schema (no OpenAPI subset conversion). */
export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  /** JSON Schema of the arguments. */
  parametersJsonSchema: JsonSchema;
  /** JSON Schema of the result, when the spec declares an `outputSchema`. */
  responseJsonSchema?: JsonSchema;
}

/** One Gemini tool object: Gemini groups every function declaration under a single tool. */
export interface GeminiTool {
  functionDeclarations: GeminiFunctionDeclaration[];
}

/** One entry of an MCP `tools/list` result. */
export interface McpTool {
  name: string;
  /** Human-readable title, when the spec has one. */
  title?: string;
  description: string;
  /** JSON Schema of the arguments. */
  inputSchema: JsonSchema;
  /** JSON Schema of `structuredContent`, when the spec declares one. */
  outputSchema?: JsonSchema;
  /** Explicit annotations, or hints derived from the spec's effects; absent when neither is known. */
  annotations?: ToolAnnotations;
}

/** The element type of the tool list each provider receives. */
export interface ProviderToolMap {
  'openai-chat': OpenAIChatTool;
  'openai-responses': OpenAIResponsesTool;
  anthropic: AnthropicTool;
  gemini: GeminiTool;
  mcp: McpTool;
}

/** A tool entry of any provider. */
export type ProviderTool = ProviderToolMap[Provider];

/** Schemas are JSON, so a JSON round trip is a faithful deep copy. */
function copyJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

const WRITE_EFFECTS: readonly Effect[] = ['fs_write', 'state_write', 'exec', 'net_write'];
const NET_EFFECTS: readonly Effect[] = ['net_read', 'net_write'];

/**
 * MCP annotations for a spec: explicit `spec.annotations` (copied), else hints derived from
 * `spec.effects`, else `undefined`. The mapping is documented on {@link toProviderTools}.
 */
function mcpAnnotations(spec: ToolSpec): ToolAnnotations | undefined {
  if (spec.annotations !== undefined) return copyJson(spec.annotations);
  const effects = spec.effects;
  if (effects === undefined) return undefined;
  const readOnly = !effects.some((effect) => WRITE_EFFECTS.includes(effect));
  const openWorld = effects.some((effect) => NET_EFFECTS.includes(effect));
  const annotations: ToolAnnotations = { readOnlyHint: readOnly, openWorldHint: openWorld };
  if (readOnly) return annotations;
  if (effects.includes('fs_write') || effects.includes('exec')) {
    annotations.destructiveHint = true;
  } else if (!effects.includes('net_write')) {
    annotations.destructiveHint = false;
  }
  return annotations;
}

function toOpenAIChat(specs: readonly ToolSpec[]): OpenAIChatTool[] {
  return specs.map((spec) => ({
    type: 'function',
    function: { name: spec.name, description: spec.description, parameters: copyJson(spec.parameters) },
  }));
}

function toOpenAIResponses(specs: readonly ToolSpec[]): OpenAIResponsesTool[] {
  return specs.map((spec) => ({
    type: 'function',
    name: spec.name,
    description: spec.description,
    parameters: copyJson(spec.parameters),
    // The Responses API defaults `strict` to true, which rejects ordinary (non-strict) schemas.
    strict: false,
  }));
}

function toAnthropic(specs: readonly ToolSpec[]): AnthropicTool[] {
  return specs.map((spec) => ({
    name: spec.name,
    description: spec.description,
    input_schema: copyJson(spec.parameters),
  }));
}

function toGemini(specs: readonly ToolSpec[]): GeminiTool[] {
  if (specs.length === 0) return [];
  const functionDeclarations = specs.map((spec): GeminiFunctionDeclaration => {
    const declaration: GeminiFunctionDeclaration = {
      name: spec.name,
      description: spec.description,
      parametersJsonSchema: copyJson(spec.parameters),
    };
    if (spec.outputSchema !== undefined) declaration.responseJsonSchema = copyJson(spec.outputSchema);
    return declaration;
  });
  return [{ functionDeclarations }];
}

function toMcp(specs: readonly ToolSpec[]): McpTool[] {
  return specs.map((spec) => {
    const tool: McpTool = {
      name: spec.name,
      ...(spec.title !== undefined ? { title: spec.title } : {}),
      description: spec.description,
      inputSchema: copyJson(spec.parameters),
    };
    if (spec.outputSchema !== undefined) tool.outputSchema = copyJson(spec.outputSchema);
    const annotations = mcpAnnotations(spec);
    if (annotations !== undefined) tool.annotations = annotations;
    return tool;
  });
}

const RENDERERS: { [P in Provider]: (specs: readonly ToolSpec[]) => ProviderToolMap[P][] } = {
  'openai-chat': toOpenAIChat,
  'openai-responses': toOpenAIResponses,
  anthropic: toAnthropic,
  gemini: toGemini,
  mcp: toMcp,
};

/** Providers whose APIs load deferred tools themselves (`defer_loading`), for `deferred: 'native'`. */
export const NATIVE_DEFERRED_PROVIDERS: readonly Provider[] = ['anthropic', 'openai-responses'];

/** Options of {@link toProviderTools}. */
export interface ProviderToolsOptions {
  /**
   * How deferred tools reach the model. `'resend'` (default): only `specs` are rendered; a host adds a
   * tool to `specs` once it is activated, so the list grows (and the provider's prompt cache misses from
   * the tools on). `'native'` (`anthropic`, `openai-responses` only): every tool of `deferredTools` is
   * rendered once, after the others, with `defer_loading: true`, whether or not it is activated, so the
   * list stays the same from request to request; the provider loads a tool when a tool search result
   * refers to it (see {@link toolReferences} and {@link toolSearchOutput}). A spec both in `specs` and in
   * `deferredTools` is rendered once, as deferred.
   */
  deferred?: 'resend' | 'native';
  /** The deferred tools, for `deferred: 'native'`. Default: none. */
  deferredTools?: readonly ToolSpec[];
}

/** Renders `specs` then `deferredTools` marked `defer_loading: true`, each name once. */
function renderNative(
  specs: readonly ToolSpec[],
  provider: 'anthropic' | 'openai-responses',
  deferredTools: readonly ToolSpec[],
): (AnthropicTool | OpenAIResponsesTool)[] {
  const deferredNames = new Set(deferredTools.map((spec) => spec.name));
  const render = RENDERERS[provider];
  const loaded = render(specs.filter((spec) => !deferredNames.has(spec.name)));
  const deferred = render(deferredTools).map((tool) => ({ ...tool, defer_loading: true as const }));
  return [...loaded, ...deferred];
}

/**
 * Renders catalog-form specs as the `tools` list `provider`'s API accepts, in the same order:
 *
 * - `openai-chat`: `{ type: 'function', function: { name, description, parameters } }` per spec;
 * - `openai-responses`: `{ type: 'function', name, description, parameters, strict: false }` per spec;
 * - `anthropic`: `{ name, description, input_schema }` per spec;
 * - `gemini`: one `{ functionDeclarations: [{ name, description, parametersJsonSchema,
 *   responseJsonSchema? }] }` holding every spec, or `[]` for no specs;
 * - `mcp`: `{ name, title?, description, inputSchema, outputSchema?, annotations? }` per spec, with
 *   annotations kept from `spec.annotations` or derived from `spec.effects`:
 *   - no `effects` → no `annotations` (nothing is known, so nothing is claimed);
 *   - `readOnlyHint` is `true` unless an effect writes (`fs_write`, `state_write`, `exec`, `net_write`);
 *     an empty effect list is read-only;
 *   - `openWorldHint` is `true` when an effect touches the network (`net_read`, `net_write`);
 *   - `destructiveHint` (writing tools only) is `true` with `fs_write` or `exec`, `false` when the only
 *     write is `state_write`, and left out when `net_write` is there without `fs_write` or `exec` (what a
 *     remote write does is unknown; MCP reads a missing `destructiveHint` as `true`).
 *   E.g. `['read']` → `{ readOnlyHint: true, openWorldHint: false }`, `['read', 'net_read']` →
 *   `{ readOnlyHint: true, openWorldHint: true }`, `['net_write']` → `{ readOnlyHint: false,
 *   openWorldHint: true }`, `['fs_write']` → `{ readOnlyHint: false, openWorldHint: false,
 *   destructiveHint: true }`.
 *
 * Catalog-only fields (`effects`) never reach the output; `outputSchema` reaches only Gemini and MCP,
 * the APIs with a place for it. The input is not mutated, and schemas are deep copies, so the caller may
 * edit the result freely. Throws a `UsageError` for a provider outside {@link PROVIDERS}.
 */
export function toProviderTools<P extends Provider>(
  specs: readonly ToolSpec[],
  provider: P,
  options: ProviderToolsOptions = {},
): ProviderToolMap[P][] {
  if (!Object.hasOwn(RENDERERS, provider)) {
    throw new UsageError(
      `toProviderTools: unknown provider ${JSON.stringify(provider)}. Use one of ${PROVIDERS.join(', ')}.`,
    );
  }
  if (options.deferred !== 'native') return RENDERERS[provider](specs);
  if (provider !== 'anthropic' && provider !== 'openai-responses') {
    throw new UsageError(
      `toProviderTools: deferred: "native" needs a provider that loads deferred tools itself (${NATIVE_DEFERRED_PROVIDERS.join(', ')}), not "${provider}". Use deferred: "resend".`,
    );
  }
  return renderNative(specs, provider, options.deferredTools ?? []) as ProviderToolMap[P][];
}

/** An Anthropic `tool_reference` content block: in a tool result, it loads a deferred tool. */
export interface AnthropicToolReference {
  type: 'tool_reference';
  tool_name: string;
}

/**
 * The `tool_reference` blocks that load `names` (deferred tools sent with `deferred: 'native'`) on the
 * Anthropic Messages API, for the content of the tool search's `tool_result`.
 */
export function toolReferences(names: readonly string[]): AnthropicToolReference[] {
  return names.map((name) => ({ type: 'tool_reference', tool_name: name }));
}

/**
 * The OpenAI Responses `tools` entry that declares the search tool `spec` (for example the suite's
 * `tool_search`) as the API's client-executed tool search, in place of a function: the model then
 * calls it with `tool_search_call` items, and {@link toolSearchOutput} loads what it found.
 */
export function clientToolSearchTool(spec: ToolSpec): OpenAIToolSearchTool {
  return {
    type: 'tool_search',
    execution: 'client',
    description: spec.description,
    parameters: copyJson(spec.parameters),
  };
}

/** An OpenAI Responses `tool_search_output` input item answering a client-executed tool search. */
export interface OpenAIToolSearchOutput {
  type: 'tool_search_output';
  call_id: string;
  execution: 'client';
  status: 'completed';
  /** The tools found, in the Responses format; the model may call them from then on. */
  tools: OpenAIResponsesTool[];
}

/**
 * The OpenAI Responses `tool_search_output` item that answers the client-executed `tool_search_call`
 * `callId` with the tools found (`specs`, deferred tools sent with `deferred: 'native'`).
 */
export function toolSearchOutput(callId: string, specs: readonly ToolSpec[]): OpenAIToolSearchOutput {
  return {
    type: 'tool_search_output',
    call_id: callId,
    execution: 'client',
    status: 'completed',
    tools: toOpenAIResponses(specs),
  };
}
