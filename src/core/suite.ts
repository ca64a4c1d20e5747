/**
 * The engine: catalog + exposure + effects + policy + sessions + the one `execute` path. This is the
 * only boundary that turns a throw into an `is_error` result; nothing a model sends makes it throw.
 * Knows no concrete tool: built-ins and `tool_search` are installed on top of it by `createToolSuite`.
 */
import {
  AliasRepairError,
  type PayloadRedirect,
  rawPayload,
  redirectByPayload,
  repairArguments,
  resolveToolName,
} from './aliases.ts';
import {
  ArgumentsError,
  coerceArguments,
  extractArguments,
  prototypeKeyProblems,
  validateArguments,
} from './arguments.ts';
import { fitOutput, resolveOutputBudget } from './budget.ts';
import { createCatalog } from './catalog.ts';
import { BUILTIN_EFFECTS } from './effects.ts';
import { ERROR_CODES, ToolError } from './errors.ts';
import { isToolName, MAX_TOOL_NAME_LENGTH, normalizeSpec } from './normalize.ts';
import { ownValue } from './own.ts';
import { type PeerAdapter, peerAdapter } from './peer-tools.ts';
import { assertPolicy, evaluatePolicy } from './policy.ts';
import { parseToolCall } from './raw-call.ts';
import {
  clipText,
  errorResult,
  isPlainObject,
  MAX_ERROR_MESSAGE_CHARS,
  notImplementedResult,
  successResult,
  toJsonObject,
} from './results.ts';
import { readReturned } from './returned.ts';
import { applyControl, createSession } from './session.ts';
import { closestNames } from './similar.ts';
import type {
  AnyToolSpec,
  ApprovalDecision,
  ApprovalRequest,
  Caller,
  Effect,
  ExecuteOptions,
  JsonObject,
  OutputBudget,
  Policy,
  RegisteredTool,
  SpillRequest,
  ToolContext,
  ToolControl,
  ToolResult,
  ToolSession,
  ToolSpec,
  ToolSuite,
} from './types.ts';

/** Options of {@link createCoreSuite} (and of `createToolSuite`, which adds the built-ins). */
export interface CoreSuiteOptions<W = unknown> {
  /**
   * The workspace tools act on, or a factory that creates it on first use (called once; a rejection is
   * reported to that call and retried on the next). Default: none.
   */
  workspace?: W | (() => W | Promise<W>);
  /** The agent's own configuration; effects declared on its specs win over the catalog's. */
  agentConfig?: { tools?: AnyToolSpec[] };
  /**
   * Effect → `allow` | `ask` | `deny`, plus `default` for effects it does not list (omitted: the strictest
   * level it uses) and `unknown` for tools whose effects are unknown (omitted: the strictest level in
   * force). A policy with an unknown key or level throws a `UsageError`. Without a policy every call
   * runs, whatever its effects.
   */
  policy?: Policy;
  /** Decides calls whose policy level is `ask`. Without it, such calls are refused. */
  onApproval?: (request: ApprovalRequest) => ApprovalDecision | Promise<ApprovalDecision>;
  /** Clock for `duration_ms`. Default: `Date.now`. */
  now?: () => number;
  /**
   * How much `output` one result may carry, for every tool registered without its own `outputBudget`.
   * Default: 2000 lines or 50 KB, as the built-in tools.
   */
  outputBudget?: OutputBudget;
  /**
   * Keeps the full text of an output the budget cut where the caller can page through it with `read`
   * and `offset`, and returns its path; `undefined` when there is no such place for this caller. Without
   * it, or when it returns `undefined` or fails, the full text goes into `details.full_output`.
   * `createToolSuite` installs one that writes into the workspace's spill directory when `read` is
   * callable.
   */
  spill?: (request: SpillRequest) => Promise<string | undefined>;
}

/** Characters of what a call sent that an error echoes. */
const MAX_ECHO = 600;
/** Problems listed in an invalid-arguments error; the rest are counted. */
const MAX_LISTED_PROBLEMS = 20;
/** Characters of one listed problem. */
const MAX_PROBLEM_CHARS = 300;
/** Tool names listed in an unknown-tool error; the rest are counted. */
const MAX_LISTED_TOOLS = 50;
/** Characters of a called name that is not a tool name echoed back. */
const MAX_ECHOED_NAME_CHARS = 64;

/** Creates a suite with an empty catalog. Throws `UsageError` for a malformed `agentConfig` or `policy`. */
export function createCoreSuite<W = unknown>(options: CoreSuiteOptions<W> = {}): ToolSuite<W> {
  assertPolicy(options.policy);
  const catalog = createCatalog<W>();
  const now = options.now ?? Date.now;
  const defaultBudget = resolveOutputBudget(options.outputBudget, 'createToolSuite');
  const configured = new Map<string, readonly Effect[]>();
  for (const spec of options.agentConfig?.tools ?? []) {
    const normalized = normalizeSpec(spec);
    if (normalized.effects) configured.set(normalized.name, normalized.effects);
  }

  const callable = (tool: RegisteredTool<W>, caller: Caller, session: ToolSession | undefined): boolean => {
    switch (tool.mode) {
      case 'direct':
        return true;
      case 'model_only':
        return caller === 'model';
      case 'codemode':
        return caller === 'codemode';
      case 'deferred':
        return session?.isActive(tool.spec.name) === true;
      case 'hidden':
        return false;
    }
  };

  const effects = (name: string): readonly Effect[] | null =>
    configured.get(name) ?? catalog.get(name)?.spec.effects ?? ownValue(BUILTIN_EFFECTS, name) ?? null;

  let workspace: Promise<W> | undefined;
  const getWorkspace = (): Promise<W> => {
    const configured = options.workspace;
    if (configured === undefined) {
      return Promise.reject(
        new ToolError(
          'No workspace is configured for this tool suite. Use a tool that does not need files.',
          {
            code: ERROR_CODES.NO_WORKSPACE,
          },
        ),
      );
    }
    if (typeof configured !== 'function') return Promise.resolve(configured);
    workspace ??= Promise.resolve()
      .then(() => (configured as () => W | Promise<W>)())
      .catch((error: unknown) => {
        workspace = undefined;
        const message = error instanceof Error ? error.message : String(error);
        throw new ToolError(`The workspace could not be started (${firstLine(message)}). Try again.`, {
          code: ERROR_CODES.NO_WORKSPACE,
        });
      });
    return workspace;
  };

  const suite: ToolSuite<W> = {
    register: (spec, mode, implementation, registerOptions) =>
      catalog.register(spec, mode, implementation, registerOptions),
    unregister: (name) => catalog.unregister(name),
    setMode: (name, mode) => catalog.setMode(name, mode),
    get: (name) => catalog.get(name),
    list: () => catalog.list(),
    subscribe: (listener) => catalog.subscribe(listener),
    declarations: (session) =>
      catalog
        .list()
        .filter(
          (tool) => tool.mode !== 'codemode' && tool.mode !== 'hidden' && callable(tool, 'model', session),
        )
        .map((tool) => tool.spec),
    isCallable: (name, caller, session) => {
      const tool = catalog.get(name);
      return tool !== undefined && callable(tool, caller, session);
    },
    effects,
    createSession: (sessionOptions) =>
      createSession((name) => catalog.get(name)?.mode === 'deferred', sessionOptions?.id),
    getWorkspace,
    async execute(name, args, executeOptions = {}) {
      const started = now();
      try {
        const result = await run(name, args, executeOptions);
        result.details.duration_ms = Math.max(0, now() - started);
        return result;
      } catch (error) {
        // run() handles every expected failure; this is the last line of defence.
        const message = error instanceof Error ? error.message : String(error);
        return errorResult(
          `The call failed unexpectedly: ${firstLine(message)}. Try again or use another tool.`,
          {
            code: ERROR_CODES.TOOL_FAILED,
            durationMs: Math.max(0, now() - started),
          },
        );
      }
    },
    executeCall(call, executeOptions) {
      const parsed = parseToolCall(call);
      if (parsed.name === undefined) {
        return Promise.resolve(
          errorResult(
            'The tool call has no tool name. Send a call with the name of one of the declared tools and its arguments.',
            { code: ERROR_CODES.INVALID_CALL },
          ),
        );
      }
      return suite.execute(parsed.name, parsed.arguments, executeOptions);
    },
  };

  async function run(
    rawName: unknown,
    rawArgs: unknown,
    executeOptions: ExecuteOptions,
  ): Promise<ToolResult> {
    const caller: Caller = executeOptions.caller === 'codemode' ? 'codemode' : 'model';
    const session = executeOptions.session;
    if (session?.terminated) {
      const reason = session.terminated.reason ? ` (${session.terminated.reason})` : '';
      return errorResult(
        `The session has ended${reason}. No further tool calls run in it; answer the user instead.`,
        {
          code: ERROR_CODES.SESSION_ENDED,
        },
      );
    }
    if (typeof rawName !== 'string' || rawName.trim() === '') {
      return errorResult(
        'The tool call has no tool name. Send a call with the name of one of the declared tools and its arguments.',
        { code: ERROR_CODES.INVALID_CALL },
      );
    }
    const calledName = rawName.trim();
    // Before any lookup or similarity search: the cost of a call must not grow with the name's size.
    if (!isToolName(calledName)) return notAToolNameResult(calledName, caller, session);
    // Hidden tools are not resolved at all, so no answer can tell them from names never registered.
    const visible = (name: string): boolean => {
      const tool = catalog.get(name);
      return tool !== undefined && tool.mode !== 'hidden';
    };
    const resolved = resolveToolName(calledName, visible);
    if (!resolved) return unknownToolResult(calledName, caller, session);

    const first = catalog.get(resolved.name);
    if (!first) return unknownToolResult(calledName, caller, session);

    let extracted: Record<string, unknown>;
    let name = resolved.name;
    let redirected: PayloadRedirect | undefined;
    let adapter: PeerAdapter | undefined;
    try {
      extracted = extractArguments(rawPayload(resolved, rawArgs), propertiesOf(first.spec));
      adapter = peerAdapter(resolved.alias, extracted);
      if (!adapter) {
        redirected = redirectByPayload(resolved, extracted);
        name = redirected.name;
        extracted = redirected.args;
      }
    } catch (error) {
      if (error instanceof ArgumentsError)
        return invalidArgumentsResult(resolved.name, error.problems, rawArgs);
      if (error instanceof AliasRepairError) {
        return errorResult(error.message, {
          code: ERROR_CODES.INVALID_ARGUMENTS,
          data: { tool: resolved.name },
        });
      }
      throw error;
    }
    // A peer tool with semantics of its own: carried out as calls of the built-ins, each through run().
    if (adapter)
      return adapter(extracted, (builtin, builtinArgs) => run(builtin, builtinArgs, executeOptions));
    const tool = catalog.get(name);
    if (!tool || tool.mode === 'hidden') return unknownToolResult(name, caller, session);
    if (!callable(tool, caller, session)) return refusedResult(tool, caller, session);

    // Arguments a redirect built itself are checked against its schema, not repaired as a model's.
    const schema = redirected?.parameters ?? tool.spec.parameters;
    const repaired = redirected?.parameters
      ? extracted
      : repairArguments(name, extracted, propertiesOf(tool.spec), resolved.alias);
    const coerced = coerceArguments(repaired, schema) as Record<string, unknown>;
    const problems = [...prototypeKeyProblems(coerced, schema), ...validateArguments(coerced, schema)];
    if (problems.length > 0) return invalidArgumentsResult(name, problems, rawArgs);

    const toolEffects = effects(name);
    const verdict = evaluatePolicy(options.policy, toolEffects);
    const because = verdict.because.map((effect) =>
      effect === 'unknown' ? 'unknown effects' : `effect ${effect}`,
    );
    if (verdict.level === 'deny') {
      return errorResult(
        `Tool "${name}" was denied by policy (${because.join(', ')}), so it did not run. Do not retry it; use a tool without that effect or ask the user.`,
        { code: ERROR_CODES.DENIED, data: { tool: name, effects: verdict.because } },
      );
    }
    if (verdict.level === 'ask' && executeOptions.approved !== true) {
      const refusal = await askApproval({
        tool: name,
        arguments: coerced,
        effects: toolEffects,
        asking: verdict.because,
        caller,
        session,
      });
      if (refusal !== undefined) {
        return errorResult(refusal, {
          code: ERROR_CODES.NOT_APPROVED,
          data: { tool: name, effects: verdict.because },
        });
      }
    }

    if (!tool.implementation) return notImplementedResult(name);
    const signal = executeOptions.signal;
    if (signal?.aborted) return notStartedResult(name);

    const controller = new AbortController();
    const context: ToolContext<W> = {
      workspace: getWorkspace,
      signal: controller.signal,
      session,
      suite,
      caller,
      toolName: name,
    };
    const implementation = tool.implementation;
    let removeAbortListener = (): void => {};
    const aborted = new Promise<'aborted'>((resolve) => {
      if (!signal) return;
      const onAbort = (): void => {
        controller.abort(signal.reason);
        resolve('aborted');
      };
      signal.addEventListener('abort', onAbort, { once: true });
      removeAbortListener = () => signal.removeEventListener('abort', onAbort);
    });
    const running = Promise.resolve().then(() => implementation(coerced, context));
    let returned: unknown;
    try {
      const outcome = await Promise.race([running, aborted]);
      if (signal?.aborted) return abortedResult(name, await explanation(running));
      returned = outcome;
    } catch (error) {
      if (signal?.aborted)
        return abortedResult(name, error instanceof ToolError ? { kind: 'explained', error } : undefined);
      return thrownWithinBudget(tool, error, caller, session, redirected?.reportAs);
    } finally {
      removeAbortListener();
    }
    return finish(tool, returned, caller, session);
  }

  async function askApproval(request: ApprovalRequest): Promise<string | undefined> {
    const what = request.asking
      .map((effect) => (effect === 'unknown' ? 'unknown effects' : `effect ${effect}`))
      .join(', ');
    if (!options.onApproval) {
      return `Tool "${request.tool}" needs approval (${what}) but no approver is configured, so it did not run. Ask the user to allow it.`;
    }
    let decision: ApprovalDecision;
    try {
      decision = await options.onApproval(request);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return `Tool "${request.tool}" was not approved (${what}): the approval failed (${firstLine(message)}). Ask the user how to proceed.`;
    }
    const approved = typeof decision === 'boolean' ? decision : decision.approved === true;
    if (approved) return undefined;
    const reason = typeof decision === 'object' && decision.reason ? `: ${decision.reason}` : '';
    return `The user did not approve tool "${request.tool}" (${what})${reason}. Do not retry the same call; ask the user how to proceed.`;
  }

  async function finish(
    tool: RegisteredTool<W>,
    returned: unknown,
    caller: Caller,
    session: ToolSession | undefined,
  ): Promise<ToolResult> {
    const name = tool.spec.name;
    const parts = readReturned(returned);
    if ('problem' in parts) return invalidResult(name, parts.problem);
    let control: ToolControl | undefined;
    if (parts.control !== undefined) {
      try {
        control = normalizeControl(parts.control);
      } catch (error) {
        return invalidResult(
          name,
          `"control" is malformed (${error instanceof Error ? error.message : String(error)})`,
        );
      }
    }
    const fitted = await withinBudget(tool, parts.output, caller, session);
    const details = { ...parts.details, ...fitted.details };
    if (control && session) {
      const activated = applyControl(session, control);
      if (control.add_tools) details.activated_tools = activated;
    }
    const structured: JsonObject = toJsonObject(parts.structured);
    if (parts.isError) {
      // The tool said it failed: an error result, with the tool's own text and data kept.
      structured.error ??= {
        code: ERROR_CODES.TOOL_FAILED,
        message: clipText(fitted.text, MAX_ERROR_MESSAGE_CHARS),
        tool: name,
      };
      const result: ToolResult = {
        output: fitted.text,
        structured_output: structured,
        details: { ...details, duration_ms: 0 },
        is_error: true,
      };
      if (control) result.control = control;
      return result;
    }
    return successResult(fitted.text, structured, details, 0, control);
  }

  /** The budget of `tool`: its own, the suite's, or none (`false`: the tool cuts its own output). */
  function budgetOf(tool: RegisteredTool<W>): Required<OutputBudget> | undefined {
    if (tool.outputBudget === false) return undefined;
    return tool.outputBudget
      ? resolveOutputBudget(tool.outputBudget, tool.spec.name, defaultBudget)
      : defaultBudget;
  }

  /** `text` within the tool's budget, and the details that say where the full text went. */
  function withinBudget(
    tool: RegisteredTool<W>,
    text: string,
    caller: Caller,
    session: ToolSession | undefined,
  ): Promise<{ text: string; details: Record<string, unknown> }> {
    const budget = budgetOf(tool);
    if (!budget) return Promise.resolve({ text, details: {} });
    return fitOutput(text, budget, { tool: tool.spec.name, text, caller, session }, options.spill);
  }

  /** A thrown error as a result, the output it carried cut to the tool's budget. */
  async function thrownWithinBudget(
    tool: RegisteredTool<W>,
    error: unknown,
    caller: Caller,
    session: ToolSession | undefined,
    reportAs?: string,
  ): Promise<ToolResult> {
    const name = reportAs ?? tool.spec.name;
    if (!(error instanceof ToolError) || !error.output) return thrownResult(name, error);
    const fitted = await withinBudget(tool, error.output, caller, session);
    if (fitted.text === error.output) return thrownResult(name, error);
    const within = new ToolError(error.message, {
      code: error.code,
      output: fitted.text,
      ...(error.data ? { data: error.data } : {}),
      details: { ...error.details, ...fitted.details },
    });
    return thrownResult(name, within);
  }

  /** A called name no tool can have (too long, or characters names never have): refused unsearched. */
  function notAToolNameResult(called: string, caller: Caller, session: ToolSession | undefined): ToolResult {
    const shown = JSON.stringify(clipText(called, MAX_ECHOED_NAME_CHARS));
    const size = called.length > MAX_ECHOED_NAME_CHARS ? ` (${called.length} characters)` : '';
    const text = `Unknown tool ${shown}${size}: tool names are 1-${MAX_TOOL_NAME_LENGTH} characters of letters, digits, "_", ".", ":" and "-". Available tools: ${availableList(caller, session)}.${searchHint(caller, session)}`;
    return errorResult(text, {
      code: ERROR_CODES.UNKNOWN_TOOL,
      data: { tool: clipText(called, MAX_ECHOED_NAME_CHARS), suggestions: [] },
    });
  }

  function availableNames(caller: Caller, session: ToolSession | undefined): string[] {
    return catalog
      .list()
      .filter((tool) => callable(tool, caller, session))
      .map((tool) => tool.spec.name);
  }

  /** `read, write, ls`, at most {@link MAX_LISTED_TOOLS} names, or `none`. */
  function availableList(caller: Caller, session: ToolSession | undefined): string {
    const available = availableNames(caller, session);
    if (available.length === 0) return 'none';
    const listed = available.slice(0, MAX_LISTED_TOOLS).join(', ');
    const more = available.length - MAX_LISTED_TOOLS;
    return more > 0 ? `${listed} and ${more} more` : listed;
  }

  function unknownToolResult(called: string, caller: Caller, session: ToolSession | undefined): ToolResult {
    const close = closestNames(called, availableNames(caller, session));
    const search = searchHint(caller, session);
    const text =
      close.length > 0
        ? `Unknown tool "${called}". The closest tools are: ${close.join(', ')}. Call one of them by its exact name.${search}`
        : `Unknown tool "${called}". Available tools: ${availableList(caller, session)}.${search}`;
    return errorResult(text, { code: ERROR_CODES.UNKNOWN_TOOL, data: { tool: called, suggestions: close } });
  }

  function searchHint(caller: Caller, session: ToolSession | undefined): string {
    const search = catalog.get('tool_search');
    return search && callable(search, caller, session) ? ' To find other tools, call tool_search.' : '';
  }

  function refusedResult(
    tool: RegisteredTool<W>,
    caller: Caller,
    session: ToolSession | undefined,
  ): ToolResult {
    const name = tool.spec.name;
    const data = { tool: name, mode: tool.mode };
    if (tool.mode === 'deferred') {
      const search = catalog.get('tool_search');
      const words = name
        .replace(/[_.:-]+/g, ' ')
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase();
      const text =
        search && callable(search, 'model', session)
          ? `Tool "${name}" is not loaded yet. Call tool_search with words for what you need (for example "${words}"); matching tools become callable from your next call.`
          : `Tool "${name}" is not loaded in this session and cannot be loaded here. Use one of the available tools instead.`;
      return errorResult(text, { code: ERROR_CODES.NOT_ACTIVATED, data });
    }
    if (tool.mode === 'codemode' && caller === 'model') {
      const codemode = catalog.get('codemode');
      const text =
        codemode && callable(codemode, 'model', session)
          ? `Tool "${name}" can only be called from codemode scripts. Call it inside a codemode script: await tools.${name}({...}).`
          : `Tool "${name}" can only be called from codemode scripts, and codemode is not enabled here. Use one of the available tools instead.`;
      return errorResult(text, { code: ERROR_CODES.NOT_CALLABLE, data });
    }
    if (tool.mode === 'model_only' && caller === 'codemode') {
      return errorResult(
        `Tool "${name}" cannot be called from a codemode script. Return what you have and let the model call it directly.`,
        { code: ERROR_CODES.NOT_CALLABLE, data },
      );
    }
    // Only a hidden tool gets here, and hidden tools answer exactly as names never registered.
    return unknownToolResult(name, caller, session);
  }

  return suite;
}

function propertiesOf(spec: ToolSpec): Record<string, unknown> {
  return isPlainObject(spec.parameters.properties) ? spec.parameters.properties : {};
}

/**
 * The invalid-arguments error. Its size does not grow with the call: at most
 * {@link MAX_LISTED_PROBLEMS} problems of {@link MAX_PROBLEM_CHARS} characters are listed (the rest
 * counted), and what was sent is echoed up to {@link MAX_ECHO} characters.
 */
function invalidArgumentsResult(name: string, problems: readonly string[], received: unknown): ToolResult {
  const listed = problems
    .slice(0, MAX_LISTED_PROBLEMS)
    .map((problem) => clipText(problem, MAX_PROBLEM_CHARS));
  const omitted = problems.length - listed.length;
  const text = [
    `Invalid arguments for ${name}:`,
    ...listed.map((problem) => `- ${problem}`),
    ...(omitted > 0 ? [`- … and ${omitted} more ${omitted === 1 ? 'problem' : 'problems'}.`] : []),
    `Received: ${echo(received)}`,
    `Fix the arguments and call ${name} again.`,
  ].join('\n');
  return errorResult(text, {
    code: ERROR_CODES.INVALID_ARGUMENTS,
    data: { tool: name, problems: listed, ...(omitted > 0 ? { problems_omitted: omitted } : {}) },
  });
}

/** Milliseconds an aborted tool gets to explain itself (say which of its steps ran) before the generic text. */
const ABORT_GRACE_MS = 150;

/** What an aborted implementation did within the grace period: explained itself, or finished anyway. */
type AfterAbort = { kind: 'explained'; error: ToolError } | { kind: 'finished'; output: string } | undefined;

function explanation(running: Promise<unknown>): Promise<AfterAbort> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const grace = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ABORT_GRACE_MS);
  });
  const own = running.then(
    (returned): AfterAbort => {
      const output =
        typeof returned === 'string' ? returned : isPlainObject(returned) ? returned.output : undefined;
      return typeof output === 'string' ? { kind: 'finished', output } : undefined;
    },
    (error: unknown): AfterAbort => (error instanceof ToolError ? { kind: 'explained', error } : undefined),
  );
  return Promise.race([own, grace]).finally(() => clearTimeout(timer));
}

/**
 * The result of an aborted call: never a success. When the implementation explained the abort with a
 * `ToolError` (codemode lists the nested calls it made), that text is kept; when it finished its work
 * anyway within the grace period, the result says so (a write that landed is not "maybe partial").
 */
function abortedResult(name: string, after?: AfterAbort): ToolResult {
  if (after?.kind === 'explained') return thrownResult(name, after.error);
  if (after?.kind === 'finished') {
    return errorResult(
      `Tool "${name}" was aborted, but it had already finished its work, which stands. Its result:\n${after.output}`,
      { code: ERROR_CODES.ABORTED, data: { tool: name, completed: true } },
    );
  }
  return errorResult(`Tool "${name}" was aborted before it finished. Its effects, if any, may be partial.`, {
    code: ERROR_CODES.ABORTED,
    data: { tool: name },
  });
}

/** The result of a call whose signal was aborted before it started: the tool never ran. */
function notStartedResult(name: string): ToolResult {
  return errorResult(
    `Tool "${name}" was aborted before it started, so it did nothing. Call it again if it is still needed.`,
    {
      code: ERROR_CODES.ABORTED,
      data: { tool: name, started: false },
    },
  );
}

function thrownResult(name: string, error: unknown): ToolResult {
  if (error instanceof ToolError) {
    return errorResult(`${name}: ${error.message}`, {
      code: error.code,
      data: { tool: name, ...error.data },
      details: error.details,
      output: error.output,
    });
  }
  const message =
    error instanceof Error ? error.message : typeof error === 'string' ? error : 'unknown error';
  return errorResult(`${name}: ${firstLine(message)}`, {
    code: ERROR_CODES.TOOL_FAILED,
    data: { tool: name },
  });
}

function invalidResult(name: string, problem: string): ToolResult {
  return errorResult(
    `Tool "${name}" returned an invalid result: ${problem}. This is a bug in the tool, not in your call; use another tool.`,
    { code: ERROR_CODES.INVALID_RESULT, data: { tool: name } },
  );
}

function normalizeControl(value: unknown): ToolControl {
  if (!isPlainObject(value)) throw new Error('control must be an object');
  const control: ToolControl = {};
  if (value.add_tools !== undefined) {
    if (!Array.isArray(value.add_tools)) throw new Error('add_tools must be an array of specs');
    control.add_tools = value.add_tools.map((spec: unknown) => normalizeSpec(spec as AnyToolSpec));
  }
  if (value.handoff !== undefined) {
    if (!isPlainObject(value.handoff) || typeof value.handoff.to !== 'string') {
      throw new Error('handoff must be { to: string, reason?, payload? }');
    }
    control.handoff = value.handoff as unknown as ToolControl['handoff'];
  }
  if (value.terminate === true) control.terminate = true;
  else if (isPlainObject(value.terminate)) {
    control.terminate = typeof value.terminate.reason === 'string' ? { reason: value.terminate.reason } : {};
  } else if (value.terminate !== undefined && value.terminate !== false) {
    throw new Error('terminate must be true or { reason?: string }');
  }
  return control;
}

function echo(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > MAX_ECHO ? `${text.slice(0, MAX_ECHO)}… (${text.length} characters)` : text;
}

function firstLine(message: string): string {
  const line = message.split('\n')[0] ?? '';
  return line.length > 500 ? `${line.slice(0, 500)}…` : line;
}
