/**
 * `Workspace.serve` on the WebContainer: one program and its arguments, started in the background
 * (background-jobs.ts). The command line is split into words by just-bash's own parser; anything a
 * shell would have to expand or connect (variables, globs, pipes, redirects, `&&`) is refused, since
 * no shell runs it: a script goes through `exec`, ended with `&`. Imports just-bash, this folder and
 * workspace.ts.
 */
import { Bash } from 'just-bash';
import {
  isInside,
  normalizePosix,
  type ServeOptions,
  type ServeResult,
  WorkspaceError,
} from '../workspace.ts';
import { type BackgroundJobs, DEFAULT_SERVE_WAIT_MS } from './background-jobs.ts';

/** What a serve needs from its workspace. */
export interface ServeContext {
  root: string;
  jobs: BackgroundJobs;
  /** Every program's environment: the container's PATH and HOME, the non-interactive variables, the host's. */
  env: Record<string, string>;
}

/** Starts `command` (one program and its arguments) in the background and waits until it is ready. */
export async function serveInContainer(
  command: string,
  options: ServeOptions,
  context: ServeContext,
): Promise<ServeResult> {
  const argv = programWords(command);
  if (!argv) {
    throw new WorkspaceError(
      'EINVAL',
      context.root,
      `serve runs one program with its arguments (npm run dev), without a shell: ${JSON.stringify(command)} needs one (variables, globs, quotes left open, pipes, redirects or several commands). Run a script with exec and end it with & instead.`,
    );
  }
  const absolute = normalizePosix(options.cwd ?? context.root);
  if (!isInside(context.root, absolute)) {
    throw new WorkspaceError(
      'EACCES',
      absolute,
      `${absolute} is outside the WebContainer workdir (${context.root}).`,
    );
  }
  const [name, ...args] = argv as [string, ...string[]];
  return context.jobs.start({
    command: name,
    args,
    cwd:
      absolute === context.root
        ? undefined
        : absolute.slice(context.root === '/' ? 1 : context.root.length + 1),
    absoluteCwd: absolute,
    env: context.env,
    deadline: Date.now() + Math.max(0, options.waitMs ?? DEFAULT_SERVE_WAIT_MS),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

type Script = ReturnType<Bash['transform']>['ast'];
type Word = NonNullable<
  Extract<
    Script['statements'][number]['pipelines'][number]['commands'][number],
    { type: 'SimpleCommand' }
  >['name']
>;

/** The words of a command line that is one simple command of literal words; undefined otherwise. */
function programWords(command: string): string[] | undefined {
  let ast: Script;
  try {
    // just-bash's browser build exports no parser: a shell of its own parses (no plugins, nothing runs).
    ast = new Bash().transform(command).ast;
  } catch {
    return undefined;
  }
  const [statement, ...others] = ast.statements;
  if (!statement || others.length > 0 || statement.background || statement.pipelines.length !== 1)
    return undefined;
  const [simple, ...piped] = statement.pipelines[0]?.commands ?? [];
  if (simple?.type !== 'SimpleCommand' || piped.length > 0 || !simple.name) return undefined;
  if (simple.assignments.length > 0 || simple.redirections.length > 0) return undefined;
  const words = [simple.name, ...simple.args].map(literalText);
  return words.every((word): word is string => word !== undefined) ? words : undefined;
}

/** A word's text when it is literal (plain, quoted or escaped), undefined when a shell would expand it. */
function literalText(word: Word): string | undefined {
  let text = '';
  for (const part of word.parts) {
    if (part.type === 'Literal' || part.type === 'SingleQuoted' || part.type === 'Escaped')
      text += part.value;
    else if (part.type === 'DoubleQuoted') {
      for (const inner of part.parts) {
        if (inner.type !== 'Literal' && inner.type !== 'Escaped') return undefined;
        text += inner.value;
      }
    } else return undefined;
  }
  return text;
}
