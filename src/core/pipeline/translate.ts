/**
 * Translate: the first step, and the only one that knows other agents' call shapes. Model APIs wrap a
 * call each their own way (OpenAI, Anthropic, Gemini, MCP, the AI SDK); models call the same tool by
 * other names (`Read`, `str_replace_based_edit_tool`), send JSON strings or bare text, spell
 * parameters their own way, send a patch to the shell, or make calls no single call of a built-in
 * matches. All of that is read here, from the call's own shape (`raw-call.ts`) and the registered
 * tool's `repairs` (data that belongs to each tool: aliases, renames, conversions, and a table of peer
 * shapes), and turned into one canonical call: a registered tool, looked up once and handed on,
 * arguments keyed by its parameters, and where the call came from. The steps after it (resolve,
 * validate, approve, invoke, finish) deal with that one shape only; a call that cannot be translated
 * ends here with the error a model gets.
 */
import { convertArguments, repairArguments } from '../aliases.ts';
import { ArgumentsError, extractArguments } from '../arguments.ts';
import type { FoundTool } from '../catalog.ts';
import { ERROR_CODES } from '../errors.ts';
import { isToolName } from '../normalize.ts';
import { copyRecord } from '../own.ts';
import { parseToolCall, type ToolCallFormat } from '../raw-call.ts';
import { errorResult, isPlainObject } from '../results.ts';
import type {
  PeerCall,
  PeerContext,
  PeerRun,
  PeerShape,
  PeerTranslated,
  RegisteredTool,
  ToolResult,
  ToolSession,
} from '../types.ts';
import { type Call, type CanonicalCall, type Engine, isStop, type Stop, stop } from './engine.ts';
import { notAToolNameResult, unknownToolResult } from './exposure.ts';
import { invalidArgumentsResult } from './validate.ts';

/**
 * A call as it reaches the pipeline: a name and its arguments (`execute`), or a whole call as a model
 * API returned it (`executeCall`), whose shape is read here too.
 */
export type IncomingCall =
  | { kind: 'named'; name: unknown; arguments: unknown }
  | { kind: 'raw'; call: unknown };

/** A peer shape that is several calls: it runs them, each through the steps after translation. */
export interface PeerProgram<W> {
  kind: 'program';
  /** The tool the call named, as found: a call of it in the run is not looked up again. */
  tool: RegisteredTool<W>;
  run(runCall: PeerRun): Promise<ToolResult>;
}

/** What the translator makes of a call that it does not end. */
export type Translated<W> = CanonicalCall<W> | PeerProgram<W>;

/** Finds the visible tool of a registered name, for a call a peer shape hands on. */
type ToolLookup<W> = (name: string) => RegisteredTool<W> | undefined;

const NO_TOOL_NAME_TEXT =
  'The tool call has no tool name. Send a call with the name of one of the declared tools and its arguments.';

/** The error of a call without a tool name. */
function noToolNameResult(): ToolResult {
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
 * The canonical call `incoming` stands for, a run of several calls a peer shape makes of it, or the
 * error that ends it: the session has ended, there is no name or no visible tool answers to it, or the
 * arguments cannot be read as the tool's. The tool is looked up once, here.
 */
export function translateCall<W>(
  engine: Engine<W>,
  call: Call,
  incoming: IncomingCall,
): Translated<W> | Stop {
  const ended = sessionEndedResult(call.session);
  if (ended) return stop(ended);
  const sent = readIncoming(incoming);
  const found = findTool(engine, call, sent.name);
  if (isStop(found)) return found;
  const { tool } = found;
  const origin: CanonicalCall['origin'] = { called: found.called };
  if (found.alias !== undefined) origin.alias = found.alias;
  if (sent.format !== undefined) origin.format = sent.format;
  const properties = propertiesOf(tool);
  const shapes = shapesFor(tool, found.called);
  let args: Record<string, unknown>;
  try {
    args = extractArguments(textPayload(shapes, sent.arguments), properties);
  } catch (error) {
    if (!(error instanceof ArgumentsError)) throw error;
    return stop(invalidArgumentsResult(tool.spec.name, error.problems, sent.arguments));
  }
  const has = (key: string): boolean => Object.hasOwn(properties, key);
  const shaped = shapeCall(shapes, args, { tool: tool.spec.name, called: found.called, has });
  if (shaped.peer !== undefined) origin.peer = shaped.peer;
  const outcome = shaped.outcome;
  if ('result' in outcome) return stop(outcome.result);
  if ('run' in outcome) return { kind: 'program', tool, run: (runCall) => outcome.run(runCall) };
  const lookup: ToolLookup<W> = (name) => (name === tool.spec.name ? tool : visibleTool(engine, name));
  return canonicalCall(outcome.call, sent.arguments, origin, lookup);
}

/** The name, arguments and format of an incoming call: a model API's shape is read here. */
function readIncoming(incoming: IncomingCall): {
  name: unknown;
  arguments: unknown;
  format?: ToolCallFormat;
} {
  if (incoming.kind === 'named') return { name: incoming.name, arguments: incoming.arguments };
  const parsed = parseToolCall(incoming.call);
  return { name: parsed.name, arguments: parsed.arguments, format: parsed.format };
}

/**
 * The visible tool `rawName` names, by its own name, a peer alias or another case, in one catalog
 * lookup. Hidden tools are never found, so no answer can tell them from names never registered.
 */
function findTool<W>(
  engine: Engine<W>,
  call: Call,
  rawName: unknown,
): (FoundTool<W> & { called: string }) | Stop {
  if (typeof rawName !== 'string' || rawName.trim() === '') return stop(noToolNameResult());
  const called = rawName.trim();
  // Before any lookup or similarity search: the cost of a call must not grow with the name's size.
  if (!isToolName(called)) return stop(notAToolNameResult(engine, called, call.caller, call.session));
  const found = engine.catalog.find(called);
  if (!found) return stop(unknownToolResult(engine, called, call.caller, call.session));
  return { ...found, called };
}

/** The registered tool of exactly `name`, unless it is hidden. */
export function visibleTool<W>(engine: Engine<W>, name: string): RegisteredTool<W> | undefined {
  const tool = engine.catalog.get(name);
  return tool === undefined || tool.mode === 'hidden' ? undefined : tool;
}

function propertiesOf<W>(tool: RegisteredTool<W>): Record<string, unknown> {
  return isPlainObject(tool.spec.parameters.properties) ? tool.spec.parameters.properties : {};
}

/**
 * The canonical call of a call a peer shape hands on (or the call as sent): its tool, found by
 * `lookup`, and its arguments repaired by that tool's repairs, unless the shape brought a schema of its
 * own for them. A name no visible tool has is left to resolve, which answers as for any unknown name.
 */
export function canonicalCall<W>(
  handed: PeerCall,
  received: unknown,
  origin: CanonicalCall['origin'],
  lookup: ToolLookup<W>,
): CanonicalCall<W> {
  const tool = lookup(handed.name);
  const repaired =
    handed.parameters === undefined && tool !== undefined
      ? repairArguments(tool.repairs, handed.arguments, propertiesOf(tool))
      : handed.arguments;
  if (handed.reportAs !== undefined) origin.reportAs = handed.reportAs;
  const canonical: CanonicalCall<W> = {
    kind: 'call',
    name: handed.name,
    tool,
    arguments: repaired,
    received,
    origin,
  };
  if (handed.parameters !== undefined) canonical.parameters = handed.parameters;
  return canonical;
}

/** The tool's peer shapes that may apply to a call by `called`, in the order the tool lists them. */
function shapesFor<W>(tool: RegisteredTool<W>, called: string): [string, PeerShape][] {
  const peers = tool.repairs?.peers;
  if (peers === undefined) return [];
  return Object.entries(peers).filter(
    ([, shape]) => shape.names === undefined || shape.names.includes(called),
  );
}

/** A payload sent as bare text that a peer shape reads under a key (Codex's freeform `apply_patch`). */
function textPayload(shapes: readonly [string, PeerShape][], raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  const start = raw.trimStart();
  for (const [, { text }] of shapes) {
    if (text?.startsWith.some((prefix) => start.startsWith(prefix))) return { [text.key]: raw };
  }
  return raw;
}

/**
 * What the first peer shape that applies makes of the call, and that shape's key; without one, the
 * call of the tool itself with the arguments as sent.
 */
function shapeCall(
  shapes: readonly [string, PeerShape][],
  args: Record<string, unknown>,
  context: PeerContext,
): { peer?: string; outcome: NonNullable<PeerTranslated> } {
  for (const [peer, shape] of shapes) {
    if (shape.marker !== undefined && !Object.hasOwn(args, shape.marker)) continue;
    const outcome = applyShape(shape, args, context);
    if (outcome !== undefined) return { peer, outcome };
  }
  return { outcome: { call: { name: context.tool, arguments: args } } };
}

/** One peer shape applied: its defaults and conversions, then its redirect or its code. */
function applyShape(shape: PeerShape, args: Record<string, unknown>, context: PeerContext): PeerTranslated {
  let out = args;
  if (shape.defaults !== undefined || shape.convert !== undefined) {
    out = copyRecord(args);
    for (const [key, value] of Object.entries(shape.defaults ?? {}))
      if (out[key] === undefined) out[key] = value;
    convertArguments(shape.convert ?? [], out, context.has);
  }
  if (shape.translate !== undefined) return shape.translate(out, context);
  if (shape.redirect === undefined) return { call: { name: context.tool, arguments: out } };
  const mapped = copyRecord(out);
  for (const [target, source] of Object.entries(shape.redirect.arguments ?? {})) {
    if (!Object.hasOwn(mapped, source)) continue;
    if (mapped[target] === undefined) mapped[target] = mapped[source];
    delete mapped[source];
  }
  return { call: { name: shape.redirect.tool, arguments: mapped } };
}
