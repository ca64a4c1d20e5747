/**
 * What every step of the `execute` pipeline may read: the suite's catalog and options, and the call
 * in flight. Steps are plain functions of these; none keeps state of its own.
 */
import type { Catalog } from '../catalog.ts';
import type { ToolCallFormat } from '../raw-call.ts';
import type {
  ApprovalDecision,
  ApprovalRequest,
  Caller,
  Effect,
  ExecuteOptions,
  JsonSchema,
  OutputBudget,
  Policy,
  RegisteredTool,
  SpillRequest,
  SuitePlugin,
  ToolResult,
  ToolSession,
  ToolSuite,
} from '../types.ts';

/** The suite a pipeline runs in: built once by `createCoreSuite`, shared by every call. */
export interface Engine<W = unknown> {
  catalog: Catalog<W>;
  /** The suite itself, handed to implementations in their context. */
  suite: ToolSuite<W>;
  policy: Policy | undefined;
  onApproval: ((request: ApprovalRequest) => ApprovalDecision | Promise<ApprovalDecision>) | undefined;
  /** The budget of every tool registered without its own. */
  defaultBudget: Required<OutputBudget>;
  spill: ((request: SpillRequest) => Promise<string | undefined>) | undefined;
  /**
   * A registered tool's effects: the agent's configuration, then its spec; `null` when neither says
   * (unknown). Given the tool resolve found, so approval does not look it up again.
   */
  effects(tool: RegisteredTool<W>): readonly Effect[] | null;
  getWorkspace(): Promise<W>;
  /** The installed plugins, in installation order. */
  plugins(): readonly SuitePlugin<W>[];
}

/** The call in flight: who makes it and in which session. */
export interface Call {
  caller: Caller;
  session: ToolSession | undefined;
  options: ExecuteOptions;
}

/** How a call was made, as far as the steps after translation need to know it. */
interface CallOrigin {
  /** The name as called, trimmed. */
  called: string;
  /** The peer agent's name it was called by, when not the tool's own. */
  alias?: string;
  /** The model API whose shape the whole call came in (`executeCall`); absent for `execute(name, args)`. */
  format?: ToolCallFormat;
  /** The peer shape that translated it: its key in the tool's repairs (`"Codex's apply_patch"`). */
  peer?: string;
  /** The name error texts start with, when not the tool's: the name the model called. */
  reportAs?: string;
}

/**
 * A call in the suite's own terms, as translation (`translate.ts`) hands it to every later step: a
 * registered tool's name, the tool itself as the translator found it (looked up once), and arguments
 * keyed by its parameters.
 */
export interface CanonicalCall<W = unknown> {
  kind: 'call';
  name: string;
  /** The visible tool of that name; `undefined` when none has it (a peer's target may not). */
  tool: RegisteredTool<W> | undefined;
  arguments: Record<string, unknown>;
  /**
   * The schema the arguments are checked against instead of the tool's declared one, for arguments a
   * peer translation built itself (a parsed patch).
   */
  parameters?: JsonSchema;
  /** The arguments as the call sent them, echoed by an invalid-arguments error. */
  received: unknown;
  origin: CallOrigin;
}

/** A step's verdict that the call ends here, with this result. */
export interface Stop {
  readonly stop: ToolResult;
}

export function stop(result: ToolResult): Stop {
  return { stop: result };
}

export function isStop(value: object): value is Stop {
  return 'stop' in value;
}

/** The first line of an error message, at most 500 characters: what a result quotes of a failure. */
export function firstLine(message: string): string {
  const line = message.split('\n')[0] ?? '';
  return line.length > 500 ? `${line.slice(0, 500)}…` : line;
}
