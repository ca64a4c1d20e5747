/**
 * Transcript replay: a pasted list of raw calls (any supported format, mixed) run one step at a time
 * from a fresh session and the starting files. Each step keeps the declarations the model had at that
 * moment and the result that came back. A string argument may refer to an earlier result with
 * `{{previous.<path>}}` or `{{step<N>.<path>}}`. Framework-free.
 */

import { parseToolCall, type ToolCallFormat, type ToolResult } from 'browser-agent-tools';
import { errorMessage } from '../../shared/index.ts';
import type { ExampleTranscript } from '../demo/transcripts.ts';
import type { HistoryEntry } from './history-store.ts';
import type { CallRequest } from './runtime.ts';
import { createStore, type Store, type StoreHandle } from './store.ts';

export interface ReplayStep {
  readonly raw: unknown;
  readonly format: ToolCallFormat;
  readonly name: string | null;
  /** After the step ran: the call as sent (references filled in), the declarations before it, the result. */
  readonly sent: unknown;
  readonly declarations: readonly string[] | null;
  readonly added: readonly string[];
  readonly result: ToolResult | null;
  readonly entryId: number | null;
}

export interface ReplayState {
  readonly text: string;
  readonly error: string | null;
  readonly steps: readonly ReplayStep[];
  /** Steps run so far. */
  readonly position: number;
  readonly running: boolean;
  /** The step whose declarations and channels are shown. */
  readonly selected: number | null;
}

type ReplayEvent = { type: 'loaded'; steps: number } | { type: 'stepped'; index: number };

export interface ReplayStore {
  readonly store: Store<ReplayState, ReplayEvent>;
  readonly examples: readonly ExampleTranscript[];
  setText(text: string): void;
  loadExample(id: string): void;
  /** Parses the text into steps and goes back to the start. Returns whether it could. */
  load(): boolean;
  /** Runs the next step (starting the replay when at the start). */
  step(): Promise<void>;
  /** Runs every remaining step. */
  runAll(): Promise<void>;
  select(index: number): void;
}

export interface ReplayOptions {
  examples: readonly ExampleTranscript[];
  /** A fresh session and the starting files, before the first step. */
  prepare(): Promise<void>;
  /** The names the model is given now. */
  declarations(): string[];
  run(request: CallRequest): Promise<HistoryEntry>;
}

/** The most steps a transcript may hold. */
const MAX_STEPS = 500;

/** Reads a transcript: a JSON list, `{ "calls": [...] }`, or one JSON call per line. */
export function parseTranscript(text: string): unknown[] {
  const trimmed = text.trim();
  if (trimmed === '') throw new Error('The transcript is empty. Paste a JSON list of tool calls.');
  let calls: unknown;
  try {
    const value: unknown = JSON.parse(trimmed);
    calls =
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Array.isArray((value as { calls?: unknown }).calls)
        ? (value as { calls: unknown[] }).calls
        : value;
  } catch (error) {
    const lines = trimmed.split('\n').filter((line) => line.trim() !== '');
    try {
      calls = lines.map((line) => JSON.parse(line) as unknown);
    } catch {
      throw new Error(`The transcript is not JSON: ${errorMessage(error)}`);
    }
  }
  if (!Array.isArray(calls)) calls = [calls];
  const list = calls as unknown[];
  if (list.length === 0) throw new Error('The transcript holds no call.');
  if (list.length > MAX_STEPS) throw new Error(`A transcript may hold at most ${MAX_STEPS} calls.`);
  return list;
}

const REFERENCE = /\{\{\s*(previous|step(\d+))\.([A-Za-z0-9_.]+)\s*\}\}/g;

/** The value at a dotted path of a result, e.g. `details.spilled_path`. */
function lookup(result: ToolResult | null, path: string): unknown {
  let value: unknown = result;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * Fills `{{previous.<path>}}` and `{{step<N>.<path>}}` references in every string of `value` with
 * earlier results. A string that is exactly one reference takes the value's type; unknown references
 * stay as written.
 */
export function fillReferences(value: unknown, results: readonly (ToolResult | null)[], depth = 0): unknown {
  if (depth > 64) return value;
  if (typeof value === 'string') {
    const resolve = (which: string, index: string | undefined, path: string): unknown => {
      const position = which === 'previous' ? results.length - 1 : Number(index) - 1;
      return lookup(results[position] ?? null, path);
    };
    const whole = /^\{\{\s*(previous|step(\d+))\.([A-Za-z0-9_.]+)\s*\}\}$/.exec(value);
    if (whole?.[1] && whole[3]) {
      const found = resolve(whole[1], whole[2], whole[3]);
      return found === undefined ? value : found;
    }
    return value.replace(REFERENCE, (match, which: string, index: string | undefined, path: string) => {
      const found = resolve(which, index, path);
      return found === undefined ? match : typeof found === 'string' ? found : JSON.stringify(found);
    });
  }
  if (Array.isArray(value)) return value.map((item) => fillReferences(item, results, depth + 1));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, fillReferences(item, results, depth + 1)]),
    );
  }
  return value;
}

/** JSON-encoded arguments (OpenAI) are decoded, filled and encoded again. */
function fillCall(raw: unknown, results: readonly (ToolResult | null)[]): unknown {
  const filled = fillReferences(raw, results);
  if (typeof filled !== 'object' || filled === null) return filled;
  const call = filled as Record<string, unknown>;
  const fillEncoded = (text: unknown): unknown => {
    if (typeof text !== 'string' || !text.includes('{{')) return text;
    try {
      return JSON.stringify(fillReferences(JSON.parse(text), results));
    } catch {
      return text;
    }
  };
  if (typeof call.arguments === 'string') return { ...call, arguments: fillEncoded(call.arguments) };
  if (typeof call.function === 'object' && call.function !== null) {
    const fn = call.function as Record<string, unknown>;
    return { ...call, function: { ...fn, arguments: fillEncoded(fn.arguments) } };
  }
  return call;
}

type ReplayHandle = StoreHandle<ReplayState, ReplayEvent>;

/** A transcript's call as a step not run yet. */
function pendingStep(raw: unknown): ReplayStep {
  const parsed = parseToolCall(raw);
  return {
    raw,
    format: parsed.format,
    name: typeof parsed.name === 'string' ? parsed.name : null,
    sent: null,
    declarations: null,
    added: [],
    result: null,
    entryId: null,
  };
}

/**
 * Runs the step at the current position, its references to earlier results filled in, and records
 * what the model had declared before it and what came back.
 */
async function runNextStep(handle: ReplayHandle, options: ReplayOptions): Promise<void> {
  const index = handle.get().position;
  const current = handle.get().steps[index];
  if (!current) return;
  const results = handle
    .get()
    .steps.slice(0, index)
    .map((done) => done.result);
  const sent = fillCall(current.raw, results);
  const declarations = options.declarations();
  const entry = await options.run({ kind: 'raw', raw: sent, caller: 'model' });
  const steps = [...handle.get().steps];
  steps[index] = {
    ...current,
    sent,
    declarations,
    added: entry.activated,
    result: entry.result,
    entryId: entry.id,
  };
  handle.set({ steps, position: index + 1, selected: index }, { type: 'stepped', index });
}

export function createReplayStore(options: ReplayOptions): ReplayStore {
  const first = options.examples[0];
  const handle = createStore<ReplayState, ReplayEvent>({
    text: first ? JSON.stringify(first.calls, null, 2) : '[]',
    error: null,
    steps: [],
    position: 0,
    running: false,
    selected: null,
  });

  const load = (): boolean => {
    try {
      const steps = parseTranscript(handle.get().text).map(pendingStep);
      handle.set(
        { steps, position: 0, error: null, selected: null },
        { type: 'loaded', steps: steps.length },
      );
      return true;
    } catch (error) {
      handle.set({ error: errorMessage(error), steps: [], position: 0, selected: null });
      return false;
    }
  };

  const step = async (): Promise<void> => {
    let state = handle.get();
    if (state.running) return;
    if (state.steps.length === 0 && !load()) return;
    state = handle.get();
    if (state.position >= state.steps.length) return;
    handle.set({ running: true });
    try {
      if (state.position === 0) await options.prepare();
      await runNextStep(handle, options);
    } catch (error) {
      handle.set({ error: errorMessage(error) });
    } finally {
      handle.set({ running: false });
    }
  };

  return {
    store: handle.store,
    examples: options.examples,
    setText: (text) => handle.set({ text }),
    loadExample(id) {
      const example = options.examples.find((candidate) => candidate.id === id);
      if (!example) return;
      handle.set({ text: JSON.stringify(example.calls, null, 2) });
      load();
    },
    load,
    step,
    async runAll() {
      if (handle.get().steps.length === 0 && !load()) return;
      while (handle.get().position < handle.get().steps.length && !handle.get().error) {
        await step();
      }
    },
    select: (index) => handle.set({ selected: index }),
  };
}
