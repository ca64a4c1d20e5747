/**
 * Validate: coerce what JSON Schema allows (a `"3"` for an integer) and check the arguments against the
 * schema. Schema only: a peer agent's names and shapes were translated before (`translate.ts`). Any
 * problem ends the call with one invalid-arguments error listing them all.
 */
import {
  coerceArguments,
  inspectArguments,
  MAX_FULLY_CHECKED_VALUES,
  validateArguments,
} from '../arguments.ts';
import { ERROR_CODES } from '../errors.ts';
import { clipText, errorResult } from '../results.ts';
import type { RegisteredTool, ToolResult } from '../types.ts';
import { type CanonicalCall, type Stop, stop } from './engine.ts';

/** Characters of what a call sent that an error echoes. */
const MAX_ECHO = 600;
/** Problems listed in an invalid-arguments error; the rest are counted. */
const MAX_LISTED_PROBLEMS = 20;
/** Characters of one listed problem. */
const MAX_PROBLEM_CHARS = 300;

/**
 * The arguments `tool` runs with. Arguments a peer translation built itself are checked against the
 * schema it gave for them, not the tool's declared one.
 */
export function validateCall<W>(
  tool: RegisteredTool<W>,
  canonical: CanonicalCall<W>,
): Record<string, unknown> | Stop {
  const schema = canonical.parameters ?? tool.spec.parameters;
  const coerced = coerceArguments(canonical.arguments, schema) as Record<string, unknown>;
  const { problems: prototypeProblems, values } = inspectArguments(coerced, schema);
  const found = validateArguments(coerced, schema, { describeAtMost: MAX_LISTED_PROBLEMS, values });
  const problems = [...prototypeProblems, ...found.described];
  if (problems.length === 0) return coerced;
  const count = found.count === null ? null : prototypeProblems.length + found.count;
  return stop(invalidArgumentsResult(tool.spec.name, problems, canonical.received, count));
}

/**
 * The invalid-arguments error. Its size does not grow with the call: at most
 * {@link MAX_LISTED_PROBLEMS} problems of {@link MAX_PROBLEM_CHARS} characters are listed, the rest
 * counted (`count`, all problems found; `null` when only the first was looked for), and what was
 * sent is echoed up to {@link MAX_ECHO} characters.
 */
export function invalidArgumentsResult(
  name: string,
  problems: readonly string[],
  received: unknown,
  count: number | null = problems.length,
): ToolResult {
  const listed = problems
    .slice(0, MAX_LISTED_PROBLEMS)
    .map((problem) => clipText(problem, MAX_PROBLEM_CHARS));
  const omitted = count === null ? null : count - listed.length;
  const text = [
    `Invalid arguments for ${name}:`,
    ...listed.map((problem) => `- ${problem}`),
    ...omittedLine(omitted),
    `Received: ${echo(received)}`,
    `Fix the arguments and call ${name} again.`,
  ].join('\n');
  const rest =
    omitted === null ? { problems_uncounted: true } : omitted > 0 ? { problems_omitted: omitted } : {};
  return errorResult(text, {
    code: ERROR_CODES.INVALID_ARGUMENTS,
    data: { tool: name, problems: listed, ...rest },
  });
}

function omittedLine(omitted: number | null): string[] {
  if (omitted === null) {
    return [
      `- … perhaps more: the arguments hold over ${MAX_FULLY_CHECKED_VALUES.toLocaleString('en-US')} values, so the check stopped at the first value with a problem.`,
    ];
  }
  return omitted > 0 ? [`- … and ${omitted} more ${omitted === 1 ? 'problem' : 'problems'}.`] : [];
}

/** What a call sent, as text, at most {@link MAX_ECHO} characters. */
export function echo(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > MAX_ECHO ? `${text.slice(0, MAX_ECHO)}… (${text.length} characters)` : text;
}
