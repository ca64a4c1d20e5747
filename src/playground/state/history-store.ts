/**
 * Every call of the session, newest first, and which one is selected; export and import of the whole
 * session as JSON. Imported files are untrusted: they are checked field by field and shown as text.
 * Framework-free.
 */

import type { ToolResult } from 'browser-agent-tools';
import { errorMessage } from '../../shared/index.ts';
import type { CallRecord, CallRequest, NestedCall } from './runtime.ts';
import { parseScenario, type Scenario, ScenarioError } from './scenario.ts';
import { createStore, type Store } from './store.ts';

/** A call in the history. */
export interface HistoryEntry extends CallRecord {
  /** Unique in the page, growing. */
  readonly id: number;
  /** Came from an imported session file: shown as recorded, not run here. */
  readonly imported: boolean;
}

interface HistoryState {
  /** Newest first. */
  readonly entries: readonly HistoryEntry[];
  readonly selectedId: number | null;
}

type HistoryEvent =
  | { type: 'added'; entry: HistoryEntry }
  | { type: 'selected'; id: number | null }
  | { type: 'cleared' }
  | { type: 'imported'; count: number };

/** The `format` field of an exported session file. */
const SESSION_FORMAT = 'browser-agent-tools/playground-session';

/** An exported session: the scenario that rebuilds it, and every call with its result. */
interface SessionFile {
  format: typeof SESSION_FORMAT;
  version: 1;
  exported_at: string;
  scenario: Scenario;
  calls: CallRecord[];
}

export interface HistoryStore {
  readonly store: Store<HistoryState, HistoryEvent>;
  add(record: CallRecord): HistoryEntry;
  select(id: number | null): void;
  selected(): HistoryEntry | null;
  clear(): void;
  /** The session as pretty JSON, oldest call first. */
  exportSession(scenario: Scenario): string;
  /** Replaces the history with the calls of a session file (checked first); returns its scenario. */
  importSession(text: string): Scenario;
}

/** The call as a model API would send it: `{ name, arguments }`, or the raw call. */
export function callJson(entry: CallRecord): unknown {
  return entry.request.kind === 'raw'
    ? entry.request.raw
    : { name: entry.request.name, arguments: entry.request.args };
}

/**
 * The calls a codemode script made, from its result's `details.calls` (imported files are untrusted:
 * anything that is not a call record is left out). Empty for every other tool.
 */
export function nestedCalls(record: CallRecord): NestedCall[] {
  const calls = record.result.details.calls;
  if (!Array.isArray(calls)) return [];
  const nested: NestedCall[] = [];
  for (const call of calls) {
    if (!isRecord(call) || typeof call.name !== 'string') continue;
    nested.push({
      name: call.name,
      args: call.args,
      is_error: call.is_error === true,
      duration_ms: typeof call.duration_ms === 'number' ? call.duration_ms : 0,
    });
  }
  return nested;
}

export function createHistoryStore(): HistoryStore {
  const handle = createStore<HistoryState, HistoryEvent>({ entries: [], selectedId: null });
  let nextId = 1;

  const add = (record: CallRecord, imported: boolean): HistoryEntry => ({
    ...record,
    id: nextId++,
    imported,
  });

  return {
    store: handle.store,
    add(record) {
      const entry = add(record, false);
      handle.set(
        { entries: [entry, ...handle.get().entries], selectedId: entry.id },
        { type: 'added', entry },
      );
      return entry;
    },
    select(id) {
      handle.set({ selectedId: id }, { type: 'selected', id });
    },
    selected() {
      const { entries, selectedId } = handle.get();
      return entries.find((entry) => entry.id === selectedId) ?? null;
    },
    clear() {
      handle.set({ entries: [], selectedId: null }, { type: 'cleared' });
    },
    exportSession(scenario) {
      const file: SessionFile = {
        format: SESSION_FORMAT,
        version: 1,
        exported_at: new Date().toISOString(),
        scenario,
        calls: [...handle.get().entries]
          .reverse()
          .filter((entry) => !entry.imported)
          .map(({ id: _id, imported: _imported, ...record }) => record),
      };
      return JSON.stringify(file, null, 2);
    },
    importSession(text) {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        throw new ScenarioError(`The file is not JSON (${errorMessage(error)}).`);
      }
      const { scenario, calls } = parseSessionFile(value);
      const entries = calls.map((record) => add(record, true)).reverse();
      handle.set(
        { entries, selectedId: entries[0]?.id ?? null },
        { type: 'imported', count: entries.length },
      );
      return scenario;
    },
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const names = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** Checks an untrusted session file. Throws `ScenarioError` with the reason. */
export function parseSessionFile(value: unknown): { scenario: Scenario; calls: CallRecord[] } {
  if (!isRecord(value) || value.format !== SESSION_FORMAT) {
    throw new ScenarioError(
      `This is not a playground session file (its "format" must be "${SESSION_FORMAT}").`,
    );
  }
  if (value.version !== 1)
    throw new ScenarioError(`Unknown session file version ${JSON.stringify(value.version)}.`);
  const scenario = parseScenario(value.scenario);
  if (!Array.isArray(value.calls)) throw new ScenarioError('"calls" must be a list.');
  const calls = value.calls.map((call, index) => parseRecord(call, index + 1));
  return { scenario, calls };
}

function parseRecord(value: unknown, position: number): CallRecord {
  const fail = (what: string): never => {
    throw new ScenarioError(`Call ${position}: ${what}.`);
  };
  if (!isRecord(value)) return fail('must be an object');
  const request = parseRequest(value.request) ?? fail('"request" must be a named or a raw call');
  const result = value.result;
  if (
    !isRecord(result) ||
    typeof result.output !== 'string' ||
    !isRecord(result.structured_output) ||
    !isRecord(result.details) ||
    typeof result.is_error !== 'boolean'
  ) {
    return fail('"result" must have output, structured_output, details and is_error');
  }
  if (result.control !== undefined && !isRecord(result.control)) fail('"result.control" must be an object');
  const duration = typeof result.details.duration_ms === 'number' ? result.details.duration_ms : 0;
  const clean: ToolResult = {
    output: result.output,
    structured_output: result.structured_output as ToolResult['structured_output'],
    details: { ...result.details, duration_ms: duration },
    is_error: result.is_error,
    ...(isRecord(result.control) ? { control: result.control as ToolResult['control'] } : {}),
  };
  const invocation =
    isRecord(value.invocation) &&
    typeof value.invocation.tool === 'string' &&
    isRecord(value.invocation.arguments)
      ? { tool: value.invocation.tool, arguments: value.invocation.arguments }
      : null;
  const parsed =
    isRecord(value.parsed) && typeof value.parsed.format === 'string'
      ? {
          format: value.parsed.format as NonNullable<CallRecord['parsed']>['format'],
          name: typeof value.parsed.name === 'string' ? value.parsed.name : null,
        }
      : null;
  return {
    request,
    parsed,
    result: clean,
    invocation,
    activated: names(value.activated),
    declarationsBefore: names(value.declarationsBefore),
    declarationsAfter: names(value.declarationsAfter),
    startedAt: typeof value.startedAt === 'number' ? value.startedAt : 0,
  };
}

function parseRequest(value: unknown): CallRequest | null {
  if (!isRecord(value)) return null;
  const caller = value.caller === 'codemode' ? 'codemode' : 'model';
  if (value.kind === 'raw') return { kind: 'raw', raw: value.raw, caller };
  if (value.kind === 'named' && typeof value.name === 'string') {
    return { kind: 'named', name: value.name, args: value.args, caller };
  }
  return null;
}
