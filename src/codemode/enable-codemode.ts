/**
 * The `codemode` tool: the model writes a script, the script calls tools through the suite's one
 * `execute` path (as caller `codemode`, so exposure and policy apply to every nested call), and only
 * the script's return value and console lines come back. This file owns the options and the wiring:
 * registering the tool, keeping its description current with the catalog, and the plugin. One run is
 * split by concern: its lifecycle and watchdog (`script-run.ts`), the host side of the bridge
 * (`host-bridge.ts`), what a session's scripts may call (`session-catalog.ts`) and the result
 * (`script-result.ts`). Where the script runs is a {@link CodemodeRunner}'s business.
 * Imports `../core/` and this room only; QuickJS is loaded by the runners with `import()`.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { ERROR_CODES, ToolError, UsageError } from '../core/errors.ts';
import type {
  JsonSchema,
  PartialToolResult,
  SuitePlugin,
  ToolContext,
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
  generateCodemodeTypes,
  type TokenCounter,
} from './declarations.ts';
import { createScriptHost } from './host-bridge.ts';
import { createInProcessRunner } from './in-process-runner.ts';
import type { CodemodeRunner, ScriptJob, ScriptOutcome } from './runner.ts';
import { scriptResult } from './script-result.ts';
import { createScriptRun, runToOutcome, startWatchdog } from './script-run.ts';
import {
  CODEMODE_TOOL_NAME,
  callableSpecs,
  describeForScript,
  scriptToolNames,
  sessionDescription,
  sessionTypes,
} from './session-catalog.ts';
import type { CodemodeSettings } from './settings.ts';
import { createWorkerRunner } from './worker-runner.ts';

export { CODEMODE_TOOL_NAME };

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

/** `options` with the defaults filled in. Throws `UsageError` naming the first option out of range. */
function resolveSettings(options: CodemodeOptions): CodemodeSettings {
  const maxTimeoutSeconds = options.maxTimeoutSeconds ?? MAX_TIMEOUT_SECONDS;
  const defaultTimeoutSeconds =
    options.defaultTimeoutSeconds ?? Math.min(DEFAULT_TIMEOUT_SECONDS, maxTimeoutSeconds);
  const caps = {
    maxCalls: options.maxCalls ?? DEFAULT_MAX_CALLS,
    maxConsoleBytes: options.maxConsoleBytes ?? DEFAULT_MAX_CONSOLE_BYTES,
    maxResultBytes: options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES,
    maxPayloadBytes: options.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD_BYTES,
    memoryBytes: options.memoryBytes ?? DEFAULT_MEMORY_BYTES,
  };
  checkPositive('maxTimeoutSeconds', maxTimeoutSeconds, false);
  checkPositive('defaultTimeoutSeconds', defaultTimeoutSeconds, false);
  if (defaultTimeoutSeconds > maxTimeoutSeconds) {
    throw new UsageError(
      `enableCodemode: defaultTimeoutSeconds (${defaultTimeoutSeconds}) must not exceed maxTimeoutSeconds (${maxTimeoutSeconds}).`,
    );
  }
  for (const [name, value] of Object.entries(caps)) checkPositive(name, value);
  const declarationBudget = options.declarationBudget ?? DEFAULT_DECLARATION_BUDGET;
  checkBudget('enableCodemode: declarationBudget', declarationBudget);
  return {
    ...caps,
    defaultTimeoutSeconds,
    maxTimeoutSeconds,
    declarationBudget,
    countTokens: options.countTokens,
    outputSchemas: options.outputSchemas ?? {},
    preamble: options.preamble ?? CODEMODE_PREAMBLE,
    now: options.now ?? Date.now,
    // Last, so that no Worker runner is made for options that are refused.
    runner: options.runner ?? defaultRunner(),
  };
}

/**
 * The parameters of `codemode`: the script, and a timeout within the host's cap. Declared `as const`,
 * so the type of what the implementation receives ({@link CodemodeInput}) is derived from them; the
 * values that vary say their type (`as number`) because `isolatedDeclarations` infers a declaration's
 * type from literals and assertions only.
 */
function codemodeParameters(settings: CodemodeSettings) {
  const { defaultTimeoutSeconds, maxTimeoutSeconds } = settings;
  return {
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
        maximum: maxTimeoutSeconds as number,
        description:
          `Seconds before the script is stopped. Default: ${defaultTimeoutSeconds}, at most ${maxTimeoutSeconds}.` as string,
      },
    },
    required: ['code'],
    additionalProperties: false,
  } as const;
}

/** What `codemode` runs with, once the pipeline validated it against its parameters. */
export type CodemodeInput = FromSchema<ReturnType<typeof codemodeParameters>>;

/** The script to run: fences removed; an empty one is refused before anything loads. */
function scriptCode(input: CodemodeInput): string {
  // Typed from the schema the pipeline checks; a host calling the implementation itself is not checked.
  const code = stripFences(typeof input.code === 'string' ? input.code : '');
  if (code.trim() === '') {
    throw new ToolError(
      'code is empty. Write the body of an async function that calls tools and returns a value.',
      { code: ERROR_CODES.INVALID_ARGUMENTS },
    );
  }
  return code;
}

/** The model's `timeout`, capped at `maxTimeoutSeconds`; the default when it passed none usable. */
function timeoutOf(input: CodemodeInput, settings: CodemodeSettings): number {
  return typeof input.timeout === 'number' && input.timeout > 0
    ? Math.min(input.timeout, settings.maxTimeoutSeconds)
    : settings.defaultTimeoutSeconds;
}

/**
 * The implementation of `codemode`: one run per call. The script sees the tools callable in the
 * caller's session at the time of the call; the watchdog starts before the runner loads, and the
 * result is shaped once the runner settled (or was given up on).
 */
function codemodeImplementation<W>(suite: ToolSuite<W>, settings: CodemodeSettings): ToolImplementation<W> {
  const runScript = async (input: CodemodeInput, context: ToolContext<W>): Promise<PartialToolResult> => {
    const code = scriptCode(input);
    const timeoutSeconds = timeoutOf(input, settings);
    const session = context.session;
    const entries = sessionTypes(suite, settings, session).tools;
    const toolNames = scriptToolNames(entries);
    const run = createScriptRun();
    const watchdog = startWatchdog(run, timeoutSeconds, context.signal);
    const host = createScriptHost({
      suite,
      session,
      run,
      describe: (request) => describeForScript(suite, settings, request, entries, session),
      maxCalls: settings.maxCalls,
      maxPayloadBytes: settings.maxPayloadBytes,
      now: settings.now,
    });
    const { memoryBytes, maxConsoleBytes, maxResultBytes } = settings;
    const job: ScriptJob = {
      code,
      toolNames,
      deadline: watchdog.deadline,
      limits: { memoryBytes, maxConsoleBytes, maxResultBytes },
    };
    let outcome: ScriptOutcome;
    try {
      outcome = await runToOutcome(settings.runner, job, host, run.stop.signal);
    } finally {
      watchdog.dispose();
    }
    return scriptResult(run, outcome, timeoutSeconds, settings);
  };
  // The pipeline checked the arguments against `codemodeParameters` before this runs: a CodemodeInput.
  return (args, context) => runScript(args as CodemodeInput, context);
}

/**
 * Registers the `codemode` tool (mode `model_only`) on `suite` and keeps its description current with
 * the catalog. Throws `UsageError` when a tool named `codemode` is already registered or an option is
 * out of range. Nothing loads until the first script runs.
 */
export function enableCodemode<W>(suite: ToolSuite<W>, options: CodemodeOptions = {}): CodemodeHandle {
  const settings = resolveSettings(options);
  const parameters = codemodeParameters(settings);
  const descriptionFor = (session: ToolSession | undefined): string =>
    sessionDescription(suite, settings, session);
  const implementation = codemodeImplementation(suite, settings);
  const ours = (): boolean => suite.get(CODEMODE_TOOL_NAME)?.implementation === implementation;
  const remove = suite.use(
    codemodePlugin(suite, {
      follow: () => followCatalog(suite, parameters, implementation, () => descriptionFor(undefined)),
      ours,
    }),
  );
  return {
    runner: settings.runner,
    description: descriptionFor,
    types: (session) => sessionTypes(suite, settings, session).text,
    fullTypes: (session) =>
      generateCodemodeTypes(callableSpecs(suite, session), {
        outputSchemas: settings.outputSchemas,
        full: true,
      }).text,
    tools: (session) => sessionTypes(suite, settings, session).tools,
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
 * Registers `codemode` and re-registers it whenever another tool's change alters the catalog-wide
 * description (the one sent without a session), keeping the mode the host gave it. Stops once the
 * registered `codemode` is no longer `implementation`. Returns the unsubscribe function.
 */
function followCatalog<W>(
  suite: ToolSuite<W>,
  parameters: JsonSchema,
  implementation: ToolImplementation<W>,
  description: () => string,
): () => void {
  const spec = (text: string): ToolSpec => ({
    name: CODEMODE_TOOL_NAME,
    description: text,
    parameters,
    effects: ['exec'],
  });
  // Codemode cuts its own output (truncateOutput), with a notice about what a script should return.
  let registered = suite.register(spec(description()), 'model_only', implementation, { outputBudget: false });
  const refresh = (): void => {
    const current = suite.get(CODEMODE_TOOL_NAME);
    if (current === undefined || current.implementation !== implementation) return;
    const text = description();
    if (registered.spec.description === text) return;
    registered = suite.register(spec(text), current.mode, implementation, {
      replace: true,
      outputBudget: false,
    });
  };
  return suite.subscribe((event) => {
    if (event.tool.spec.name !== CODEMODE_TOOL_NAME) refresh();
  });
}

/**
 * Codemode as a plugin: `install` registers `codemode` and keeps its description current with the
 * catalog; while the model can call it, a codemode-only tool the model called directly is refused with
 * how to call it from a script; `dispose` stops following the catalog and unregisters codemode.
 */
function codemodePlugin<W>(
  suite: ToolSuite<W>,
  tool: { follow: () => () => void; ours: () => boolean },
): SuitePlugin<W> {
  let unfollow = (): void => undefined;
  return {
    name: CODEMODE_TOOL_NAME,
    // Registers `codemode` and follows the catalog; a throw (a tool of that name exists) installs nothing.
    install() {
      unfollow = tool.follow();
    },
    refusal(tool, { caller, session }) {
      if (tool.mode !== 'codemode' || caller !== 'model') return undefined;
      if (!suite.isCallable(CODEMODE_TOOL_NAME, 'model', session)) return undefined;
      const name = tool.spec.name;
      return `Tool "${name}" can only be called from codemode scripts. Call it inside a codemode script: await tools.${name}({...}).`;
    },
    dispose() {
      unfollow();
      if (tool.ours()) suite.unregister(CODEMODE_TOOL_NAME);
    },
  };
}
