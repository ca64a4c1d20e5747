/**
 * Matchers for tool results and declarations, added to Playwright's `expect` with `expect.extend`. A
 * failure message says what the call did instead, its error code and the output the model read, so a
 * failing test explains itself without a rerun.
 */
import type { ExpectMatcherState, MatcherReturnType } from '@playwright/test';
import type { ErrorCode, ToolResult, WorkspaceErrorCode } from '../index.ts';
import type { PlaygroundPage } from './playground-page.ts';

/** The matchers `expect` gains; each applies only to the receiver type it names. */
export type PlaygroundMatchers = {
  /** The call did its job (`is_error: false`). */
  toSucceed: (this: ExpectMatcherState, result: ToolResult) => MatcherReturnType;
  /** The call failed (`is_error: true`) with this `structured_output.error.code`. */
  toFailWith: (
    this: ExpectMatcherState,
    result: ToolResult,
    code: ErrorCode | WorkspaceErrorCode,
  ) => MatcherReturnType;
  /** The declarations the model gets next (catalog form) include a tool of this name. */
  toDeclare: (
    this: ExpectMatcherState,
    playground: PlaygroundPage,
    name: string,
  ) => Promise<MatcherReturnType>;
};

const isToolResult = (value: unknown): value is ToolResult =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ToolResult).is_error === 'boolean' &&
  typeof (value as ToolResult).output === 'string';

/** `structured_output.error.code` of a failed result, or `null` when it has none. */
function errorCodeOf(result: ToolResult): string | null {
  const error = result.structured_output?.error;
  if (typeof error !== 'object' || error === null || Array.isArray(error)) return null;
  return typeof error.code === 'string' ? error.code : null;
}

const outputOf = (result: ToolResult): string => `\noutput:\n${result.output}`;

/** What the call did, in the words of a failure message: "succeeded" or "failed with CODE". */
const outcomeOf = (result: ToolResult): string => {
  if (!result.is_error) return 'succeeded';
  const code = errorCodeOf(result);
  return code === null ? 'failed without an error code' : `failed with ${code}`;
};

/** The failure of a matcher that got something other than a tool result (whatever `.not` says). */
function notAResult(matcher: string, isNot: boolean, received: unknown): MatcherReturnType {
  const shown = String(JSON.stringify(received) ?? received).slice(0, 200);
  return {
    pass: isNot,
    message: () =>
      `${matcher} expects a tool result ({ output, structured_output, details, is_error }), but got ${shown}.`,
  };
}

export const playgroundMatchers: PlaygroundMatchers = {
  toSucceed(result) {
    if (!isToolResult(result)) return notAResult('toSucceed', this.isNot, result);
    const pass = result.is_error === false;
    return {
      pass,
      message: () =>
        pass
          ? `Expected the call to fail, but it succeeded.${outputOf(result)}`
          : `Expected the call to succeed, but it ${outcomeOf(result)}.${outputOf(result)}`,
    };
  },

  toFailWith(result, code) {
    if (!isToolResult(result)) return notAResult('toFailWith', this.isNot, result);
    const pass = result.is_error && errorCodeOf(result) === code;
    return {
      pass,
      message: () =>
        pass
          ? `Expected the call not to fail with ${code}, but it did.${outputOf(result)}`
          : `Expected the call to fail with ${code}, but it ${outcomeOf(result)}.${outputOf(result)}`,
    };
  },

  async toDeclare(playground, name) {
    if (typeof (playground as Partial<PlaygroundPage> | null)?.declaredNames !== 'function') {
      return {
        pass: this.isNot,
        message: () =>
          'toDeclare expects the playground fixture: write expect(playground).toDeclare(name), with the ' +
          "test's { playground }, not its page or a result.",
      };
    }
    const names = await playground.declaredNames();
    const pass = names.includes(name);
    const listed = names.length === 0 ? 'none' : names.join(', ');
    return {
      pass,
      message: () =>
        pass
          ? `Expected the declarations not to include "${name}", but they do.`
          : `Expected the declarations to include "${name}", but they hold ${names.length} tools: ${listed}. ` +
            'A deferred tool is declared only once tool_search activates it; codemode and hidden tools never are.',
    };
  },
};
