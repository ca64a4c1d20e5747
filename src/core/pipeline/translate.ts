/**
 * Translate: the first step, and the only one that knows other agents' call shapes. Models and SDKs
 * call the same tool by other names (`Read`, `str_replace_based_edit_tool`), send JSON strings or
 * wrapped payloads, spell parameters their own way, send a patch to the shell, or make calls no single
 * call of a built-in matches. All of that is read here, from the registered tools' `repairs` (data that
 * belongs to each tool), and turned into one canonical call: a registered name, the arguments keyed by
 * its parameters, and how it was called. Kept apart so the steps after it (resolve, validate, approve,
 * invoke, finish) deal with one call shape only and never call a repair hook; a call that cannot be
 * translated ends here with the error a model gets.
 */
import {
  AliasRepairError,
  peerAdapter,
  type ResolvedName,
  rawPayload,
  redirectByPayload,
  repairArguments,
  resolveToolName,
} from '../aliases.ts';
import { ArgumentsError, extractArguments } from '../arguments.ts';
import { ERROR_CODES } from '../errors.ts';
import { isToolName } from '../normalize.ts';
import { errorResult, isPlainObject } from '../results.ts';
import type {
  PayloadRedirect,
  PeerAdapter,
  RegisteredTool,
  ToolRepairs,
  ToolResult,
  ToolSession,
} from '../types.ts';
import { type Call, type CanonicalCall, type Engine, type Stop, stop } from './engine.ts';
import { notAToolNameResult, unknownToolResult } from './exposure.ts';
import { invalidArgumentsResult } from './validate.ts';

/** A peer call no single call of a tool matches: its adapter carries it out as calls of the suite's tools. */
interface AdapterCall {
  kind: 'adapter';
  adapter: PeerAdapter;
  arguments: Record<string, unknown>;
}

/** What the translator makes of a raw call. */
export type Translated = CanonicalCall | AdapterCall;

/** The tool whose repairs read a call: its name as resolved, and what of it translation needs. */
interface Named {
  called: string;
  resolved: ResolvedName;
  repairs: ToolRepairs | undefined;
  properties: Record<string, unknown>;
}

const NO_TOOL_NAME_TEXT =
  'The tool call has no tool name. Send a call with the name of one of the declared tools and its arguments.';

/** The error of a call without a tool name. */
export function noToolNameResult(): ToolResult {
  return errorResult(NO_TOOL_NAME_TEXT, { code: ERROR_CODES.INVALID_CALL });
}

/** The error of a call made in a session that has ended; `undefined` while the session goes on. */
function sessionEndedResult(session: ToolSession | undefined): ToolResult | undefined {
  if (!session?.terminated) return undefined;
  const reason = session.terminated.reason ? ` (${session.terminated.reason})` : '';
  return errorResult(
    `The session has ended${reason}. No further tool calls run in it; answer the user instead.`,
    { code: ERROR_CODES.SESSION_ENDED },
  );
}

/**
 * The canonical call a raw one (`rawName`, and `call.rawArgs` as sent) stands for, a peer adapter that
 * takes it over, or the error that ends it: the session has ended, there is no name or no visible tool
 * answers to it, or the arguments cannot be read as the tool's.
 */
export function translateCall<W>(engine: Engine<W>, call: Call, rawName: unknown): Translated | Stop {
  const ended = sessionEndedResult(call.session);
  if (ended) return stop(ended);
  const named = nameOf(engine, call, rawName);
  if (isStopped(named)) return named;
  const { resolved, repairs, properties } = named;
  let args: Record<string, unknown>;
  let redirect: PayloadRedirect | undefined;
  try {
    args = extractArguments(rawPayload(repairs, resolved, call.rawArgs), properties);
    const adapter = peerAdapter(repairs, resolved, args);
    if (adapter) return { kind: 'adapter', adapter, arguments: args };
    redirect = redirectByPayload(repairs, resolved, args);
  } catch (error) {
    return stop(hookErrorResult(error, resolved.name, call.rawArgs));
  }
  const origin: CanonicalCall['origin'] = { called: named.called };
  if (resolved.alias !== undefined) origin.alias = resolved.alias;
  if (redirect === undefined) {
    const repaired = repairArguments(repairs, args, properties, resolved.alias);
    return { kind: 'call', name: resolved.name, arguments: repaired, origin };
  }
  origin.redirect = redirect;
  return {
    kind: 'call',
    name: redirect.name,
    arguments: redirectedArguments(engine, redirect, named),
    origin,
  };
}

function isStopped(value: Named | Stop): value is Stop {
  return 'stop' in value;
}

/**
 * The visible tool `rawName` names, by its own name, a peer alias or another case. Hidden tools are
 * never found, so no answer can tell them from names never registered.
 */
function nameOf<W>(engine: Engine<W>, call: Call, rawName: unknown): Named | Stop {
  if (typeof rawName !== 'string' || rawName.trim() === '') return stop(noToolNameResult());
  const called = rawName.trim();
  // Before any lookup or similarity search: the cost of a call must not grow with the name's size.
  if (!isToolName(called)) return stop(notAToolNameResult(engine, called, call.caller, call.session));
  let found: RegisteredTool<W> | undefined;
  const visible = (name: string): boolean => {
    const tool = engine.catalog.get(name);
    if (tool === undefined || tool.mode === 'hidden') return false;
    // The name resolves to the first visible tool asked about: keeping it saves a second lookup.
    found = tool;
    return true;
  };
  const resolved = resolveToolName(called, visible, engine.catalog.aliasOf);
  if (!resolved || !found) return stop(unknownToolResult(engine, called, call.caller, call.session));
  const tool: RegisteredTool<W> = found;
  return {
    called,
    resolved,
    repairs: tool.repairs,
    properties: propertiesOf(tool),
  };
}

function propertiesOf<W>(tool: RegisteredTool<W>): Record<string, unknown> {
  return isPlainObject(tool.spec.parameters.properties) ? tool.spec.parameters.properties : {};
}

/**
 * The arguments a redirected call runs with: those the redirect built itself, with the schema it gives
 * for them, as they are; otherwise the target tool's repairs apply, as to a call made to it. A target
 * no visible tool has is left to resolve, which answers as for any unknown name.
 */
function redirectedArguments<W>(
  engine: Engine<W>,
  redirect: PayloadRedirect,
  named: Named,
): Record<string, unknown> {
  if (redirect.parameters) return redirect.args;
  const target = engine.catalog.get(redirect.name);
  if (!target || target.mode === 'hidden') return redirect.args;
  return repairArguments(target.repairs, redirect.args, propertiesOf(target), named.resolved.alias);
}

/** What a model is told when its arguments cannot be read, or a repair hook cannot make sense of them. */
function hookErrorResult(error: unknown, name: string, rawArgs: unknown): ToolResult {
  if (error instanceof ArgumentsError) return invalidArgumentsResult(name, error.problems, rawArgs);
  if (error instanceof AliasRepairError) {
    return errorResult(error.message, { code: ERROR_CODES.INVALID_ARGUMENTS, data: { tool: name } });
  }
  throw error;
}
