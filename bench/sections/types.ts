/** What every benchmark section receives and returns. */

export interface BenchContext {
  /**
   * `--quick`: small inputs, to show every section runs (its figures are not the published ones). Alone
   * on two cores the whole run takes about two and a half minutes, most of it starting servers, Chromium
   * and builds.
   */
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
