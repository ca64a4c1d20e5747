/**
 * The options of `enableCodemode` once defaults are filled in and ranges checked: what the catalog
 * view, the host bridge and every run read. Types only; a plain object, so no run can change it.
 */
import type { JsonSchema } from '../core/types.ts';
import type { TokenCounter } from './declarations.ts';
import type { CodemodeRunner } from './runner.ts';

/** `CodemodeOptions` with every default applied and every cap checked. */
export interface CodemodeSettings {
  readonly runner: CodemodeRunner;
  readonly defaultTimeoutSeconds: number;
  readonly maxTimeoutSeconds: number;
  readonly maxCalls: number;
  readonly maxConsoleBytes: number;
  readonly maxResultBytes: number;
  readonly maxPayloadBytes: number;
  readonly memoryBytes: number;
  readonly declarationBudget: number;
  /** Absent means the declarations' own estimate (characters / 4). */
  readonly countTokens: TokenCounter | undefined;
  readonly outputSchemas: Readonly<Record<string, JsonSchema>>;
  readonly preamble: string;
  /** Clock for `duration_ms` of nested calls. */
  readonly now: () => number;
}
