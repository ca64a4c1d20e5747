/**
 * The output budget: how much `output` text one result may carry to the model. `execute` cuts a
 * tool's output that is over its budget, keeps the head (whole lines; a first line that alone is over
 * the byte budget keeps its head, never splitting a character) and ends it with a notice in the style of
 * the built-in tools' notices. Where the full text went (a spill file, or `details`) is the suite's
 * business; this file only measures, cuts and words.
 */
import { errorMessage, formatSize, headBytes, utf8Length } from '../shared/index.ts';
import { DEFAULT_MAX_CHANNEL_BYTES } from './channel-budget.ts';
import { UsageError } from './errors.ts';
import type { OutputBudget, SpillRequest } from './types.ts';

/**
 * The budget every tool gets unless the suite or its registration says otherwise: 2000 lines, 50 KB of
 * `output`; 1 MiB of JSON in each of `structured_output` and `details`.
 */
export const DEFAULT_OUTPUT_BUDGET: Readonly<Required<OutputBudget>> = Object.freeze({
  maxLines: 2000,
  maxBytes: 50 * 1024,
  maxChannelBytes: DEFAULT_MAX_CHANNEL_BYTES,
});

/** What a cut kept. Line numbers are 1-based. */
interface BudgetCut {
  /** The kept head, without the notice. */
  content: string;
  truncatedBy: 'lines' | 'bytes';
  totalLines: number;
  totalBytes: number;
  outputLines: number;
  outputBytes: number;
  /** The first line alone was over the byte budget: `content` is the head of that line. */
  firstLinePartial: boolean;
}

/** Fills in the defaults; throws `UsageError` when a limit is not a positive integer. */
export function resolveOutputBudget(
  budget: OutputBudget | undefined,
  where: string,
  base: Readonly<Required<OutputBudget>> = DEFAULT_OUTPUT_BUDGET,
): Required<OutputBudget> {
  if (budget !== undefined && (typeof budget !== 'object' || budget === null || Array.isArray(budget))) {
    throw new UsageError(
      `${where}: outputBudget must be { maxLines?, maxBytes?, maxChannelBytes? } or false.`,
    );
  }
  const resolved = {
    maxLines: budget?.maxLines ?? base.maxLines,
    maxBytes: budget?.maxBytes ?? base.maxBytes,
    maxChannelBytes: budget?.maxChannelBytes ?? base.maxChannelBytes,
  };
  for (const [key, value] of Object.entries(resolved)) {
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new UsageError(`${where}: outputBudget.${key} must be a positive integer, got ${String(value)}.`);
    }
  }
  return resolved;
}

/** The head of `text` within `budget`, or `undefined` when the whole text fits. */
function cutToBudget(text: string, budget: Required<OutputBudget>): BudgetCut | undefined {
  const totalBytes = utf8Length(text);
  const totalLines = countLines(text);
  if (totalLines <= budget.maxLines && totalBytes <= budget.maxBytes) return undefined;
  let end = 0;
  let lines = 0;
  let bytes = 0;
  let truncatedBy: 'lines' | 'bytes' = 'lines';
  while (end < text.length) {
    if (lines >= budget.maxLines) break;
    const newline = text.indexOf('\n', end);
    const lineEnd = newline === -1 ? text.length : newline;
    const size = utf8Length(text, end, lineEnd) + (lines > 0 ? 1 : 0);
    if (bytes + size > budget.maxBytes) {
      truncatedBy = 'bytes';
      break;
    }
    bytes += size;
    lines += 1;
    end = lineEnd;
    if (newline === -1) break;
    end = newline + 1;
  }
  const kept = lines === 0 ? headBytes(text, budget.maxBytes) : text.slice(0, end).replace(/\n$/, '');
  return {
    content: kept,
    truncatedBy,
    totalLines,
    totalBytes,
    outputLines: lines === 0 ? 1 : lines,
    outputBytes: utf8Length(kept),
    firstLinePartial: lines === 0,
  };
}

/**
 * `text` within `budget`: unchanged when it fits; else its head, a notice, and the details that say
 * where the full text went: a file `spill` wrote (`read` pages through it from the offset the notice
 * names), or `details.full_output` when there is no spill, it returns `undefined` or it fails.
 */
export async function fitOutput(
  text: string,
  budget: Required<OutputBudget>,
  request: SpillRequest,
  spill: ((request: SpillRequest) => Promise<string | undefined>) | undefined,
): Promise<{ text: string; details: Record<string, unknown> }> {
  const cut = cutToBudget(text, budget);
  if (!cut) return { text, details: {} };
  const shown = shownRange(cut, budget);
  const again = `call ${request.tool} again in a way that returns less output.`;
  let path: string | undefined;
  let failure: string | undefined;
  try {
    path = await spill?.(request);
  } catch (error) {
    failure = errorMessage(error).split('\n')[0]?.slice(0, 500);
  }
  const notice =
    path !== undefined
      ? `[${shown}. The full output is in ${path}: read it with offset=${nextOffset(cut)} for the rest.]`
      : failure !== undefined
        ? `[${shown}. The full output could not be saved (${failure}); ${again}]`
        : `[${shown}. The rest is not shown; ${again}]`;
  const truncation = {
    truncated_by: cut.truncatedBy,
    total_lines: cut.totalLines,
    total_bytes: cut.totalBytes,
    output_lines: cut.outputLines,
    output_bytes: cut.outputBytes,
  };
  const kept = path !== undefined ? { spilled_path: path } : { full_output: text };
  return { text: `${cut.content}\n\n${notice}`, details: { ...kept, output_truncation: truncation } };
}

/** `Lines 1-40 of 90 shown (50.0KB limit)`: the head of every budget notice. */
function shownRange(cut: BudgetCut, budget: Required<OutputBudget>): string {
  if (cut.firstLinePartial) {
    return `First ${formatSize(cut.outputBytes)} of line 1 shown (${formatSize(budget.maxBytes)} limit; the output is ${formatSize(cut.totalBytes)})`;
  }
  const limit =
    cut.truncatedBy === 'bytes' ? `${formatSize(budget.maxBytes)} limit` : `${budget.maxLines}-line limit`;
  const range = cut.outputLines === 1 ? 'Line 1' : `Lines 1-${cut.outputLines}`;
  return `${range} of ${cut.totalLines} shown (${limit})`;
}

/** The line `read` continues from after a cut. */
function nextOffset(cut: BudgetCut): number {
  return cut.firstLinePartial ? 1 : cut.outputLines + 1;
}

/** Lines as the built-in tools count them: a final newline does not start another line. */
function countLines(text: string): number {
  if (text === '') return 0;
  let count = 1;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) count += 1;
  return text.endsWith('\n') ? count - 1 : count;
}
