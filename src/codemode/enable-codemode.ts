/**
 * The `codemode` tool: the model writes a script, the script calls tools through the suite's one
 * `execute` path (as caller `codemode`, so exposure and policy apply to every nested call), and only
 * the script's return value and console lines come back. This file owns the policy of a run: the
 * watchdog, the caps, the records of nested calls and the three result channels. Where the script runs
 * is a {@link CodemodeRunner}'s business.
 * Imports `../core/` and this room only; QuickJS is loaded by the runners with `import()`.
 */
import { ERROR_CODES, ToolError, UsageError } from '../core/errors.ts';
import { specWithOutputSchema } from '../core/result-schema.ts';
import { clipText } from '../core/results.ts';
import { closestNames } from '../core/similar.ts';
import type {
  JsonObject,
  JsonSchema,
  JsonValue,
  PartialToolResult,
  SuitePlugin,
  ToolImplementation,
  ToolSession,
  ToolSpec,
  ToolSuite,
} from '../core/types.ts';
import {
  CODEMODE_PREAMBLE,
  type CodemodeToolEntry,
  checkBudget,
  DEFAULT_DECLARATION_BUDGET,
  DESCRIBE_FUNCTION,
  describeCodemodeTool,
  findCodemodeTool,
  generateCodemodeTypes,
  renderCodemodeDescription,
  type TokenCounter,
} from './declarations.ts';
import { createInProcessRunner } from './in-process-runner.ts';
import {
  argumentsTooLargeMessage,
  type CallSummary,
  CODEMODE_ERROR_CODES,
  type CodemodeFailureKind,
  callLimitMessage,
  callsParagraph,
  cancelledNote,
  describeMissMessage,
  describeNotStringMessage,
  errorConsoleParagraph,
  FAILURE_CODES,
  failureHeadline,
  resultTooLargeMessage,
  truncateOutput,
} from './messages.ts';
import type { BridgeReply, CodemodeRunner, ScriptHost, ScriptJob, ScriptOutcome } from './runner.ts';
import { utf8Length } from './text.ts';
import { createWorkerRunner } from './worker-runner.ts';

/** The model-visible name of the tool. */
export const CODEMODE_TOOL_NAME = 'codemode';
/** Seconds a script may run when the model passes no `timeout`. */
export const DEFAULT_TIMEOUT_SECONDS = 10;
/** The largest `timeout` the model may pass. */
export const MAX_TIMEOUT_SECONDS = 60;
/** Tool calls one script may make. */
export const DEFAULT_MAX_CALLS = 100;
/** Console output one script may produce (UTF-8 bytes); later lines are dropped behind a notice. */
export const DEFAULT_MAX_CONSOLE_BYTES: number = 256 * 1024;
/** JSON of the returned value (UTF-8 bytes). */
export const DEFAULT_MAX_RESULT_BYTES: number = 1024 * 1024;
/** JSON of one call's arguments, and of one call's result handed to the script (UTF-8 bytes). */
export const DEFAULT_MAX_PAYLOAD_BYTES: number = 1024 * 1024;
/** QuickJS heap of one script (bytes); the wasm memory is capped 32 MiB above it. */
export const DEFAULT_MEMORY_BYTES: number = 64 * 1024 * 1024;
/** How long a stopped runner may take to settle before the tool reports the stop without it. */
const STOP_GRACE_MS = 1000;
/** Bytes of one call's arguments kept in the call records; larger arguments are summarised. */
const MAX_RECORDED_ARGS_BYTES = 8 * 1024;

/** Options of {@link enableCodemode}. Every cap has a default; all are positive integers. */
export interface CodemodeOptions {
  /**
   * Where scripts run. Default: `createWorkerRunner()` where a global `Worker` exists (browsers, Deno),
   * else `createInProcessRunner()` (Node, edge runtimes; see its weaker guarantee).
   */
  runner?: CodemodeRunner;
  /** Seconds a script may run when the model passes no `timeout`. Default: {@link DEFAULT_TIMEOUT_SECONDS}. */
  defaultTimeoutSeconds?: number;
  /** The largest `timeout` the model may pass. Default: {@link MAX_TIMEOUT_SECONDS}. */
  maxTimeoutSeconds?: number;
  /** Tool calls one script may make; one more stops it. Default: {@link DEFAULT_MAX_CALLS}. */
  maxCalls?: number;
  /** Console output of one script, in bytes. Default: {@link DEFAULT_MAX_CONSOLE_BYTES}. */
  maxConsoleBytes?: number;
  /** JSON of the returned value, in bytes. Default: {@link DEFAULT_MAX_RESULT_BYTES}. */
  maxResultBytes?: number;
  /** JSON of one call's arguments or result, in bytes. Default: {@link DEFAULT_MAX_PAYLOAD_BYTES}. */
  maxPayloadBytes?: number;
  /** QuickJS heap of one script, in bytes. Default: {@link DEFAULT_MEMORY_BYTES}. */
  memoryBytes?: number;
  /**
   * Result schemas for tools the suite knows no result schema of, keyed by tool name. Default: none; a
   * tool's result type comes from its spec's `outputSchema`, or the one it brought without declaring
   * it (every built-in does).
   */
  outputSchemas?: Readonly<Record<string, JsonSchema>>;
  /** Text in front of the declarations. Default: `CODEMODE_PREAMBLE`. */
  preamble?: string;
  /**
   * Tokens of full declarations in the description. In catalog order (the built-ins first when the
   * suite registered them first, as `createToolSuite` does), tools are declared in full while their
   * running total stays within this budget; every later tool is declared in brief on one line, and a
   * script gets its full declaration with `tools.$describe(name)`. `Infinity` declares every tool in
   * full (still with shortened comments), `0` every tool in brief. Default:
   * {@link DEFAULT_DECLARATION_BUDGET} (4000).
   */
  declarationBudget?: number;
  /**
   * Counts the tokens of one declaration for `declarationBudget`. Default: characters / 4, rounded up.
   * Pass a real tokenizer (for example `countTokens` of `browser-agent-tools/providers`, o200k) to make
   * the budget exact for one model family.
   */
  countTokens?: TokenCounter;
  /** Clock for `duration_ms` of nested calls. Default: `Date.now`. */
  now?: () => number;
}

/** What {@link enableCodemode} returns. */
export interface CodemodeHandle {
  /** The runner scripts run in. */
  readonly runner: CodemodeRunner;
  /**
   * The tool description for `session`: the preamble and the declarations of every tool a script in
   * that session may call (direct and codemode tools, and the deferred tools the session activated).
   * The registered spec carries the description for no session; it is regenerated on every catalog
   * change.
   */
  description(session?: ToolSession): string;
  /** The declarations exactly as {@link description} shows them: budgeted, abridged. */
  types(session?: ToolSession): string;
  /**
   * Every tool a script in `session` may call declared in full, with every comment whole (what
   * `tools.$describe` returns, for all of them): for an editor's completion and hover. Valid TypeScript;
   * not meant for the model (it is the large form).
   */
  fullTypes(session?: ToolSession): string;
  /** The tools a script in `session` may call, with the identifiers it calls them by. */
  tools(session?: ToolSession): CodemodeToolEntry[];
  /**
   * `suite.declarations(session)` with the codemode spec carrying {@link description}`(session)`. Hosts
   * whose sessions activate deferred tools send this list instead of `suite.declarations(session)`.
   */
  declarations(session?: ToolSession): ToolSpec[];
  /** Stops following the catalog and unregisters `codemode` (if it is still ours). Idempotent. */
  dispose(): void;
}

interface CallRecord extends CallSummary {
  args: JsonValue;
  duration_ms: number;
  running: boolean;
}

function checkPositive(name: string, value: number, integer = true): void {
  if (
    typeof value !== 'number' ||
    !(value > 0) ||
    !Number.isFinite(value) ||
    (integer && !Number.isInteger(value))
  ) {
    throw new UsageError(
      `enableCodemode: ${name} must be a positive ${integer ? 'integer' : 'number'}, got ${String(value)}.`,
    );
  }
}

/** Removes one pair of Markdown code fences around the whole script, which models sometimes add. */
function stripFences(code: string): string {
  const match = /^\s*```[\w-]*[ \t]*\n([\s\S]*?)\n?```\s*$/.exec(code);
  return match ? (match[1] ?? '') : code;
}

function defaultRunner(): CodemodeRunner {
  return typeof Worker === 'function' ? createWorkerRunner() : createInProcessRunner();
}

/**
 * Registers the `codemode` tool (mode `model_only`) on `suite` and keeps its description current with
 * the catalog. Throws `UsageError` when a tool named `codemode` is already registered or an option is
 * out of range. Nothing loads until the first script runs.
 */
export function enableCodemode<W>(suite: ToolSuite<W>, options: CodemodeOptions = {}): CodemodeHandle {
  const maxTimeoutSeconds = options.maxTimeoutSeconds ?? MAX_TIMEOUT_SECONDS;
  const defaultTimeoutSeconds =
    options.defaultTimeoutSeconds ?? Math.min(DEFAULT_TIMEOUT_SECONDS, maxTimeoutSeconds);
  const maxCalls = options.maxCalls ?? DEFAULT_MAX_CALLS;
  const maxConsoleBytes = options.maxConsoleBytes ?? DEFAULT_MAX_CONSOLE_BYTES;
  const maxResultBytes = options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES;
  const maxPayloadBytes = options.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD_BYTES;
  const memoryBytes = options.memoryBytes ?? DEFAULT_MEMORY_BYTES;
  checkPositive('maxTimeoutSeconds', maxTimeoutSeconds, false);
  checkPositive('defaultTimeoutSeconds', defaultTimeoutSeconds, false);
  if (defaultTimeoutSeconds > maxTimeoutSeconds) {
    throw new UsageError(
      `enableCodemode: defaultTimeoutSeconds (${defaultTimeoutSeconds}) must not exceed maxTimeoutSeconds (${maxTimeoutSeconds}).`,
    );
  }
  checkPositive('maxCalls', maxCalls);
  checkPositive('maxConsoleBytes', maxConsoleBytes);
  checkPositive('maxResultBytes', maxResultBytes);
  checkPositive('maxPayloadBytes', maxPayloadBytes);
  checkPositive('memoryBytes', memoryBytes);
  const budget = options.declarationBudget ?? DEFAULT_DECLARATION_BUDGET;
  checkBudget('enableCodemode: declarationBudget', budget);
  const countTokens = options.countTokens;
  const outputSchemas = options.outputSchemas ?? {};
  const preamble = options.preamble ?? CODEMODE_PREAMBLE;
  const now = options.now ?? Date.now;
  const runner = options.runner ?? defaultRunner();

  const callableSpecs = (session: ToolSession | undefined): ToolSpec[] =>
    suite
      .list()
      .filter((tool) => tool.spec.name !== CODEMODE_TOOL_NAME)
      .filter((tool) => suite.isCallable(tool.spec.name, 'codemode', session))
      .map(specWithOutputSchema);
  const typesFor = (session: ToolSession | undefined) =>
    generateCodemodeTypes(callableSpecs(session), {
      outputSchemas,
      budget,
      ...(countTokens ? { countTokens } : {}),
    });
  /** What `tools.$describe(args.name)` resolves to in `session`. */
  const describeFor = (
    args: JsonValue,
    entries: readonly CodemodeToolEntry[],
    session: ToolSession | undefined,
  ): string => {
    const request = typeof args === 'object' && args !== null && !Array.isArray(args) ? args : {};
    if (typeof request.name !== 'string') {
      const type =
        typeof request.type === 'string' && /^[a-z]{1,9}$/.test(request.type) ? request.type : 'value';
      return describeNotStringMessage(type, entries[0]?.identifier ?? 'name');
    }
    const requested = request.name;
    const entry = findCodemodeTool(entries, requested);
    if (entry) return describeCodemodeTool(entry, outputSchemas);
    const registered = suite.get(requested.trim());
    if (registered && registered.mode === 'deferred') {
      const searchable = suite.isCallable('tool_search', 'model', session);
      return describeMissMessage(requested, { kind: 'not_loaded', tool: registered.spec.name, searchable });
    }
    if (
      registered &&
      registered.mode !== 'hidden' &&
      !suite.isCallable(registered.spec.name, 'codemode', session)
    ) {
      return describeMissMessage(requested, { kind: 'model_only', tool: registered.spec.name });
    }
    const closest = closestNames(
      requested,
      entries.map((candidate) => candidate.identifier),
    );
    return describeMissMessage(requested, { kind: 'unknown', closest });
  };
  const descriptionFor = (session: ToolSession | undefined): string =>
    renderCodemodeDescription(typesFor(session).text, preamble);

  const parameters: JsonSchema = {
    type: 'object',
    properties: {
      code: {
        type: 'string',
        minLength: 1,
        description:
          'The body of an async JavaScript function: call tools with await tools.name({...}) and return the result.',
      },
      timeout: {
        type: 'number',
        exclusiveMinimum: 0,
        maximum: maxTimeoutSeconds,
        description: `Seconds before the script is stopped. Default: ${defaultTimeoutSeconds}, at most ${maxTimeoutSeconds}.`,
      },
    },
    required: ['code'],
    additionalProperties: false,
  };
  const specFor = (session: ToolSession | undefined): ToolSpec => ({
    name: CODEMODE_TOOL_NAME,
    description: descriptionFor(session),
    parameters,
    effects: ['exec'],
  });

  const implementation: ToolImplementation<W> = async (args, context) => {
    const code = stripFences(typeof args.code === 'string' ? args.code : '');
    if (code.trim() === '') {
      throw new ToolError(
        'code is empty. Write the body of an async function that calls tools and returns a value.',
        { code: ERROR_CODES.INVALID_ARGUMENTS },
      );
    }
    const timeoutSeconds =
      typeof args.timeout === 'number' && args.timeout > 0
        ? Math.min(args.timeout, maxTimeoutSeconds)
        : defaultTimeoutSeconds;
    const session = context.session;
    const entries = typesFor(session).tools;
    const toolNames: [string, string][] = entries.map((entry) => [entry.identifier, entry.name]);
    // Catalog names work too (`tools['my-tool']`), except `then`, which would make `tools` a thenable.
    for (const entry of entries)
      if (entry.identifier !== entry.name && entry.name !== 'then') toolNames.push([entry.name, entry.name]);

    const records: CallRecord[] = [];
    const logs: string[] = [];
    const stop = new AbortController();
    /** Aborts the nested calls; separate from `stop` so calls left running at the end can be cancelled too. */
    const nested = new AbortController();
    let stopReason: 'timeout' | 'aborted' | 'call_limit' | undefined;
    /** Calls still running when the script ends are cancelled; recording it here keeps the list stable. */
    const cancelRunning = (): void => {
      for (const record of records) {
        if (!record.running) continue;
        record.running = false;
        record.cancelled = true;
        record.is_error = true;
      }
    };
    const halt = (reason: 'timeout' | 'aborted' | 'call_limit'): void => {
      if (stopReason !== undefined) return;
      stopReason = reason;
      cancelRunning();
      stop.abort();
      nested.abort();
    };
    const deadline = Date.now() + timeoutSeconds * 1000;
    const timer = setTimeout(() => halt('timeout'), timeoutSeconds * 1000);
    const onAbort = (): void => halt('aborted');
    if (context.signal.aborted) onAbort();
    else context.signal.addEventListener('abort', onAbort, { once: true });

    let callCount = 0;
    const reply = (value: BridgeReply): string => JSON.stringify(value);
    const host: ScriptHost = {
      stop: stop.signal,
      log: (line) => {
        logs.push(line);
      },
      async callTool(requestedName, argsJson) {
        // A script can ask for any key of `tools`; what is recorded and echoed of it stays small.
        const name = clipName(requestedName);
        try {
          if (stopReason !== undefined) {
            return reply({
              ok: false,
              message: 'The script is being stopped.',
              code: ERROR_CODES.ABORTED,
              tool: name,
            });
          }
          if (name === DESCRIBE_FUNCTION) {
            // Not a tool call: answered here, not counted, not recorded.
            return reply({
              ok: true,
              value: describeFor(JSON.parse(argsJson) as JsonValue, entries, session),
            });
          }
          if (callCount >= maxCalls) {
            halt('call_limit');
            return reply({
              ok: false,
              message: callLimitMessage(maxCalls),
              code: FAILURE_CODES.call_limit,
              tool: name,
            });
          }
          const argsBytes = utf8Length(argsJson);
          if (argsBytes > maxPayloadBytes) {
            return reply({
              ok: false,
              message: argumentsTooLargeMessage(argsBytes, maxPayloadBytes),
              code: CODEMODE_ERROR_CODES.PAYLOAD_TOO_LARGE,
              tool: name,
            });
          }
          callCount += 1;
          const parsed = JSON.parse(argsJson) as JsonValue;
          const record: CallRecord = {
            name,
            args:
              argsBytes > MAX_RECORDED_ARGS_BYTES
                ? `[${argsBytes} bytes of arguments, not recorded]`
                : parsed,
            is_error: false,
            duration_ms: 0,
            running: true,
          };
          records.push(record);
          const started = now();
          const result = await suite.execute(requestedName, parsed, {
            caller: 'codemode',
            session,
            signal: nested.signal,
          });
          record.duration_ms = Math.max(0, now() - started);
          if (!record.running)
            return reply({
              ok: false,
              message: 'The script has ended.',
              code: ERROR_CODES.ABORTED,
              tool: name,
            });
          record.running = false;
          record.is_error = result.is_error;
          if (result.is_error) {
            const error = result.structured_output.error;
            const code =
              typeof error === 'object' &&
              error !== null &&
              !Array.isArray(error) &&
              typeof error.code === 'string'
                ? error.code
                : ERROR_CODES.TOOL_FAILED;
            return reply({ ok: false, message: result.output, code, tool: name });
          }
          const structured = result.structured_output;
          const value: JsonValue = Object.keys(structured).length > 0 ? structured : result.output;
          const json = reply({ ok: true, value });
          const resultBytes = utf8Length(json);
          if (resultBytes > maxPayloadBytes) {
            return reply({
              ok: false,
              message: resultTooLargeMessage(name, resultBytes, maxPayloadBytes),
              code: CODEMODE_ERROR_CODES.PAYLOAD_TOO_LARGE,
              tool: name,
            });
          }
          return json;
        } catch (error) {
          // Contract: never reject. Only a bug gets here (execute itself never throws).
          const message = error instanceof Error ? error.message : String(error);
          return reply({
            ok: false,
            message: `The call failed unexpectedly: ${message}`,
            code: ERROR_CODES.TOOL_FAILED,
            tool: name,
          });
        }
      },
    };

    const job: ScriptJob = {
      code,
      toolNames,
      deadline,
      limits: { memoryBytes, maxConsoleBytes, maxResultBytes },
    };
    let outcome: ScriptOutcome;
    let graceTimer: ReturnType<typeof setTimeout> | undefined;
    // A runner must settle promptly once `stop` aborts; this bounds the wait if one does not.
    const gaveUp = new Promise<ScriptOutcome>((resolve) => {
      stop.signal.addEventListener(
        'abort',
        () => {
          graceTimer = setTimeout(
            () => resolve({ type: 'failed', kind: 'stopped', message: 'the runner did not stop' }),
            STOP_GRACE_MS,
          );
        },
        { once: true },
      );
    });
    try {
      outcome = await Promise.race([runner.run(job, host), gaveUp]);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      outcome = { type: 'failed', kind: 'sandbox', message: `the runner failed: ${message}` };
    } finally {
      clearTimeout(timer);
      clearTimeout(graceTimer);
      context.signal.removeEventListener('abort', onAbort);
    }

    const cancelledAtReturn = records.filter((record) => record.running).map((record) => record.name);
    cancelRunning();
    nested.abort();
    const structuredCalls: JsonObject[] = records.map((record) => ({
      name: record.name,
      args: record.args,
      is_error: record.is_error,
      ...(record.cancelled ? { cancelled: true } : {}),
    }));
    const detailCalls = records.map((record) => ({
      name: record.name,
      args: record.args,
      is_error: record.is_error,
      duration_ms: record.duration_ms,
      ...(record.cancelled ? { cancelled: true } : {}),
    }));

    if (outcome.type === 'returned' && stopReason === undefined) {
      const value: JsonValue = outcome.json === null ? null : (JSON.parse(outcome.json) as JsonValue);
      const parts = [
        outcome.json === null ? 'The script returned no value.' : JSON.stringify(value, null, 2),
      ];
      if (logs.length > 0) parts.push(`Console:\n${logs.join('\n')}`);
      if (cancelledAtReturn.length > 0) parts.push(cancelledNote(cancelledAtReturn));
      const output = truncateOutput(parts.join('\n\n'));
      const result: PartialToolResult = {
        output: output.text,
        structured_output: { result: value, logs, calls: structuredCalls },
        details: { calls: detailCalls, output_truncated: output.truncated, runner: runner.kind },
      };
      return result;
    }

    const kind = failureKind(outcome, stopReason);
    const failed = outcome.type === 'failed' ? outcome : undefined;
    const headline = failureHeadline({
      kind,
      message: failed?.message ?? '',
      ...(failed?.line !== undefined ? { line: failed.line } : {}),
      ...(failed?.tool !== undefined ? { tool: failed.tool } : {}),
      timeoutSeconds,
      maxTimeoutSeconds,
      memoryBytes,
      maxCalls,
      maxResultBytes,
    });
    const text = [headline, callsParagraph(records), errorConsoleParagraph(logs)].filter(
      (part) => part !== '',
    );
    throw new ToolError(text.join('\n'), {
      code: FAILURE_CODES[kind],
      data: { kind, calls: structuredCalls, logs },
      details: { calls: detailCalls, runner: runner.kind },
    });
  };

  // Codemode cuts its own output (truncateOutput), with a notice about what a script should return.
  let registered = suite.register(specFor(undefined), 'model_only', implementation, { outputBudget: false });
  const ours = (): boolean => suite.get(CODEMODE_TOOL_NAME)?.implementation === implementation;
  const refresh = (): void => {
    if (!ours()) return;
    const description = descriptionFor(undefined);
    if (registered.spec.description === description) return;
    const mode = suite.get(CODEMODE_TOOL_NAME)?.mode ?? 'model_only';
    registered = suite.register({ ...specFor(undefined), description }, mode, implementation, {
      replace: true,
      outputBudget: false,
    });
  };
  const unsubscribe = suite.subscribe((event) => {
    if (event.tool.spec.name !== CODEMODE_TOOL_NAME) refresh();
  });
  const remove = suite.use(
    codemodePlugin(suite, () => {
      unsubscribe();
      if (ours()) suite.unregister(CODEMODE_TOOL_NAME);
    }),
  );

  return {
    runner,
    description: descriptionFor,
    types: (session) => typesFor(session).text,
    fullTypes: (session) => generateCodemodeTypes(callableSpecs(session), { outputSchemas, full: true }).text,
    tools: (session) => typesFor(session).tools,
    declarations: (session) =>
      suite
        .declarations(session)
        .map((spec) =>
          spec.name === CODEMODE_TOOL_NAME && ours()
            ? { ...spec, description: descriptionFor(session) }
            : spec,
        ),
    dispose: remove,
  };
}

/**
 * The plugin side of codemode: while the model can call `codemode`, a codemode-only tool the model
 * called directly is refused with how to call it from a script. `dispose` unregisters codemode.
 */
function codemodePlugin<W>(suite: ToolSuite<W>, dispose: () => void): SuitePlugin<W> {
  return {
    name: CODEMODE_TOOL_NAME,
    refusal(tool, { caller, session }) {
      if (tool.mode !== 'codemode' || caller !== 'model') return undefined;
      if (!suite.isCallable(CODEMODE_TOOL_NAME, 'model', session)) return undefined;
      const name = tool.spec.name;
      return `Tool "${name}" can only be called from codemode scripts. Call it inside a codemode script: await tools.${name}({...}).`;
    },
    dispose,
  };
}

/** Characters of a requested tool name kept in call records and error replies. */
const MAX_RECORDED_NAME_CHARS = 128;

/** `name`, or its head and `…` when it is longer than any tool name can be. */
function clipName(name: string): string {
  return clipText(name, MAX_RECORDED_NAME_CHARS);
}

/** The failure kind a model reads: the host's reason to stop wins over what the sandbox saw. */
function failureKind(
  outcome: ScriptOutcome,
  stopReason: 'timeout' | 'aborted' | 'call_limit' | undefined,
): CodemodeFailureKind {
  if (stopReason !== undefined) return stopReason;
  if (outcome.type === 'returned') return 'sandbox';
  switch (outcome.kind) {
    case 'stack':
      return 'stack_overflow';
    case 'stopped':
      return 'aborted';
    default:
      return outcome.kind;
  }
}
