/**
 * The shells the Oils spec cases run in besides GNU bash: the bash tool (`suite.execute('bash', …)`)
 * on the embedded backend and on the WebContainer backend (over the stand-in of
 * tests/workspace/webcontainer-stand-in.ts), and raw just-bash (`new Bash()`, no layer of this
 * library). Each run gets a fresh workspace laid out alike: the helpers in `<root>/.bin` (first on
 * `PATH`, made executable; only for a case that names one, see `needsHelpers`), the case's own empty
 * directory `<root>/case` as cwd, `$HOME` and `$TMP` (with `_tmp` in it where `CaseSetup` says).
 */
import { Bash } from 'just-bash';
import { createToolSuite, type ToolResult } from '../../src/index.ts';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';
import { createWebContainerWorkspace } from '../../src/workspace/webcontainer/index.ts';
import type { Workspace } from '../../src/workspace/workspace.ts';
import { createWebContainerStandIn, type WebContainerStandIn } from '../workspace/webcontainer-stand-in.ts';
import { type CaseSetup, helperFiles, type Run } from './oils-run.ts';

const ROOT = '/workspace';
const CASE_DIR = `${ROOT}/case`;

/** The environment of every run (see oils-run.ts), over the backend's own. */
const CASE_ENV: Record<string, string> = {
  PATH: `${ROOT}/.bin:/usr/bin:/bin`,
  LC_ALL: 'C.UTF-8',
  HOME: CASE_DIR,
  TMP: CASE_DIR,
  SH: 'bash',
};

/** The helpers as workspace files, relative to the root. */
function helpers(): Record<string, string> {
  return Object.fromEntries(Object.entries(helperFiles()).map(([name, text]) => [`.bin/${name}`, text]));
}

/**
 * Seconds the bash tool gives a case: a backstop for a case that would hang, not a measure. The slowest
 * takes about 2 s alone, and up to eight cases share the thread (oils-outcomes.ts), so on a loaded
 * machine a case may take many times its own time.
 */
const TOOL_TIMEOUT_SECONDS = 300;

/** The two backends of the bash tool. */
export type ToolBackend = 'embedded' | 'webcontainer';

/**
 * Runs cases through the bash tool of one tool suite, on a fresh workspace per run. The suite is made
 * once (making one costs more than a case's run) over a workspace that forwards to the current run's.
 */
export class ToolRunner {
  private current: Workspace | undefined;
  /** Made at the first run: the suite reads the workspace's description of its shell when made. */
  private suite: ReturnType<typeof createToolSuite> | undefined;
  private standIn: WebContainerStandIn | undefined;

  constructor(private readonly backend: ToolBackend) {}

  /**
   * Runs `command` as the model would send it, in a workspace laid out as `setup` says; stdout is the
   * tool's output (stderr merged in).
   */
  async run(command: string, setup: CaseSetup): Promise<Run> {
    this.current = await this.freshWorkspace(setup);
    if (setup.helpers) await this.current.exec(`chmod +x ${ROOT}/.bin/*`);
    this.suite ??= createToolSuite({ workspace: this.forwarding() });
    const result = await this.suite.execute('bash', { command, cwd: 'case', timeout: TOOL_TIMEOUT_SECONDS });
    return runOf(result);
  }

  private async freshWorkspace(setup: CaseSetup): Promise<Workspace> {
    const files = setup.helpers ? helpers() : {};
    const dir = setup.tmpDir ? `${CASE_DIR}/_tmp` : CASE_DIR;
    if (this.backend === 'embedded') {
      const workspace = await createJustBashWorkspace({ root: ROOT, env: CASE_ENV, snapshots: false, files });
      await workspace.mkdir(dir, { recursive: true });
      return workspace;
    }
    // One container per runner, as a page keeps its booted WebContainer; its files are the workdir's
    // only (the interpreter keeps the rest in memory per command), so emptying that makes it fresh.
    this.standIn ??= createWebContainerStandIn({ workdir: ROOT });
    await this.standIn.bash.fs.rm(ROOT, { recursive: true, force: true });
    await this.standIn.bash.fs.mkdir(dir, { recursive: true });
    await this.standIn.writeFiles(files);
    return createWebContainerWorkspace(this.standIn, {
      env: CASE_ENV,
      containerCommands: ['node', 'npm', 'npx'],
    });
  }

  private forwarding(): Workspace {
    return new Proxy({} as Workspace, {
      get: (_, key) => {
        if (!this.current) throw new Error('no workspace yet');
        const value = Reflect.get(this.current, key);
        return typeof value === 'function' ? value.bind(this.current) : value;
      },
      has: (_, key) => this.current !== undefined && Reflect.has(this.current, key),
    });
  }
}

/** The tool result's output and exit code (`(no output)` is the tool's word for none). */
function runOf(result: ToolResult): Run {
  const structured = result.structured_output as
    | { exit_code?: number; output?: string; error?: { exit_code?: number; output?: string } }
    | undefined;
  const fields = result.is_error ? structured?.error : structured;
  if (fields?.exit_code === undefined || fields.output === undefined) {
    throw new Error(`the bash tool gave no exit code: ${result.output}`);
  }
  return { stdout: fields.output === '(no output)' ? '' : fields.output, status: fields.exit_code };
}

/** Runs `code` in raw just-bash, on a fresh shell laid out as the workspaces are. */
export async function runRaw(code: string, setup: CaseSetup): Promise<Run> {
  const files = setup.helpers
    ? Object.fromEntries(Object.entries(helpers()).map(([path, text]) => [`${ROOT}/${path}`, text]))
    : {};
  const bash = new Bash({ files, cwd: CASE_DIR, env: CASE_ENV });
  await bash.fs.mkdir(setup.tmpDir ? `${CASE_DIR}/_tmp` : CASE_DIR, { recursive: true });
  for (const path of Object.keys(files)) await bash.fs.chmod(path, 0o755);
  const result = await bash.exec(code, { rawScript: true });
  return { stdout: result.stdout, status: result.exitCode };
}
