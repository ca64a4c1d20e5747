/**
 * The composition root: the core engine plus the built-in tools and `tool_search`. Same import rules
 * as `src/index.ts`: core, tools, search; no backend, no QuickJS.
 */
import { type CoreSuiteOptions, createCoreSuite, type SpillRequest, type ToolSuite } from './core/index.ts';
import { enableToolSearch } from './search/index.ts';
import {
  BUILTIN_TOOL_NAMES,
  type BuiltinToolName,
  type BuiltinToolOptions,
  describeWorkspaceShell,
  registerBuiltinTools,
} from './tools/index.ts';
import { spillOutput } from './tools/spill.ts';
import type { Workspace } from './workspace/workspace.ts';

/** Options of {@link createToolSuite}. */
export interface ToolSuiteOptions extends CoreSuiteOptions<Workspace> {
  /**
   * Built-in tools to register: `true` for all of read, write, edit, bash, grep, find, ls (as `direct`)
   * and tool_search (as `model_only`); `false` for none; or a list of names, which may include
   * `tool_search`. Default: `true`.
   */
  builtins?: boolean | readonly (BuiltinToolName | 'tool_search')[];
  /**
   * Options of the built-in tools, by name: `{ read: { maxBytes }, bash: { defaultTimeoutSeconds } }`.
   * Default: each tool's defaults (2,000 lines or 50 KB of output, a 30 s bash timeout, ...).
   */
  builtinOptions?: BuiltinToolOptions;
}

/**
 * Creates a tool suite: the catalog, exposure rules, policy, sessions and the one `execute` path, with
 * the built-in tools registered. Without a `workspace`, the embedded just-bash workspace is created on
 * the first call that needs one, through a dynamic import, so a host that brings its own workspace
 * never downloads just-bash. Throws `UsageError` for malformed options.
 */
export function createToolSuite(options: ToolSuiteOptions = {}): ToolSuite<Workspace> {
  const { builtins = true, builtinOptions, workspace = createEmbeddedWorkspace, ...coreOptions } = options;
  // A cut output is kept where the model can page through it, when it can: with `read`, from the spill
  // directory, as bash's own cut output is.
  const spill = async ({ tool, text, caller, session }: SpillRequest): Promise<string | undefined> => {
    if (!suite.isCallable('read', caller, session)) return undefined;
    return spillOutput(await suite.getWorkspace(), tool, text);
  };
  // Declarations exist before the workspace does: bash's is made to describe the workspace's own shell
  // (its programs, on a WebContainer) as soon as the workspace is there.
  const described =
    typeof workspace === 'function'
      ? async (): Promise<Workspace> => {
          const created = await workspace();
          describeWorkspaceShell(suite, created);
          return created;
        }
      : workspace;
  const suite: ToolSuite<Workspace> = createCoreSuite<Workspace>({
    spill,
    ...coreOptions,
    workspace: described,
  });
  const names: readonly string[] =
    builtins === true ? [...BUILTIN_TOOL_NAMES, 'tool_search'] : builtins === false ? [] : builtins;
  registerBuiltinTools(
    suite,
    BUILTIN_TOOL_NAMES.filter((name) => names.includes(name)),
    builtinOptions,
  );
  if (names.includes('tool_search')) enableToolSearch(suite);
  if (typeof workspace !== 'function') describeWorkspaceShell(suite, workspace);
  return suite;
}

async function createEmbeddedWorkspace(): Promise<Workspace> {
  const { createJustBashWorkspace } = await import('./workspace/just-bash/just-bash-workspace.ts');
  return createJustBashWorkspace();
}
