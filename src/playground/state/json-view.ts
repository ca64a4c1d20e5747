/**
 * Pure helpers for the collapsible JSON tree: what a node is, its children one page at a time, and how
 * big a value is (counted iteratively with a cap, so a 10,000-level nesting cannot overflow the stack).
 */

/** Children shown per page of an object or array; the rest sit behind a "show more" button. */
export const JSON_PAGE_SIZE = 100;
/** Characters of a string shown before it is cut (the rest behind a button). */
const JSON_STRING_CLIP = 1_000;
/** Lines of a string a tree shows before "show more": a long output stays a few lines tall. */
const JSON_STRING_LINES = 3;

/**
 * The start of a string a tree shows collapsed: at most {@link JSON_STRING_LINES} lines and
 * {@link JSON_STRING_CLIP} characters, and how many characters that hides.
 */
export function collapsedString(text: string): { text: string; hidden: number } {
  let end = Math.min(text.length, JSON_STRING_CLIP);
  let newline = -1;
  for (let line = 0; line < JSON_STRING_LINES; line++) {
    newline = text.indexOf('\n', newline + 1);
    if (newline === -1) break;
  }
  if (newline !== -1 && newline < end) end = newline;
  return { text: text.slice(0, end), hidden: text.length - end };
}

/** Nodes a tree opens by itself: levels are expanded while the total stays under this. */
const JSON_AUTO_EXPAND_NODES = 60;

export type JsonKind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null' | 'other';

export function jsonKind(value: unknown): JsonKind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'object':
      return 'object';
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    default:
      return 'other';
  }
}

/** Number of direct children of an object or array (0 for anything else). */
export function childCount(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (jsonKind(value) === 'object') return Object.keys(value as object).length;
  return 0;
}

/** Direct children `[start, start + count)` as `[key, value]` pairs (own keys only, in order). */
export function childEntries(value: unknown, start: number, count: number): [string, unknown][] {
  if (Array.isArray(value)) {
    return value.slice(start, start + count).map((child, index) => [String(start + index), child]);
  }
  if (jsonKind(value) !== 'object') return [];
  const record = value as Record<string, unknown>;
  return Object.keys(record)
    .slice(start, start + count)
    .map((key) => [key, Object.getOwnPropertyDescriptor(record, key)?.value]);
}

/**
 * Nodes in `value` (itself included, at most `cap`: `cap` means more) and the deepest nesting among
 * them (0 for a scalar), in one walk without recursion and without an object per node (the depths are
 * a stack of their own): a tree of 100,000 nodes was walked twice, once making a pair per node, in the
 * task that draws it.
 */
export function treeSize(value: unknown, cap = 100_000): { nodes: number; depth: number } {
  let nodes = 0;
  let deepest = 0;
  const stack: unknown[] = [value];
  const depths: number[] = [0];
  while (stack.length > 0 && nodes < cap) {
    const next = stack.pop();
    const depth = depths.pop() ?? 0;
    nodes++;
    const children = Array.isArray(next)
      ? next
      : jsonKind(next) === 'object'
        ? Object.values(next as object)
        : undefined;
    if (!children) continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of children) {
      stack.push(child);
      depths.push(depth + 1);
    }
  }
  return { nodes, depth: deepest };
}

/**
 * How many levels a tree opens by itself: as many as fit under {@link JSON_AUTO_EXPAND_NODES} shown
 * nodes (at least the root's own level).
 */
export function autoExpandDepth(value: unknown): number {
  return expandDepth(value, JSON_AUTO_EXPAND_NODES, 8);
}

/**
 * How many levels (at most `maxDepth`, at least 1) can be open at once with at most `maxNodes` nodes
 * drawn, each open container showing its first page of {@link JSON_PAGE_SIZE} children.
 */
export function expandDepth(value: unknown, maxNodes: number, maxDepth: number): number {
  let level: unknown[] = [value];
  let shown = 1;
  let depth = 0;
  while (level.length > 0 && depth < maxDepth) {
    const next: unknown[] = [];
    for (const node of level) {
      const entries = childEntries(node, 0, JSON_PAGE_SIZE);
      for (const [, child] of entries) next.push(child);
    }
    if (next.length === 0) break;
    if (depth > 0 && shown + next.length > maxNodes) break;
    shown += next.length;
    depth++;
    level = next.filter((node) => childCount(node) > 0);
  }
  return Math.max(depth, 1);
}

/** `{…} 3 keys`, `[…] 10,000 items`. */
export function containerSummary(value: unknown): string {
  const count = childCount(value);
  if (Array.isArray(value)) return `[…] ${count.toLocaleString('en-US')} ${count === 1 ? 'item' : 'items'}`;
  return `{…} ${count.toLocaleString('en-US')} ${count === 1 ? 'key' : 'keys'}`;
}
