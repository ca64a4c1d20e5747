/** What every benchmark section receives and returns. */

export interface BenchContext {
  /** `--quick`: small inputs, every section in under two minutes in total. */
  quick: boolean;
}

export interface SectionResult {
  /** Heading, e.g. "1. tool_search quality". */
  title: string;
  /** The section's Markdown body: tables, target lines, notes. */
  markdown: string;
  /** Whether every target of the section was met; `null` when the section is pending. */
  targetsMet: boolean | null;
}
