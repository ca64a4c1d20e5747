/**
 * The effect vocabulary, the built-in effect table and the mapping from MCP annotations.
 */
import type { Effect, ToolAnnotations } from './types.ts';

const VOCABULARY: readonly Effect[] = ['read', 'fs_write', 'exec', 'net_read', 'net_write', 'state_write'];

/** The six effects, in their documented order. Returns a fresh array. */
export function effectVocabulary(): Effect[] {
  return [...VOCABULARY];
}

/** Whether `value` is one of the six effects. */
export function isEffect(value: unknown): value is Effect {
  return typeof value === 'string' && (VOCABULARY as readonly string[]).includes(value);
}

/** Effects of the built-in tools, the last place `effects()` looks. */
export const BUILTIN_EFFECTS: Readonly<Record<string, readonly Effect[]>> = {
  read: ['read'],
  grep: ['read'],
  find: ['read'],
  ls: ['read'],
  tool_search: ['read'],
  write: ['fs_write'],
  edit: ['read', 'fs_write'],
  bash: ['exec'],
  codemode: ['exec'],
};

/**
 * Maps MCP annotations to effects: `readOnlyHint` → `read` (`net_read` with `openWorldHint`); not
 * read-only → `net_write` unless `openWorldHint` is `false` (MCP's default is open-world), then
 * `state_write`. Without `readOnlyHint` the effects are unknown (`undefined`): MCP's defaults describe
 * the most dangerous kind of tool.
 */
export function effectsFromAnnotations(annotations: ToolAnnotations | undefined): Effect[] | undefined {
  if (!annotations || typeof annotations.readOnlyHint !== 'boolean') return undefined;
  if (annotations.readOnlyHint) return [annotations.openWorldHint ? 'net_read' : 'read'];
  return [annotations.openWorldHint === false ? 'state_write' : 'net_write'];
}
