/**
 * What every step of the `execute` pipeline may read: the suite's catalog and options, and the call
 * in flight. Steps are plain functions of these; none keeps state of its own.
 */
import type { Catalog } from '../catalog.ts';
import type {
  ApprovalDecision,
  ApprovalRequest,
  Caller,
  Effect,
  ExecuteOptions,
  OutputBudget,
  PayloadRedirect,
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
  /** The arguments as the call sent them, echoed by an invalid-arguments error. */
  rawArgs: unknown;
}

/** How a call was made, as far as the steps after translation need to know it. */
interface CallOrigin {
  /** The name as called, trimmed. */
  called: string;
  /** The peer agent's name it was called by, when not the tool's own. */
  alias?: string;
  /** Where its payload sent it, when that is another tool than the name's (a patch sent to a shell). */
  redirect?: PayloadRedirect;
}

/**
 * A call in the suite's own terms, as translation (`translate.ts`) hands it to every later step: a
 * registered tool's name and arguments keyed by its parameters.
 */
export interface CanonicalCall {
  kind: 'call';
  name: string;
  arguments: Record<string, unknown>;
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
