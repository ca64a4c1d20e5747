/**
 * The effect vocabulary and the mapping from MCP annotations. Each tool declares its own effects.
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
