/**
 * Two commands agents run that just-bash lacks, as custom commands over its file system: `realpath`
 * and `mktemp`. Without them a script failed at that line with 127, and `realpath x | sed …` or
 * `d=$(mktemp -d)` went on with an empty value and exit 0. Each takes the options scripts use and
 * refuses any other with a message that says what it takes (exit 1). Imports only just-bash's types.
 */
import type { Command } from 'just-bash';
import { PATCH_AND_CMP } from './diff-commands.ts';

type Context = Parameters<Command['execute']>[1];
type Result = Awaited<ReturnType<Command['execute']>>;

const failure = (stderr: string): Result => ({ stdout: '', stderr, exitCode: 1 });

/** The base name and parent of a normalized absolute path. */
function split(path: string): { parent: string; name: string } {
  const at = path.lastIndexOf('/');
  return { parent: at <= 0 ? '/' : path.slice(0, at), name: path.slice(at + 1) };
}

/** GNU's default: every component but the last must exist; `-e` all; `-m` none; `-s` no links read. */
type RealpathMode = 'default' | 'existing' | 'missing';

async function resolved(
  context: Context,
  operand: string,
  mode: RealpathMode,
  links: boolean,
): Promise<string> {
  const absolute = context.fs.resolvePath(context.cwd, operand);
  if (!links || mode === 'missing') {
    if (mode === 'existing' && !(await context.fs.exists(absolute)))
      throw new Error('No such file or directory');
    return absolute;
  }
  try {
    return await context.fs.realpath(absolute);
  } catch {
    if (mode === 'existing') throw new Error('No such file or directory');
    const { parent, name } = split(absolute);
    const real = await context.fs.realpath(parent).catch(() => {
      throw new Error('No such file or directory');
    });
    return real === '/' ? `/${name}` : `${real}/${name}`;
  }
}

const REALPATH_USAGE =
  'realpath: takes -e, -m, -s, -q and paths; for a path relative to a directory, use the absolute paths';

const realpathCommand: Command = {
  name: 'realpath',
  async execute(args, context) {
    let mode: RealpathMode = 'default';
    let links = true;
    let quiet = false;
    const operands: string[] = [];
    for (const [index, arg] of args.entries()) {
      if (arg === '--') {
        operands.push(...args.slice(index + 1));
        break;
      }
      if (!arg.startsWith('-') || arg === '-') operands.push(arg);
      else if (arg === '-e' || arg === '--canonicalize-existing') mode = 'existing';
      else if (arg === '-m' || arg === '--canonicalize-missing') mode = 'missing';
      else if (arg === '-s' || arg === '--strip' || arg === '--no-symlinks') links = false;
      else if (arg === '-q' || arg === '--quiet') quiet = true;
      else return failure(`realpath: unsupported option '${arg}'\n${REALPATH_USAGE}\n`);
    }
    if (operands.length === 0) return failure('realpath: missing operand\n');
    let stdout = '';
    let stderr = '';
    for (const operand of operands) {
      try {
        stdout += `${await resolved(context, operand, mode, links)}\n`;
      } catch (error) {
        if (!quiet) stderr += `realpath: ${operand}: ${(error as Error).message}\n`;
      }
    }
    return { stdout, stderr, exitCode: stderr === '' && stdout.split('\n').length > operands.length ? 0 : 1 };
  },
};

const NAME_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `template` with its trailing X's replaced by random letters and digits. */
function filledIn(template: string): string {
  const xs = /X*$/.exec(template)?.[0].length ?? 0;
  const random = new Uint32Array(xs);
  globalThis.crypto.getRandomValues(random);
  const letters = Array.from(random, (value) => NAME_CHARACTERS[value % NAME_CHARACTERS.length]).join('');
  return template.slice(0, template.length - xs) + letters;
}

interface MktempRequest {
  directory: boolean;
  dryRun: boolean;
  template: string;
  /** Where the template is put; `undefined`: relative to the working directory. */
  base: string | undefined;
}

const MKTEMP_USAGE = 'mktemp: takes -d, -u, -p DIR, -t, --tmpdir[=DIR] and a template ending in XXX';

function mktempRequest(args: readonly string[], tmpdir: string): MktempRequest | string {
  const request: MktempRequest = { directory: false, dryRun: false, template: '', base: undefined };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    if (arg === '-d' || arg === '--directory') request.directory = true;
    else if (arg === '-u' || arg === '--dry-run') request.dryRun = true;
    else if (arg === '-q' || arg === '--quiet') continue;
    else if (arg === '-t' || arg === '--tmpdir') request.base = tmpdir;
    else if (arg.startsWith('--tmpdir=')) request.base = arg.slice('--tmpdir='.length) || tmpdir;
    else if (arg === '-p') request.base = args[++index] ?? tmpdir;
    else if (arg.startsWith('-p') && arg.length > 2) request.base = arg.slice(2);
    else if (arg.startsWith('-') && !/^-[dutq]+$/.test(arg))
      return `mktemp: unsupported option '${arg}'\n${MKTEMP_USAGE}\n`;
    else if (arg.startsWith('-')) {
      if (arg.includes('d')) request.directory = true;
      if (arg.includes('u')) request.dryRun = true;
      if (arg.includes('t')) request.base = tmpdir;
    } else request.template = arg;
  }
  if (request.template === '') {
    request.template = 'tmp.XXXXXXXXXX';
    request.base ??= tmpdir;
  }
  if (!/XXX$/.test(request.template)) return `mktemp: too few X's in template '${request.template}'\n`;
  return request;
}

const mktempCommand: Command = {
  name: 'mktemp',
  async execute(args, context) {
    const request = mktempRequest(args, context.env.get('TMPDIR') || '/tmp');
    if (typeof request === 'string') return failure(request);
    // A shell whose in-memory root has no /tmp yet (the WebContainer backend's): the default one is made.
    const tmpdir = context.env.get('TMPDIR') || '/tmp';
    if (request.base === tmpdir) await context.fs.mkdir(tmpdir, { recursive: true }).catch(() => undefined);
    for (let attempt = 0; attempt < 100; attempt++) {
      // Printed as GNU's prints it: the directory as given, then the name; relative names stay relative.
      const name = filledIn(request.template);
      const shown = request.base === undefined ? name : `${request.base.replace(/\/+$/, '')}/${name}`;
      const path = context.fs.resolvePath(context.cwd, shown);
      if (await context.fs.exists(path)) continue;
      if (!request.dryRun) {
        try {
          if (request.directory) await context.fs.mkdir(path, { recursive: false });
          else await context.fs.writeFile(path, '');
        } catch (error) {
          return failure(
            `mktemp: failed to create ${request.directory ? 'directory' : 'file'} via template '${request.template}': ${(error as Error).message}\n`,
          );
        }
      }
      return { stdout: `${shown}\n`, stderr: '', exitCode: 0 };
    }
    return failure(
      `mktemp: failed to create a name from template '${request.template}': every name tried exists\n`,
    );
  },
};

/** The commands this file adds to a shell that lacks them. */
export const MISSING_COMMANDS: readonly Command[] = [realpathCommand, mktempCommand, ...PATCH_AND_CMP];
