/** An engine over a fresh catalog, for driving one pipeline step at a time. */
import { DEFAULT_OUTPUT_BUDGET } from '../../../src/core/budget.ts';
import { createCatalog } from '../../../src/core/catalog.ts';
import type { Call, Engine } from '../../../src/core/pipeline/engine.ts';
import type { IncomingCall } from '../../../src/core/pipeline/translate.ts';
import type { ExecuteOptions, ToolSuite } from '../../../src/core/types.ts';

export const OBJECT = { type: 'object', properties: {} };

export function testEngine(overrides: Partial<Engine> = {}): Engine {
  return {
    catalog: createCatalog(),
    suite: {} as ToolSuite,
    policy: undefined,
    onApproval: undefined,
    defaultBudget: { ...DEFAULT_OUTPUT_BUDGET },
    spill: undefined,
    effects: () => null,
    getWorkspace: () => Promise.reject(new Error('no workspace in this test')),
    plugins: () => [],
    ...overrides,
  };
}

export function testCall(options: ExecuteOptions = {}): Call {
  return {
    caller: options.caller === 'codemode' ? 'codemode' : 'model',
    session: options.session,
    options,
  };
}

/** A call as `execute(name, args)` hands it to the translator. */
export function named(name: string, args: unknown = {}): IncomingCall {
  return { kind: 'named', name, arguments: args };
}
