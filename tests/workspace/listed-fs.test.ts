/**
 * The embedded filesystem's listings (src/workspace/just-bash/listed-fs.ts) read each directory's names
 * instead of scanning every path. What they return must be just-bash's own: random sequences of the
 * operations that change a tree run on it and on a plain `InMemoryFs`, and every listing, error and
 * `mkdir` result is compared.
 * Reaches inside: ListedInMemoryFs, the embedded backend's filesystem class, is exported by no entry; it is
 * compared with just-bash's InMemoryFs operation by operation, below any Workspace call.
 */
import fc from 'fast-check';
import { InMemoryFs } from 'just-bash';
import { describe, expect, it } from 'vitest';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';
import { ListedInMemoryFs } from '../../src/workspace/just-bash/listed-fs.ts';

type Fs = InMemoryFs;

const PATHS = ['/a', '/a/b', '/a/b/c', '/a/b/c/d', '/b', '/b/a', '/a/l', '/l', 'a/./b/../b', '/a//b/', '/'];
const path = fc.constantFrom(...PATHS);

/** One change to a tree, applied the same way to both filesystems. */
const operation = fc.oneof(
  fc.record({ op: fc.constant('write' as const), path, text: fc.constantFrom('', 'x', 'yz') }),
  fc.record({ op: fc.constant('mkdir' as const), path, recursive: fc.boolean() }),
  fc.record({ op: fc.constant('rm' as const), path, recursive: fc.boolean() }),
  fc.record({ op: fc.constant('mv' as const), path, to: path }),
  fc.record({ op: fc.constant('cp' as const), path, to: path }),
  fc.record({
    op: fc.constant('symlink' as const),
    path,
    to: fc.constantFrom('a', '/a/b', '..', 'l', '/missing'),
  }),
);

type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

/** The operation's outcome: `ok` or the error message. */
async function apply(fs: Fs, step: Operation): Promise<string> {
  try {
    if (step.op === 'write') await fs.writeFile(step.path, step.text);
    else if (step.op === 'mkdir') await fs.mkdir(step.path, { recursive: step.recursive });
    else if (step.op === 'rm') await fs.rm(step.path, { recursive: step.recursive, force: true });
    else if (step.op === 'mv') await fs.mv(step.path, step.to);
    else if (step.op === 'cp') await fs.cp(step.path, step.to, { recursive: true });
    else await fs.symlink(step.to, step.path);
    return 'ok';
  } catch (error) {
    return (error as Error).message;
  }
}

/** Every listing of the candidate paths, as entries or the error message. */
async function listings(fs: Fs): Promise<unknown[]> {
  return Promise.all(
    PATHS.map((candidate) => fs.readdirWithFileTypes(candidate).catch((error: Error) => error.message)),
  );
}

/** Paths that pass through the symlinks the operations may make. */
const THROUGH_LINKS = [...PATHS, '/l/b', '/l/b/c', '/a/l/b', '/b/a/l', '/l/l'];

/** What reads, stats and `exists` give for each path: just-bash resolves symlinks in all of them. */
async function lookups(fs: Fs): Promise<unknown[]> {
  const outcome = (promise: Promise<unknown>) =>
    promise.then(
      (value) => value,
      (error: Error) => error.message,
    );
  const shape = (stat: unknown) => {
    if (typeof stat === 'string') return stat;
    const { isFile, isDirectory, isSymbolicLink, size } = stat as Record<string, unknown>;
    return { isFile, isDirectory, isSymbolicLink, size };
  };
  return Promise.all(
    THROUGH_LINKS.map(async (candidate) => [
      shape(await outcome(fs.stat(candidate))),
      shape(await outcome(fs.lstat(candidate))),
      await outcome(fs.readFile(candidate)),
      await fs.exists(candidate),
    ]),
  );
}

describe('the embedded filesystem lists directories as just-bash does', () => {
  it('gives the listings, lookups, errors and mkdir results of a plain InMemoryFs after any sequence of changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { maxLength: 25 }), async (steps) => {
        const listed = new ListedInMemoryFs();
        const plain = new InMemoryFs();
        for (const step of steps) {
          expect(await apply(listed, step)).toBe(await apply(plain, step));
        }
        expect(await listings(listed)).toEqual(await listings(plain));
        expect(await lookups(listed)).toEqual(await lookups(plain));
        expect(listed.getAllPaths().sort()).toEqual(plain.getAllPaths().sort());
      }),
      { numRuns: 300 },
    );
  });

  it('lists the files it was created with, and those made below a new chain of directories', async () => {
    const listed = new ListedInMemoryFs({ '/src/app.ts': 'x', '/src/lib/util.ts': 'y' });
    expect(await listed.readdir('/src')).toEqual(['app.ts', 'lib']);
    await listed.mkdir('/src/a/b/c', { recursive: true });
    await listed.writeFile('/src/a/b/c/f.txt', 'z');
    expect(await listed.readdir('/src')).toEqual(['a', 'app.ts', 'lib']);
    expect(await listed.readdir('/src/a/b')).toEqual(['c']);
    expect((await listed.stat('/src/a/b')).mode & 0o777).toBe(0o755);
    // Below a file, a chain of new directories is what just-bash makes of it, whatever that is.
    const underFile = { op: 'mkdir', path: '/src/app.ts/x/y', recursive: true } as const;
    const plain = new InMemoryFs({ '/src/app.ts': 'x', '/src/lib/util.ts': 'y' });
    expect(await apply(listed, underFile)).toBe(await apply(plain, underFile));
  });

  it('removes a directory 2,000 levels deep, and counts a tree of 10,000 files, in the shell', async () => {
    const workspace = await createJustBashWorkspace();
    const deep = `${workspace.root}/${'d/'.repeat(2000)}leaf`;
    await workspace.mkdir(deep, { recursive: true });
    for (let directory = 0; directory < 500; directory++) {
      await workspace.mkdir(`${workspace.root}/t/e${directory}`, { recursive: true });
      for (let file = 0; file < 20; file++) {
        await workspace.writeFile(`${workspace.root}/t/e${directory}/f${file}.txt`, 'x\n');
      }
    }
    const counted = await workspace.exec('find t -type f | wc -l; rm -rf d && echo removed; ls');
    expect(counted.output).toBe('10000\nremoved\nt\n');
    expect(counted.exitCode).toBe(0);
  });
});
