/**
 * The invariants every fault must keep, checked after every fault test. A plain module (not a test file):
 * the fault tests and the `faults` conformance cases import it.
 *
 * - E: an error result names the tool and the offending argument, gives the cause and a next step, and
 *   carries no stack frame, host path or class name.
 * - N: a failed call leaves the workspace byte-identical (checked by the callers with `snapshot()`).
 * - S: a failed, timed-out, aborted or partial call is never a success.
 */
import { expect } from 'vitest';
import type { ToolResult } from '../index.ts';

/** The keys every result has; `control` only when a tool sets it. */
const RESULT_KEYS = ['details', 'is_error', 'output', 'structured_output'] as const;

/** Asserts the exact three-channel shape: the result keys, `details.duration_ms` a number. */
export function expectResultShape(result: ToolResult): void {
  const keys = Object.keys(result).sort();
  const expected = 'control' in result ? [...RESULT_KEYS, 'control'].sort() : [...RESULT_KEYS];
  expect(keys).toEqual(expected);
  expect(typeof result.output).toBe('string');
  expect(typeof result.is_error).toBe('boolean');
  expect(typeof result.details.duration_ms).toBe('number');
  expect(Number.isFinite(result.details.duration_ms)).toBe(true);
}

/** Text that must never reach a model: stack frames, host paths, class names of errors. */
export function expectNoLeak(text: string): void {
  expect(text).not.toMatch(/^\s*at .+[(:]\d+/m);
  expect(text).not.toContain('/work/');
  expect(text).not.toContain('node_modules');
  expect(text).not.toMatch(/\b(?:TypeError|RangeError|ReferenceError|WorkspaceError|ToolError)\b/);
}

/**
 * Invariant E on an error result: it is an error whose output ends with its message (output the tool
 * produced before failing may come first); the message names `tool` (as a whole word: its `tool:` prefix,
 * in quotes, or "arguments for tool") and `argument` (when given), has a cause and a next step (two sentences at least), and the
 * whole output leaks nothing.
 */
export function expectClearError(result: ToolResult, tool: string, argument?: string): void {
  expectResultShape(result);
  expect(result.is_error, result.output).toBe(true);
  const message = String((result.structured_output.error as { message?: unknown } | undefined)?.message);
  const text = result.output;
  expect(text.endsWith(message), text.slice(-300)).toBe(true);
  const named = new RegExp(`(^|[^\\w])${tool.replace(/[^\w]/g, '\\$&')}([^\\w]|$)`);
  expect(named.test(message), message).toBe(true);
  if (argument !== undefined) expect(message).toContain(argument);
  expect(message.split(/[.:]\s+[A-Z(]/).length, message).toBeGreaterThanOrEqual(2);
  expectNoLeak(text);
}
