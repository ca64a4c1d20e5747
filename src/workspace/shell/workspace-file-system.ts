/**
 * just-bash's filesystem interface (`IFileSystem`) over a Workspace, so the interpreter can run a
 * script on a backend whose files live elsewhere (the WebContainer's `fs`, reached over postMessage).
 * Mounted at the workspace root with just-bash's `MountableFs`, it receives paths relative to the
 * mount (`/src/a.ts`). Every call goes through the Workspace's own methods, so the backend's path
 * rules and error mapping apply; a `WorkspaceError` becomes the `Error` just-bash's commands expect
 * (`ENOENT: no such file or directory, open '/src/a.ts'`, with `code`), since they read the code from
 * the message. Imports just-bash's types and workspace.ts.
 */
import type { BufferEncoding, FsStat, IFileSystem } from 'just-bash';
import { type FileStat, normalizePosix, typeOfPath, type Workspace, WorkspaceError } from '../workspace.ts';

/** The words Node puts after each code; just-bash's commands match on the code or these words. */
const DESCRIPTIONS: Record<string, string> = {
  ENOENT: 'no such file or directory',
  ENOTDIR: 'not a directory',
  EISDIR: 'illegal operation on a directory',
  EEXIST: 'file already exists',
  ENOTEMPTY: 'directory not empty',
  EACCES: 'permission denied',
  EINVAL: 'invalid argument',
  ENOSPC: 'no space left on device',
  ENAMETOOLONG: 'name too long',
  ELOOP: 'too many symbolic links encountered',
  EIO: 'i/o error',
  ENOSYS: 'function not implemented',
};

/** An error as just-bash's own filesystems throw it. */
function shellError(code: string, syscall: string, path: string): Error {
  return Object.assign(new Error(`${code}: ${DESCRIPTIONS[code] ?? 'error'}, ${syscall} '${path}'`), {
    code,
  });
}

const EPOCH = new Date(0);

/** Options of {@link createWorkspaceFileSystem}. */
export interface WorkspaceFileSystemOptions {
  /**
   * What `symlink` and `link` say when called: the backend cannot create links. Default: `ENOSYS`.
   */
  linkCode?: 'ENOSYS' | 'EACCES';
  /**
   * The workspace whose `chmod` modes this filesystem shares, when `workspace` is a per-call view of it
   * (the WebContainer shell's walk cache): modes are kept per workspace, and a view that kept its own
   * lost every `chmod +x` at the end of the call. Default: `workspace`.
   */
  modesOf?: Workspace;
}

/**
 * An `IFileSystem` whose `/` is `workspace.root`. Links cannot be created (`ln` fails with ENOSYS),
 * times are not kept (`utimes` succeeds without effect; every mtime is the epoch), and `getAllPaths` is
 * empty (globs list directories instead). Modes set by `chmod` are kept for the workspace's lifetime in
 * memory (see {@link modesOf}), since the seam has no modes.
 */
export function createWorkspaceFileSystem(
  workspace: Workspace,
  options: WorkspaceFileSystemOptions = {},
): IFileSystem {
  const mounted = mount(workspace, options.modesOf ?? workspace);
  const fileSystem: IFileSystem = {
    ...fileOperations(mounted),
    ...directoryOperations(mounted),
    cp: (source, destination, cpOptions) =>
      copy(fileSystem, normalizePosix(source), normalizePosix(destination), cpOptions?.recursive === true),
    ...metadataOperations(mounted, options.linkCode ?? 'ENOSYS'),
  };
  return fileSystem;
}

/**
 * The modes `chmod` gave paths of each workspace, by workspace path. The seam keeps no modes, and a
 * `chmod +x s.sh` that succeeded without effect made `./s.sh` fail with "Permission denied" (and
 * `test -x` answer no) after a success. Kept per workspace, since each call makes a new filesystem; a
 * path removed or moved loses or takes its mode along.
 */
const workspaceModes = new WeakMap<Workspace, Map<string, number>>();

function modesOf(workspace: Workspace): Map<string, number> {
  let modes = workspaceModes.get(workspace);
  if (!modes) {
    modes = new Map();
    workspaceModes.set(workspace, modes);
  }
  return modes;
}

/** A workspace seen from just-bash's mount: paths relative to its root, errors in just-bash's words. */
interface Mount {
  readonly workspace: Workspace;
  /** The modes set by `chmod` (see {@link modesOf}). */
  readonly modes: Map<string, number>;
  /** The workspace path of a mount path (`/src/a.ts` → `/workspace/src/a.ts`). */
  absolute(path: string): string;
  /** Runs `run` on the workspace path of `path`; a `WorkspaceError` becomes a shell error naming `syscall`. */
  call<T>(syscall: string, path: string, run: (at: string) => Promise<T>): Promise<T>;
  stat(path: string): Promise<FsStat>;
  /** That the path exists, through `statType` where a size would cost reading the file. */
  check(path: string): Promise<void>;
  readBytes(path: string): Promise<Uint8Array>;
  write(path: string, content: string | Uint8Array): Promise<void>;
}

function mount(workspace: Workspace, owner: Workspace): Mount {
  const root = workspace.root === '/' ? '' : workspace.root;
  const absolute = (path: string): string => {
    const inside = normalizePosix(path);
    return inside === '/' ? workspace.root : `${root}${inside}`;
  };
  const call = async <T>(syscall: string, path: string, run: (at: string) => Promise<T>): Promise<T> => {
    try {
      return await run(absolute(path));
    } catch (error) {
      if (error instanceof WorkspaceError) throw shellError(error.code, syscall, normalizePosix(path));
      throw error;
    }
  };
  const modes = modesOf(owner);
  return {
    workspace,
    modes,
    absolute,
    call,
    stat: (path) => call('stat', path, async (at) => shellStat(await workspace.stat(at), modes.get(at))),
    check: (path) =>
      call('stat', path, async (at) => {
        await typeOfPath(workspace, at);
      }),
    readBytes: (path) => call('open', path, (at) => workspace.readFile(at)),
    write: (path, content) => call('open', path, (at) => workspace.writeFile(at, content)),
  };
}

/**
 * A workspace stat as just-bash's: no links, the mode `chmod` set or a fixed one, the epoch when the
 * backend keeps no time.
 */
function shellStat(found: FileStat, mode: number | undefined): FsStat {
  return {
    isFile: found.type === 'file',
    isDirectory: found.type === 'directory',
    isSymbolicLink: false,
    mode: mode ?? (found.type === 'directory' ? 0o755 : 0o644),
    size: found.size,
    mtime: found.mtimeMs === undefined ? EPOCH : new Date(found.mtimeMs),
  };
}

/** Reading and writing file contents; `appendFile` reads, joins and writes back (the seam has no append). */
function fileOperations(
  mounted: Mount,
): Pick<
  IFileSystem,
  'readFile' | 'readFileBuffer' | 'writeFile' | 'appendFile' | 'exists' | 'stat' | 'lstat'
> {
  const { readBytes, write, stat, check } = mounted;
  return {
    async readFile(path, readOptions) {
      return decode(
        await readBytes(path),
        typeof readOptions === 'string' ? readOptions : readOptions?.encoding,
      );
    },
    readFileBuffer: readBytes,
    writeFile: (path, content) => write(path, content),
    async appendFile(path, content) {
      const before = await readBytes(path).catch((error: unknown) => {
        if (error instanceof Error && error.message.startsWith('ENOENT')) return new Uint8Array();
        throw error;
      });
      const added = typeof content === 'string' ? new TextEncoder().encode(content) : content;
      const joined = new Uint8Array(before.length + added.length);
      joined.set(before);
      joined.set(added, before.length);
      await write(path, joined);
    },
    exists: (path) =>
      check(path).then(
        () => true,
        () => false,
      ),
    stat,
    lstat: stat,
  };
}

/** Directories, removal and moves; listings sorted by name, as just-bash's own filesystems return them. */
function directoryOperations(
  mounted: Mount,
): Pick<
  IFileSystem,
  'mkdir' | 'readdir' | 'readdirWithFileTypes' | 'rm' | 'mv' | 'resolvePath' | 'getAllPaths'
> {
  const { workspace, call, absolute, modes } = mounted;
  return {
    mkdir: (path, mkdirOptions) =>
      call('mkdir', path, (at) => workspace.mkdir(at, { recursive: mkdirOptions?.recursive === true })),
    readdir: (path) =>
      call('scandir', path, async (at) => (await workspace.readdir(at)).map((entry) => entry.name).sort()),
    readdirWithFileTypes: (path) =>
      call('scandir', path, async (at) =>
        (await workspace.readdir(at))
          .map((entry) => ({
            name: entry.name,
            isFile: entry.type === 'file',
            isDirectory: entry.type === 'directory',
            isSymbolicLink: entry.type === 'symlink',
          }))
          .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
      ),
    rm: (path, rmOptions) =>
      call('rm', path, async (at) => {
        await workspace.rm(at, {
          recursive: rmOptions?.recursive === true,
          force: rmOptions?.force === true,
        });
        forgetModes(modes, at);
      }),
    mv: (source, destination) =>
      call('rename', source, async (at) => {
        const to = absolute(destination);
        await workspace.rename(at, to);
        const mode = modes.get(at);
        forgetModes(modes, at);
        if (mode !== undefined) modes.set(to, mode);
      }),
    resolvePath: (base, path) => normalizePosix(path.startsWith('/') ? path : `${base}/${path}`),
    // Empty: the seam cannot list every path cheaply, so just-bash's globs walk directories instead.
    getAllPaths: () => [],
  };
}

/** The modes of `path` and of everything under it forgotten: it was removed or moved. */
function forgetModes(modes: Map<string, number>, path: string): void {
  for (const key of modes.keys()) if (key === path || key.startsWith(`${path}/`)) modes.delete(key);
}

/**
 * Modes (`chmod` keeps them in memory, see {@link modesOf}); what the seam does not keep: times
 * (`utimes` checks the path and does nothing) and links (creating one fails with `linkCode`; no path is
 * a link).
 */
function metadataOperations(
  mounted: Mount,
  linkCode: 'ENOSYS' | 'EACCES',
): Pick<IFileSystem, 'chmod' | 'symlink' | 'link' | 'readlink' | 'realpath' | 'utimes'> {
  const { check, modes, absolute } = mounted;
  return {
    chmod: async (path, mode) => {
      await check(path);
      modes.set(absolute(path), mode);
    },
    symlink: async (_target, linkPath) => {
      throw shellError(linkCode, 'symlink', normalizePosix(linkPath));
    },
    link: async (_existing, newPath) => {
      throw shellError(linkCode, 'link', normalizePosix(newPath));
    },
    readlink: async (path) => {
      await check(path);
      throw shellError('EINVAL', 'readlink', normalizePosix(path));
    },
    realpath: async (path) => {
      await check(path);
      return normalizePosix(path);
    },
    utimes: (path) => check(path),
  };
}

/** Bytes as the text `encoding` asks for (UTF-8 by default; `binary`/`latin1`: one char per byte). */
function decode(bytes: Uint8Array, encoding: BufferEncoding | null | undefined): string {
  if (encoding === 'binary' || encoding === 'latin1' || encoding === 'ascii') {
    let text = '';
    for (let index = 0; index < bytes.length; index += 0x8000) {
      text += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
    }
    return text;
  }
  if (encoding === 'hex') return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  if (encoding === 'base64') return btoa(decode(bytes, 'binary'));
  return new TextDecoder().decode(bytes);
}

/** `cp`: a file, or with `recursive` a directory tree, through the same filesystem. */
async function copy(fs: IFileSystem, source: string, destination: string, recursive: boolean): Promise<void> {
  const found = await fs.stat(source);
  if (!found.isDirectory) {
    await fs.writeFile(destination, await fs.readFileBuffer(source));
    return;
  }
  if (!recursive) throw shellError('EISDIR', 'cp', source);
  await fs.mkdir(destination, { recursive: true });
  for (const name of await fs.readdir(source)) {
    await copy(fs, `${source}/${name}`, `${destination}/${name}`, true);
  }
}
