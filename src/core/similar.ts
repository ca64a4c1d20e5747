/**
 * "Did you mean": ranks names by edit distance (optimal string alignment) with a bonus for shared
 * prefixes and containment, so `reed` suggests `read` and `github_issue` suggests `github_create_issue`.
 *
 * The work is bounded whatever the caller sends: a target longer than {@link MAX_COMPARED_CHARS} gets no
 * suggestions without being compared, names whose lengths differ by more than the accepted distance are
 * skipped, and each comparison keeps three rows and stops as soon as no alignment can be close enough.
 */

/**
 * Longest name compared, in characters: twice the longest name a catalog accepts (128), so a qualified
 * name such as `tools.name()` in codemode still gets suggestions.
 */
export const MAX_COMPARED_CHARS = 256;

/** Up to `limit` names close to `target`, best first; empty when nothing is reasonably close. */
export function closestNames(target: string, names: readonly string[], limit = 3): string[] {
  if (target.length === 0 || target.length > MAX_COMPARED_CHARS) return [];
  const wanted = target.toLowerCase();
  const scored: { name: string; order: number; distance: number }[] = [];
  names.forEach((name, order) => {
    if (name.length === 0 || name.length > MAX_COMPARED_CHARS) return;
    const candidate = name.toLowerCase();
    const allowed = Math.max(2, Math.ceil(Math.max(wanted.length, candidate.length) / 3));
    const distance = distanceScore(wanted, candidate, allowed);
    if (distance <= allowed) scored.push({ name, order, distance });
  });
  scored.sort((a, b) => a.distance - b.distance || a.order - b.order);
  return scored.slice(0, limit).map(({ name }) => name);
}

/** The score of `b` for `a`: 1 when one contains the other, else the edit distance (capped past `allowed`). */
function distanceScore(a: string, b: string, allowed: number): number {
  if (a.includes(b) || b.includes(a)) return 1;
  if (Math.abs(a.length - b.length) > allowed) return allowed + 1;
  return editDistance(a, b, allowed);
}

/** Optimal string alignment distance; any value over `allowed` is returned as `allowed + 1`. */
function editDistance(a: string, b: string, allowed: number): number {
  const cols = b.length + 1;
  let beforePrevious = new Uint16Array(cols);
  let previous = Uint16Array.from({ length: cols }, (_, j) => j);
  let current = new Uint16Array(cols);
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let rowMinimum = i;
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (beforePrevious[j - 2] ?? 0) + 1);
      current[j] = best;
      rowMinimum = Math.min(rowMinimum, best);
    }
    // Row minima never decrease (a transposition costs no less than the substitution beside it), so
    // once a whole row is past `allowed` the distance is too.
    if (rowMinimum > allowed) return allowed + 1;
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  return Math.min(previous[b.length] ?? allowed + 1, allowed + 1);
}
