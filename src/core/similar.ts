/**
 * "Did you mean": ranks names by edit distance (optimal string alignment) with a bonus for shared
 * prefixes and containment, so `reed` suggests `read` and `github_issue` suggests `github_create_issue`.
 */

/** Up to `limit` names close to `target`, best first; empty when nothing is reasonably close. */
export function closestNames(target: string, names: readonly string[], limit = 3): string[] {
  const wanted = target.toLowerCase();
  const scored = names
    .map((name, order) => ({ name, order, distance: distanceScore(wanted, name.toLowerCase()) }))
    .filter(
      ({ distance, name }) => distance <= Math.max(2, Math.ceil(Math.max(wanted.length, name.length) / 3)),
    )
    .sort((a, b) => a.distance - b.distance || a.order - b.order);
  return scored.slice(0, limit).map(({ name }) => name);
}

function distanceScore(a: string, b: string): number {
  if (a.length > 0 && b.length > 0 && (a.includes(b) || b.includes(a))) return 1;
  return editDistance(a, b);
}

function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number): number => d[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, at(i - 2, j - 2) + 1);
      const row = d[i];
      if (row) row[j] = best;
    }
  }
  return at(a.length, b.length);
}
