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

/** The shell's description for the model, naming the container programs that are there. */
export function shellDescription(containerCommands: readonly string[]): string {
  const programs =
    containerCommands.length === 0
      ? 'No container programs were found (no node or npm).'
      : `${containerCommands.join(', ')} ${containerCommands.length === 1 ? 'runs as a process' : 'run as processes'} in the WebContainer, with the script's directory and exported variables; stdout and stderr arrive merged, in order.`;
  return [
    "Commands run in bash (just-bash's interpreter: pipes, redirects, loops, functions, and grep, sed, awk, find, xargs, sort, head, tail, wc, jq and the other usual tools) over the WebContainer's files.",
    programs,
    'No other program exists: no python, no apt, no sudo. Every command runs non-interactively: stdin is closed unless you pipe something in (CI=1, npm_config_yes=true), so pass answers as flags (npm init -y, npx --yes create-vite my-app --template react).',
  ].join(' ');
}
