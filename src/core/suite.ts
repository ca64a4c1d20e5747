/**
 * The engine: catalog + exposure + effects + policy + sessions + the one `execute` path. This is the
 * only boundary that turns a throw into an `is_error` result; nothing a model sends makes it throw.
 * Knows no concrete tool: built-ins and `tool_search` are installed on top of it by `createToolSuite`.
 */
import { AliasRepairError, redirectByPayload, repairArguments, resolveToolName } from './aliases.ts';
import { ArgumentsError, coerceArguments, extractArguments, validateArguments } from './arguments.ts';
import { createCatalog } from './catalog.ts';
import { BUILTIN_EFFECTS } from './effects.ts';
import { ERROR_CODES, ToolError } from './errors.ts';
import { normalizeSpec } from './normalize.ts';
import { evaluatePolicy } from './policy.ts';
import { parseToolCall } from './raw-call.ts';
import { errorResult, isPlainObject, notImplementedResult, successResult, toJsonObject } from './results.ts';
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
  Policy,
  RegisteredTool,
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
  /** Effect → allow | ask | deny. Default: everything allowed. */
  policy?: Policy;
  /** Decides calls whose policy level is `ask`. Without it, such calls are refused. */
  onApproval?: (request: ApprovalRequest) => ApprovalDecision | Promise<ApprovalDecision>;
  /** Clock for `duration_ms`. Default: `Date.now`. */
  now?: () => number;
}

const MAX_ECHO = 600;

/** Creates a suite with an empty catalog. Throws `UsageError` for a malformed `agentConfig`. */
export function createCoreSuite<W = unknown>(options: CoreSuiteOptions<W> = {}): ToolSuite<W> {
  const catalog = createCatalog<W>();
  const now = options.now ?? Date.now;
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
    configured.get(name) ?? catalog.get(name)?.spec.effects ?? BUILTIN_EFFECTS[name] ?? null;

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
    const resolved = resolveToolName(calledName, (name) => catalog.get(name) !== undefined);
    if (!resolved) return unknownToolResult(calledName, caller, session);

    const first = catalog.get(resolved.name);
    if (!first) return unknownToolResult(calledName, caller, session);

    let extracted: Record<string, unknown>;
    let name = resolved.name;
    try {
      extracted = extractArguments(rawArgs, propertiesOf(first.spec));
      const redirected = redirectByPayload(resolved, extracted);
      name = redirected.name;
      extracted = redirected.args;
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
    const tool = catalog.get(name);
    if (!tool) return unknownToolResult(name, caller, session);
    if (!callable(tool, caller, session)) return refusedResult(tool, caller, session);

    const repaired = repairArguments(name, extracted, propertiesOf(tool.spec), resolved.alias);
    const coerced = coerceArguments(repaired, tool.spec.parameters) as Record<string, unknown>;
    const problems = validateArguments(coerced, tool.spec.parameters);
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
      return thrownResult(name, error);
    } finally {
      removeAbortListener();
    }
    return finish(name, returned, session);
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

  function finish(name: string, returned: unknown, session: ToolSession | undefined): ToolResult {
    const partial = typeof returned === 'string' ? { output: returned } : returned;
    if (!isPlainObject(partial) || typeof partial.output !== 'string') {
      return invalidResult(name, 'expected a string or an object with a string "output"');
    }
    if (partial.structured_output !== undefined && !isPlainObject(partial.structured_output)) {
      return invalidResult(name, '"structured_output" must be a JSON object');
    }
    if (partial.details !== undefined && !isPlainObject(partial.details)) {
      return invalidResult(name, '"details" must be an object');
    }
    let control: ToolControl | undefined;
    if (partial.control !== undefined) {
      try {
        control = normalizeControl(partial.control);
      } catch (error) {
        return invalidResult(
          name,
          `"control" is malformed (${error instanceof Error ? error.message : String(error)})`,
        );
      }
    }
    const structured: JsonObject = toJsonObject(partial.structured_output);
    const details = isPlainObject(partial.details) ? partial.details : {};
    if (control && session) {
      const activated = applyControl(session, control);
      if (control.add_tools) details.activated_tools = activated;
    }
    return successResult(partial.output, structured, details, 0, control);
  }

  function unknownToolResult(called: string, caller: Caller, session: ToolSession | undefined): ToolResult {
    const available = catalog
      .list()
      .filter((tool) => callable(tool, caller, session))
      .map((tool) => tool.spec.name);
    const close = closestNames(called, available);
    const search = searchHint(caller, session);
    const text =
      close.length > 0
        ? `Unknown tool "${called}". The closest tools are: ${close.join(', ')}. Call one of them by its exact name.${search}`
        : `Unknown tool "${called}". Available tools: ${available.length > 0 ? available.join(', ') : 'none'}.${search}`;
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
    return errorResult(
      `Tool "${name}" is not available to any caller. Use one of the available tools instead.`,
      {
        code: ERROR_CODES.NOT_CALLABLE,
        data,
      },
    );
  }

  return suite;
}

function propertiesOf(spec: ToolSpec): Record<string, unknown> {
  return isPlainObject(spec.parameters.properties) ? spec.parameters.properties : {};
}

function invalidArgumentsResult(name: string, problems: readonly string[], received: unknown): ToolResult {
  const text = [
    `Invalid arguments for ${name}:`,
    ...problems.map((problem) => `- ${problem}`),
    `Received: ${echo(received)}`,
    `Fix the arguments and call ${name} again.`,
  ].join('\n');
  return errorResult(text, {
    code: ERROR_CODES.INVALID_ARGUMENTS,
    data: { tool: name, problems: [...problems] },
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
  if (value.terminate !== undefined && value.terminate !== false) {
    control.terminate = isPlainObject(value.terminate)
      ? { ...(typeof value.terminate.reason === 'string' ? { reason: value.terminate.reason } : {}) }
      : {};
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
