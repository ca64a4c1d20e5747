/**
 * Section 5: gzip size of the playground's initial JavaScript and of each lazy chunk (Monaco,
 * just-bash, QuickJS, WebContainer); budget: initial ≤ 150 KiB gz, enforced by a test.
 *
 * PENDING: the playground build is being written (src/playground, vite.config.ts). This placeholder
 * keeps the section in the report until it lands.
 */
import type { BenchContext, SectionResult } from './types.ts';

export async function runBundle(_context: BenchContext): Promise<SectionResult> {
  return {
    title: '5. Bundle',
    markdown: [
      'pending: the playground and its lazy chunks (Monaco, just-bash, QuickJS, WebContainer) are still being built.',
      '',
      'Planned: build with Vite, read the manifest, gzip what `index.html` loads before any interaction and each',
      'lazy chunk; budget initial ≤ 150 KiB gz, with a test in `tests/bench/` that fails the build above it.',
    ].join('\n'),
    targetsMet: null,
  };
}
