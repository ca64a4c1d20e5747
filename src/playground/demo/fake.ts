/**
 * Deterministic fake data for the demo catalog: a seeded generator, so the same arguments always give
 * the same answer (permalinks re-run to identical channels) and nothing touches the network.
 */

/** A seeded pseudo-random generator (mulberry32 over an FNV-1a hash of `seed`). */
export interface Fake {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** A hex id of `length` characters. */
  hex(length: number): string;
}

export function fake(seed: unknown): Fake {
  let hash = 2166136261;
  const text = typeof seed === 'string' ? seed : (JSON.stringify(seed) ?? '');
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 16777619);
  }
  let state = hash >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    hex: (length) => Array.from({ length }, () => Math.floor(next() * 16).toString(16)).join(''),
  };
}

export const PEOPLE: readonly string[] = [
  'ana-lima',
  'bkowalski',
  'chen-wei',
  'dmitri.v',
  'emma-j',
  'farah.k',
  'gus-ortega',
  'hana-sato',
];

export const SERVICES: readonly string[] = [
  'checkout-api',
  'auth-service',
  'search-indexer',
  'billing-worker',
  'web-frontend',
  'notifications',
];

export const ISSUE_TITLES: readonly string[] = [
  'Checkout fails when the cart has more than 50 items',
  'Dark mode: code blocks are unreadable',
  'Search returns stale results after reindex',
  'Rate limiter counts retries twice',
  'Export to CSV drops the last row',
  'Login redirect loops on Safari 18',
  'Flaky test: notifications > sends digest at 9am',
  'Memory leak in the websocket reconnect path',
];

export const LABELS: readonly string[] = [
  'bug',
  'enhancement',
  'good first issue',
  'p1',
  'needs-triage',
  'docs',
];

/** A fixed timestamp `days` before 2026-11-30 at a pseudo-random time. */
export function isoDaysAgo(f: Fake, days: number): string {
  const base = Date.UTC(2026, 10, 30, 9, 0, 0);
  return new Date(base - days * 86_400_000 - f.int(0, 86_399) * 1000).toISOString();
}

/** Reads an integer argument with a default and bounds (the schema already checked its type). */
export function intArg(value: unknown, fallback: number, min: number, max: number): number {
  const number = typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : fallback;
  return Math.min(max, Math.max(min, number));
}

/** Reads a string argument with a default. */
export function textArg(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}
