/**
 * What the model is told about the WebContainer's shell, generated from what the container was found
 * to have, so the description never promises a program that is not there. Imports the types of
 * `@webcontainer/api` only.
 */
import type { SpawnOptions, WebContainerProcess } from '@webcontainer/api';

/** Programs looked for in the container when the host names none: Node's tool chain and git. */
export const CONTAINER_COMMAND_CANDIDATES: readonly string[] = [
  'node',
  'npm',
  'npx',
  'pnpm',
  'yarn',
  'corepack',
  'git',
];

/** How long the probe waits for one `--version` before counting the program as absent. */
const PROBE_TIMEOUT_MS = 10_000;

/**
 * The candidates that answer `<name> --version` with exit code 0, in the candidates' order. Runs them
 * in parallel; one that fails to start, exits non-zero or takes longer than 10 s is absent.
 */
export async function probeContainerCommands(
  spawner: { spawn(command: string, args: string[], options?: SpawnOptions): Promise<WebContainerProcess> },
  candidates: readonly string[] = CONTAINER_COMMAND_CANDIDATES,
): Promise<string[]> {
  const found = await Promise.all(
    candidates.map(async (name) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const expired = new Promise<number>((resolve) => {
        timer = setTimeout(() => resolve(-1), PROBE_TIMEOUT_MS);
      });
      try {
        const child = await Promise.race([spawner.spawn(name, ['--version'], { output: false }), expired]);
        if (typeof child === 'number') return undefined;
        // Ctrl-D: a program that reads its terminal must not keep the probe waiting.
        const writer = child.input.getWriter();
        void writer
          .write('\u0004')
          .then(() => writer.close())
          .catch(() => undefined);
        const code = await Promise.race([child.exit, expired]);
        if (code === -1) child.kill();
        return code === 0 ? name : undefined;
      } catch {
        return undefined;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return found.filter((name): name is string => name !== undefined);
}

/** Program names the description lists at most; the rest are counted ("and 12 more"). */
const DESCRIBED_PROGRAMS_MAX = 16;

/** Options of {@link shellDescription}. */
export interface ShellDescriptionOptions {
  /**
   * Directories of the container's `PATH` inside the workdir (relative to it, e.g.
   * `node_modules/.bin`), whose programs are looked up again before each command. Default: none.
   */
  workdirBins?: readonly string[];
}

/**
 * The shell's description for the model, naming the container programs that are there: at most
 * {@link DESCRIBED_PROGRAMS_MAX}, in the order given, then how many more.
 */
export function shellDescription(
  containerCommands: readonly string[],
  options: ShellDescriptionOptions = {},
): string {
  const shown = containerCommands.slice(0, DESCRIBED_PROGRAMS_MAX);
  const more = containerCommands.length - shown.length;
  const names = more > 0 ? `${shown.join(', ')} and ${more} more programs on its PATH` : shown.join(', ');
  const programs =
    containerCommands.length === 0
      ? 'No container programs were found (no node or npm).'
      : `${names} ${containerCommands.length === 1 ? 'runs as a process' : 'run as processes'} in the WebContainer, with the script's directory and exported variables; stdout and stderr arrive merged, in order.`;
  const bins = options.workdirBins ?? [];
  const installed =
    bins.length === 0
      ? []
      : [
          `Programs installed into ${bins.join(' or ')} (npm install) run as processes too, from the next command on.`,
        ];
  const background =
    containerCommands.length === 0 && bins.length === 0
      ? []
      : [
          'A program ended with & (npm run dev &) keeps running after the call, which returns once it opens a port (its preview URL is printed) or has printed and gone quiet; jobs lists the background programs with their ports and new output, kill %N stops one.',
        ];
  return [
    "Commands run in bash (just-bash's interpreter: pipes, redirects, loops, functions, and grep, sed, awk, find, xargs, sort, head, tail, wc, jq and the other usual tools) over the WebContainer's files.",
    programs,
    ...installed,
    ...background,
    'No other program exists: no python, no apt, no sudo. Every command runs non-interactively: stdin is closed unless you pipe something in (CI=1, npm_config_yes=true), so pass answers as flags (npm init -y, npx --yes create-vite my-app --template react).',
  ].join(' ');
}
