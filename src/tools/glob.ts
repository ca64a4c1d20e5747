/**
 * Glob matching for find, grep and ls, with `picomatch` loaded on first use so the library's root
 * entry stays light. Imports core and picomatch only.
 */

import { ToolError } from '../core/index.ts';
import { errorMessage } from '../shared/index.ts';

type Picomatch = typeof import('picomatch');

let loading: Promise<Picomatch> | undefined;

/**
 * A matcher for `patterns` (dotfiles included). An invalid glob throws a `ToolError` (code
 * `INVALID_GLOB`) whose message `explain` builds from picomatch's reason.
 */
export async function globMatcher(
  patterns: string | string[],
  explain: (reason: string) => string,
  data?: Record<string, unknown>,
): Promise<(path: string) => boolean> {
  // picomatch is CommonJS: bundlers and Node hand it over as the default export.
  loading ??= import('picomatch').then(
    (module: unknown) => (module as { default?: Picomatch }).default ?? (module as Picomatch),
  );
  const picomatch = await loading;
  try {
    return picomatch(patterns, { dot: true });
  } catch (error) {
    const reason = errorMessage(error);
    throw new ToolError(explain(reason), { code: 'INVALID_GLOB', ...(data ? { data } : {}) });
  }
}
