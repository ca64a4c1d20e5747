/**
 * The contract every room speaks: catalog-form specs, exposure modes, effects, the three-channel
 * result and the control directives. Types only; imports nothing.
 */

/** How a registered tool is exposed: the table of what each mode allows is in docs/concepts.md. */
export type ExposureMode = 'direct' | 'model_only' | 'codemode' | 'deferred' | 'hidden';

/** Every exposure mode, in the order the docs list them. */
export const EXPOSURE_MODES: readonly ExposureMode[] = [
  'direct',
  'model_only',
  'codemode',
  'deferred',
  'hidden',
];

/**
 * What a tool may do to the world. `null` (in lookups) means unknown: a policy gives such a tool the
 * strictest level in force (see {@link Policy}).
 */
export type Effect = 'read' | 'fs_write' | 'exec' | 'net_read' | 'net_write' | 'state_write';

/** Who is calling: the model directly, or a codemode script. */
export type Caller = 'model' | 'codemode';

/** Any JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };

/** A JSON Schema document. Object schemas are the only ones accepted as tool parameters. */
export type JsonSchema = { [key: string]: unknown };

/** MCP tool annotations. Hints only: never trusted for security, only mapped to effects. */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/**
 * Catalog form: how every spec is stored, whatever format it arrived in. `parameters` is always a JSON
 * Schema object with `type: "object"`.
 */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: JsonSchema;
  /** JSON Schema of `structured_output`, when the source spec declared one (MCP `outputSchema`). */
  outputSchema?: JsonSchema;
  /** MCP annotations, kept for display and for effect mapping. */
  annotations?: ToolAnnotations;
  /** Declared effects. Absent means "look further" (catalog, built-in table), not "none". */
  effects?: readonly Effect[];
  /** Human-readable title, when the source had one. */
  title?: string;
}

/**
 * A spec in any supported format: catalog form, OpenAI chat or responses, Anthropic, MCP, Gemini
 * function declarations, Vercel AI SDK, LangChain or pi. {@link normalizeSpec} turns it into a
 * {@link ToolSpec} and throws a `UsageError` when it cannot.
 */
export type AnyToolSpec = object;

/** A handoff to another agent or to the host. */
export interface HandoffDirective {
  /** Whom to hand the conversation to. */
  to: string;
  /** Why, in words the host can show. */
  reason?: string;
  /** Anything the receiver needs. */
  payload?: JsonValue;
}

/** Ends the session: later calls in it return an error result. */
export interface TerminateDirective {
  reason?: string;
}

/** Directives for the agent loop. */
export interface ToolControl {
  /** Catalog-form specs to activate for the session's next `declarations()`. */
  add_tools?: ToolSpec[];
  handoff?: HandoffDirective;
  /** `true`, or `{ reason }`: kept as the tool gave it (`true` stays `true` on the wire). */
  terminate?: TerminateDirective | true;
}

/** What the UI gets: `duration_ms` always, plus tool-specific fields (`diff`, `line_count`, ...). */
export interface ToolDetails {
  duration_ms: number;
  [key: string]: unknown;
}

/** The result of every call. Exactly these keys; `control` only when a directive was issued. */
export interface ToolResult {
  /** For the model: concise, truncated, ends with an actionable notice when cut. */
  output: string;
  /** For programs and codemode scripts: typed data, never prose. */
  structured_output: JsonObject;
  /** For the UI. */
  details: ToolDetails;
  /** For the agent loop. */
  control?: ToolControl;
  /** `true` whenever the tool did not do its job. */
  is_error: boolean;
}

/**
 * What an implementation may return besides a plain string (taken as `output`). An MCP
 * `CallToolResult` (`{ content, structuredContent?, isError? }`) is accepted too and mapped onto the
 * channels.
 */
export interface PartialToolResult {
  output: string;
  /** `true` when the tool did not do its job: the result is an error result. Default: `false`. */
  is_error?: boolean;
  structured_output?: JsonObject;
  details?: Record<string, unknown>;
  /** Directives; `add_tools` may hold specs in any supported format (they are normalized). */
  control?: Omit<ToolControl, 'add_tools'> & { add_tools?: AnyToolSpec[] };
}

/** The session a call runs in: activated deferred tools and the directives received so far. */
export interface ToolSession {
  readonly id: string;
  /** Names of deferred tools activated in this session, in activation order. */
  activeTools(): string[];
  /** Whether `name` was activated in this session. */
  isActive(name: string): boolean;
  /** Activates catalog tools by name; returns the names that were newly activated. */
  activate(names: Iterable<string>): string[];
  /** Set once a `terminate` directive arrived. */
  readonly terminated: TerminateDirective | null;
  /** The latest `handoff` directive, for the host to read. */
  readonly handoff: HandoffDirective | null;
  /** Listens to activations and directives. Returns an unsubscribe function. */
  subscribe(listener: (event: SessionEvent) => void): () => void;
}

/** What a session reports to its listeners. */
export type SessionEvent =
  | { type: 'activated'; names: string[] }
  | { type: 'terminated'; directive: TerminateDirective }
  | { type: 'handoff'; directive: HandoffDirective };

/** What an implementation receives besides its arguments. */
export interface ToolContext<W = unknown> {
  /**
   * The workspace the built-in tools act on, created on first use when the suite was given a factory.
   * Rejects with a `ToolError` when the suite has no workspace.
   */
  workspace(): Promise<W>;
  /** Aborted when the caller gives up; long-running tools must honour it. */
  signal: AbortSignal;
  /** The session of the call, when the caller passed one. */
  session: ToolSession | undefined;
  /** The suite, for tools that call other tools or read the catalog. */
  suite: ToolSuite<W>;
  /** Who made the call. */
  caller: Caller;
  /** The canonical name the call resolved to. */
  toolName: string;
}

/**
 * Runs a tool. Receives extracted, validated arguments. Returns a string (taken as `output`) or a
 * partial result; throws to signal failure (a `ToolError` message is shown to the model, prefixed with
 * the tool's name).
 *
 * Declared through a method so its `context` parameter is bivariant: an implementation written
 * without a workspace type registers on a suite that has one, and the other way round.
 */
export type ToolImplementation<W = unknown> = {
  run(
    args: Record<string, unknown>,
    context: ToolContext<W>,
  ): string | PartialToolResult | Promise<string | PartialToolResult>;
}['run'];

/** One registered tool. */
export interface RegisteredTool<W = unknown> {
  readonly spec: ToolSpec;
  readonly mode: ExposureMode;
  readonly implementation: ToolImplementation<W> | undefined;
  /** Its own output budget, when registered with one (`false`: the tool cuts its own output). */
  readonly outputBudget?: OutputBudget | false;
  /** The names and argument shapes of other agents it answers to, when it brought any. */
  readonly repairs?: ToolRepairs;
  /**
   * The schema of `structured_output` on success: the spec's `outputSchema`, or one the tool brought
   * without declaring it to models (`defineTool`'s `resultSchema`; the built-ins do).
   */
  readonly outputSchema?: JsonSchema;
}

/**
 * How a tool answers to the names and call shapes other agents use for it. Data only: the translator
 * (the first step of `execute`) reads it before anything else runs, and no later step sees it. A call
 * by an alias or in a peer's shape becomes one call of a registered tool with arguments keyed by its
 * parameters.
 */
export interface ToolRepairs {
  /** Names other agents call this tool by. An alias never shadows a tool registered under that name. */
  aliases?: readonly string[];
  /** Canonical parameter → the names other agents send it under. */
  parameters?: Readonly<Record<string, readonly string[]>>;
  /** Parameters other agents send that carry nothing this tool needs: always dropped. */
  drop?: readonly string[];
  /** Parameters dropped when their value is falsy (a flag this tool cannot honour when it is set). */
  dropWhenFalsy?: readonly string[];
  /** Values other agents send in other terms, converted by rule after the renames, in this order. */
  convert?: readonly ArgumentConversion[];
  /**
   * Array parameters whose object items take these repairs too, with the item's own parameters
   * (`{ edits: ['oldText', 'newText'] }`: each edit's `old_string` becomes its `oldText`).
   */
  items?: Readonly<Record<string, readonly string[]>>;
  /**
   * Other agents' call shapes of this tool, keyed by the peer shape (`"Anthropic's text editor"`) and
   * tried in this order; the first that applies to a call translates it.
   */
  peers?: Readonly<Record<string, PeerShape>>;
}

/**
 * A value another agent sends under another name and in other terms. It applies when the call sends
 * `from` (a name the schema does not declare, unless it is `to` itself) and the schema declares `to`
 * (and `start`); `from` is then dropped, and `to` set unless the call set it (`max` takes the larger).
 */
export type ArgumentConversion =
  /** `to` = the number in `from` ÷ `divisor` (`timeout_ms` → `timeout` ÷ 1000); in place when `from` is `to`. */
  | { kind: 'scale'; from: string; to: string; divisor: number }
  /** `to` = whether `from` is not set (`case_sensitive: false` → `ignoreCase: true`). */
  | { kind: 'negate'; from: string; to: string }
  /** `to` = `value` when `from` is set: `true`, `"true"` or 1 (`names_only` → `outputMode`). */
  | { kind: 'flag'; from: string; to: string; value: JsonValue }
  /** `to` = `value` when `from` is a number above `above` (`expected_replacements` > 1 → `replaceAll`). */
  | { kind: 'above'; from: string; to: string; above: number; value: JsonValue }
  /** `to` = `template` with `{}` replaced by the string in `from` (`type: 'ts'` → `glob: '*.ts'`). */
  | { kind: 'template'; from: string; to: string; template: string }
  /** `to` = the largest of its own value and the numbers in `from` (`-A`, `-B` → `context`). */
  | { kind: 'max'; from: readonly string[]; to: string }
  /** `to` = the count of lines from `start` (1 when absent) to the line in `from` (`end_line` → `limit`). */
  | { kind: 'lastLine'; from: readonly string[]; start: string; to: string }
  /** `[first, last]` in `from`: `start` = first, `to` = the count of lines (`view_range` → `offset`, `limit`). */
  | { kind: 'range'; from: string; start: string; to: string };

/**
 * One peer agent's way of calling a tool. Data where data can say it; `translate` for a shape that
 * needs code (a command to dispatch on, a patch to parse). Applied in this order: the payload, then
 * `defaults`, `convert`, and `redirect` or `translate`. The tool's own repairs (or the target's) then
 * apply to the arguments it hands on, unless it brought a schema of its own for them.
 */
export interface PeerShape {
  /** The names the peer calls this tool by; absent: any name. */
  names?: readonly string[];
  /** An argument the shape is known by: it applies only to calls that send it. */
  marker?: string;
  /** A payload sent as bare text, not JSON, starting with one of `startsWith`: read as `{ [key]: text }`. */
  text?: { key: string; startsWith: readonly string[] };
  /** Values the peer leaves out, filled in when the call does not send them. */
  defaults?: Readonly<Record<string, JsonValue>>;
  /** Conversions of this peer's own (its `timeout` in milliseconds), before the renames. */
  convert?: readonly ArgumentConversion[];
  /**
   * The tool the call goes to instead, and which of its parameters take which argument (target ←
   * sent); the other arguments go as sent. The target's repairs then apply, as to a call made to it.
   */
  redirect?: { tool: string; arguments?: Readonly<Record<string, string>> };
  /** The code of a shape data cannot say; returns `undefined` when the call is not of this shape after all. */
  translate?: PeerTranslation;
}

/** What a peer translation is told of the call besides its arguments. */
export interface PeerContext {
  /** The registered name of the tool whose shape it is. */
  tool: string;
  /** The name the call used, trimmed. */
  called: string;
  /** Whether the tool's schema declares a parameter. */
  has(key: string): boolean;
}

/** A call of a registered tool that a peer translation hands on. */
export interface PeerCall {
  /** The registered name of the tool to run. */
  name: string;
  arguments: Record<string, unknown>;
  /**
   * The schema `arguments` are checked against instead of the tool's declared one, for arguments the
   * translation built itself (a parsed patch); the tool's repairs are then skipped.
   */
  parameters?: JsonSchema;
  /** The name error texts start with, when it is not the tool's: the name the model called. */
  reportAs?: string;
}

/**
 * Runs one call of a registered tool (by that name) through the steps after translation: exposure,
 * validation, policy and approval, the implementation and its result. For a peer shape that is
 * several calls (`view` reads, then lists a directory).
 */
export type PeerRun = (name: string, args: Record<string, unknown>) => Promise<ToolResult>;

/**
 * What a peer shape's code makes of a call: one call of a tool, an answer without running one (a
 * refusal), or a run of several calls whose result is the call's. `undefined`: not this shape.
 */
export type PeerTranslated =
  | { call: PeerCall }
  | { result: ToolResult }
  | { run(runCall: PeerRun): Promise<ToolResult> }
  | undefined;

/** A peer shape that needs code. Never throws for bad input: a refusal is `{ result }`. */
export type PeerTranslation = (args: Record<string, unknown>, context: PeerContext) => PeerTranslated;

/** What a suite's `spill` hook is asked to keep: the full output of a call the output budget cut. */
export interface SpillRequest {
  /** The tool whose output was cut. */
  tool: string;
  /** Its full output. */
  text: string;
  caller: Caller;
  session: ToolSession | undefined;
}

/** Lines and UTF-8 bytes of `output` one result may carry to the model. */
export interface OutputBudget {
  /** Default: 2000, as the built-in tools. */
  maxLines?: number;
  /** Default: 51,200 (50 KB), as the built-in tools. */
  maxBytes?: number;
  /**
   * UTF-8 bytes of JSON each of `structured_output` and `details` may hold; a larger one is spilled and
   * replaced by a marker (see docs/concepts.md, "Output budget"). Default: 1,048,576 (1 MiB).
   */
  maxChannelBytes?: number;
}

/** What the catalog reports when it changes. */
export type CatalogEvent<W = unknown> =
  | { type: 'registered'; tool: RegisteredTool<W> }
  | { type: 'replaced'; tool: RegisteredTool<W>; previous: RegisteredTool<W> }
  | { type: 'unregistered'; tool: RegisteredTool<W> }
  | { type: 'mode_changed'; tool: RegisteredTool<W>; previous: RegisteredTool<W> };

/** An approval level for an effect. */
export type PolicyLevel = 'allow' | 'ask' | 'deny';

/**
 * Maps effects to levels. `default` is the level of every effect the policy does not list; when it is
 * omitted, that is the strictest level the policy uses, so `{ exec: 'deny' }` denies every effect
 * (write `{ exec: 'deny', default: 'allow' }` to deny only `exec`). `unknown` is the level of tools
 * whose effects are unknown; when it is omitted, the strictest level in force. Any other key, or a
 * level other than these three lower-case words, is a `UsageError` when the suite is created.
 */
export type Policy = Partial<Record<Effect | 'unknown' | 'default', PolicyLevel>>;

/** What `onApproval` is asked to decide. */
export interface ApprovalRequest {
  tool: string;
  /** The validated arguments object the tool will run with, itself (no copy, no prototype). */
  arguments: Record<string, unknown>;
  /** The tool's effects; `null` when unknown. */
  effects: readonly Effect[] | null;
  /** The effects (or `unknown`) whose level is `ask`. */
  asking: readonly (Effect | 'unknown')[];
  caller: Caller;
  session: ToolSession | undefined;
}

/** What {@link ToolSuite.approval} says of a tool: the policy's verdict, and who decides an `ask`. */
export interface ToolApproval {
  /** The policy's level for the tool's effects (`allow` without a policy). */
  level: PolicyLevel;
  /** The effects (or `unknown`) at that level; empty when allowed. */
  because: readonly (Effect | 'unknown')[];
  /** Whether the suite has an `onApproval` to ask; without one an `ask` call runs only pre-approved. */
  approver: boolean;
}

/** `true` approves; `false` or `{ approved: false, reason }` refuses. */
export type ApprovalDecision = boolean | { approved: boolean; reason?: string };

/** Options of one `execute` call. */
export interface ExecuteOptions {
  session?: ToolSession;
  /** Default: `'model'`. */
  caller?: Caller;
  signal?: AbortSignal;
  /**
   * The host already had this call approved (an agent SDK's own approval step), so a policy level of
   * `ask` does not call `onApproval` again. `deny` still refuses.
   */
  approved?: boolean;
}

/** Options of `register`. */
export interface RegisterOptions {
  /** Replace a tool of the same name instead of throwing. Default: `false`. */
  replace?: boolean;
  /**
   * How much `output` this tool's results may carry; a longer output is cut, ends with a notice, and
   * its full text is kept (see the suite's `spill`). Default: the budget of the tool it replaces, else
   * the suite's `outputBudget` (2000 lines, 50 KB). `false` for a tool that cuts its own output with its
   * own notice, as the built-ins do.
   */
  outputBudget?: OutputBudget | false;
  /**
   * The names and argument shapes of other agents this tool answers to. Default: what a tool made with
   * `defineTool` brings, else the repairs of the tool it replaces.
   */
  repairs?: ToolRepairs;
}

/** Who a refusal or hint is for: the caller of the call and its session. */
export interface PluginCallContext {
  caller: Caller;
  session: ToolSession | undefined;
}

/**
 * Something that attaches to a suite with `suite.use(plugin)` (as `tool_search` and `codemode` do):
 * it installs itself (registers its tools, follows catalog events), may add to the texts the suite
 * answers a call it cannot run with, and is disposed when removed.
 */
export interface SuitePlugin<W = unknown> {
  /** A name for the host's logs; not shown to the model. */
  readonly name: string;
  /** Called once by `use`, before the plugin is consulted. A throw leaves the plugin uninstalled. */
  install?(suite: ToolSuite<W>): void;
  /** A sentence appended to an unknown-tool error, when the plugin can help this caller find tools. */
  unknownToolHint?(context: PluginCallContext): string | undefined;
  /** The text refusing `tool` to this caller, when the plugin offers the way to call it. */
  refusal?(tool: RegisteredTool<W>, context: PluginCallContext): string | undefined;
  /**
   * Told after a tool ran (not a call refused, unknown or with invalid arguments), with its result.
   * What it throws is ignored: a plugin cannot change or fail the call.
   */
  afterCall?(name: string, result: ToolResult, context: PluginCallContext): void;
  /** Called when the plugin is removed (by the function `use` returned). */
  dispose?(): void;
}

/** The catalog, the exposure rules and the one `execute` path. `W` is the workspace type. */
export interface ToolSuite<W = unknown> {
  /**
   * Registers a spec in any supported format, or a tool made with `defineTool` (which brings its own
   * implementation; one passed here replaces it). Throws `UsageError` on a bad spec or a duplicate name.
   */
  register(
    spec: AnyToolSpec,
    mode: ExposureMode,
    implementation?: ToolImplementation<W>,
    options?: RegisterOptions,
  ): RegisteredTool<W>;
  /** Removes a tool; returns whether it was registered. */
  unregister(name: string): boolean;
  /** Installs a plugin. Returns the function that removes it (and disposes it); calling it twice is harmless. */
  use(plugin: SuitePlugin<W>): () => void;
  /** Changes a tool's mode. Throws `UsageError` for an unknown name or mode. */
  setMode(name: string, mode: ExposureMode): RegisteredTool<W>;
  get(name: string): RegisteredTool<W> | undefined;
  /** Every registered tool, in registration order. */
  list(): RegisteredTool<W>[];
  /** Listens to catalog changes. Returns an unsubscribe function. */
  subscribe(listener: (event: CatalogEvent<W>) => void): () => void;
  /** The exact tool list the model gets next: direct, model_only and the session's activated deferred tools. */
  declarations(session?: ToolSession): ToolSpec[];
  /** Whether `caller` may call the tool `name` now (exposure only; policy is checked at execution). */
  isCallable(name: string, caller: Caller, session?: ToolSession): boolean;
  /** The tool's effects: agent configuration, then catalog, then the built-in table; `null` = unknown. */
  effects(name: string): readonly Effect[] | null;
  /**
   * How `execute` would decide a call of `name` on policy grounds, without running anything: the
   * policy's level for the tool's effects, and whether an `ask` goes to the suite's `onApproval`. An
   * agent SDK adapter offers its SDK's own approval step exactly when `level` is `ask` and `approver` is
   * false, and passes a call approved there as `execute(…, { approved: true })`.
   */
  approval(name: string): ToolApproval;
  /** Runs a tool. Never throws: every failure is a result with `is_error: true`. */
  execute(name: unknown, args?: unknown, options?: ExecuteOptions): Promise<ToolResult>;
  /** Runs a raw call exactly as a model API returns it (OpenAI, Anthropic, Gemini, MCP, `{name, arguments}`). */
  executeCall(call: unknown, options?: ExecuteOptions): Promise<ToolResult>;
  createSession(options?: { id?: string }): ToolSession;
  /**
   * The workspace the tools act on; a factory given as `workspace` runs on the first call (once).
   * Rejects with a `ToolError` when the suite has none.
   */
  getWorkspace(): Promise<W>;
}
