/**
 * What the real-boot specs of tests/e2e/webcontainer-boot.spec.ts do inside the page, as plain
 * functions. The spec bundles this module into its page and compares the reports with the real
 * client's answers; webcontainer-real-cases.test.ts runs the same functions on the stand-in, so this
 * code is exercised on every run, also where stackblitz.com cannot be reached and the real boot is
 * skipped. Runs in a page and in Node: it imports only the library.
 */
import {
  type BootWebContainerWorkspaceOptions,
  bootWebContainerWorkspace,
  stripTerminalOutput,
  type WebContainerBootResult,
  type WebContainerLike,
} from '../../src/workspace/webcontainer/index.ts';
import type { Workspace } from '../../src/workspace/workspace.ts';

export type CaseBootOptions = BootWebContainerWorkspaceOptions<WebContainerLike>;

/** Boots with the options' `boot` when they have one (the stand-in), else the real client. */
function bootFor(options: CaseBootOptions): Promise<WebContainerBootResult<WebContainerLike>> {
  const { boot, ...rest } = options;
  return boot === undefined ? bootWebContainerWorkspace(rest) : bootWebContainerWorkspace({ ...rest, boot });
}

/** The `node -e` command lines the cases run: the stand-in's test gives each the behaviour node has. */
export const NODE_COMMANDS = {
  colour: `node -e "console.log('\\x1b[31mred\\x1b[0m')"`,
  forged: `node -e "process.stdout.write('\\x1b]654;exit=0:0\\x07'); process.exit(5)"`,
  timeout: 'node -e "setInterval(() => {}, 1000)"',
  path: 'node -e "console.log(process.env.PATH)"',
  stdin: `node -e "process.stdin.resume(); process.stdin.on('end', () => console.log('stdin ended'))"`,
  openOutput: `node -e "require('child_process').spawn('node', ['-e', 'setTimeout(() => {}, 5000)'], { stdio: 'inherit' }); console.log('parent done'); process.exit(0)"`,
  bytes: `node -e "process.stdout.write(Buffer.from([0x61, 0xc3])); setTimeout(() => process.stdout.write(Buffer.from([0xa9, 0x62, 0xff, 0x0a])), 200)"`,
  fileBytes: `node -e "require('fs').writeFileSync('bytes.bin', Buffer.from([0x61, 0xc3, 0xa9, 0x62, 0xff]))"`,
  longLine: `node -e "process.stdout.write('x'.repeat(50000) + '\\n')"`,
  stdinNoNewline: `printf 'abc' | node -e "let d = ''; process.stdin.on('data', (c) => (d += c)); process.stdin.on('end', () => console.log('got:' + d))"`,
  pipedEcho: `printf 'piped-text\\n' | node -e "process.stdin.resume(); process.stdin.on('end', () => console.log('end'))"`,
  absolutePath: 'node -e "console.log(process.env.PATH)"',
  server: 'node server.js &',
} as const;

/** The program the dev-server case starts: an HTTP server on port 3111. */
const SERVER_SCRIPT =
  "require('http').createServer((req, res) => res.end('ok')).listen(3111, () => console.log('listening on 3111'));\n";

/** What `assumptionsReport` holds on the real client and on the stand-in (see its comment). */
export const ASSUMPTIONS_EXPECTED = {
  booted: 'ok',
  longLine: { length: 50_001, exitCode: 0 },
  stdinNoNewline: { output: 'got:abc\n', exitCode: 0 },
  pipedEcho: { output: 'end\n', exitCode: 0 },
  absolutePath: true,
  rawMessages: {
    readMissing: 'ENOENT',
    readDirectory: 'EISDIR',
    listFile: 'ENOTDIR',
    mkdirExisting: 'EEXIST',
  },
  installed: { install: 0, output: '1.2.3\n', exitCode: 0 },
  server: { exitCode: 0, ready: true, port: 3111 },
  mountKeeps: { kept: 'kept', written: 'mounted' },
};

/** What `roundTripReport` holds on the real client and on the stand-in (besides `rmDirectory`: EISDIR or ENOTEMPTY). */
export const ROUND_TRIP_EXPECTED = {
  booted: 'ok',
  rootIsAbsolute: true,
  read: 'héllo\n',
  stat: { type: 'file', size: 7 },
  listing: [{ name: 'a.txt', type: 'file' }],
  missing: 'ENOENT',
  noParent: 'ENOENT',
  isDirectory: 'EISDIR',
  exists: 'EEXIST',
  echo: { output: 'hi\n', exitCode: 3, timedOut: false },
  cwd: { output: 'héllo\n', exitCode: 0 },
  colour: { output: 'red\n', exitCode: 0 },
  forged: { output: '', exitCode: 5 },
  spillListed: false,
  timeout: { exitCode: 124, timedOut: true },
};

/** The notice the adapter appends to output that holds U+FFFD. */
const DAMAGED_OUTPUT_NOTICE =
  "[node's output holds U+FFFD (\uFFFD): the WebContainer's terminal decodes each chunk of output on its own, so a character split between two chunks, or a byte that is not UTF-8, arrives replaced. Redirecting with > does not help (the shell gets the text already replaced); for the exact bytes, have the program write the file itself (in node: fs.writeFileSync) and read that file.]\n";

/**
 * What `standInCasesReport` holds on the real client and on the stand-in. Also true of both: the
 * description names `node, npm, npx` and not `jsh`, `containerPath` is absolute, and `openOutput`
 * returns well before the 5 s its child holds the terminal.
 */
export const STAND_IN_CASES_EXPECTED = {
  booted: 'ok',
  jsh: { code: 127, text: 'jsh: command not found: grep\n' },
  stdin: { output: 'stdin ended\n', exitCode: 0 },
  openOutput: { output: 'parent done\n', exitCode: 0 },
  bytes: { output: `a\uFFFD\uFFFDb\uFFFD\n${DAMAGED_OUTPUT_NOTICE}`, exitCode: 0 },
  fileBytes: [0x61, 0xc3, 0xa9, 0x62, 0xff],
  rawError: { hasCode: false },
  isDirectory: 'EISDIR',
  exists: 'EEXIST',
  fileOntoDirectory: 'EISDIR',
  ontoNonEmpty: 'ENOTEMPTY',
  directoryOntoFile: 'ENOTDIR',
  intoItself: 'EINVAL',
  counts: { readdir: 1, readFile: 1 },
  typeCounts: { readdir: 1, readFile: 0 },
  reused: true,
};

/** The POSIX code a workspace call failed with, `no error`, or the error's text when it has no code. */
function codeOf(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'no error',
    (error: unknown) =>
      typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : String(error),
  );
}

/** Whether a raw client call's error carries a `code`, and its message. */
function rawError(promise: Promise<unknown>): Promise<{ hasCode: boolean; message: string }> {
  return promise.then(
    () => ({ hasCode: false, message: 'no error' }),
    (error: unknown) => ({
      hasCode: typeof error === 'object' && error !== null && 'code' in error,
      message: error instanceof Error ? error.message : String(error),
    }),
  );
}

/** Runs a command in the workspace: its output, exit code, whether it timed out, and how long it took. */
async function run(workspace: Workspace, command: string, timeoutMs = 60_000) {
  const started = Date.now();
  const result = await workspace.exec(command, { timeoutMs });
  return {
    output: result.output,
    exitCode: result.exitCode,
    timedOut: result.timedOut,
    ms: Date.now() - started,
  };
}

/** Files, errors and commands through a booted workspace: what any host does first. */
export async function roundTripReport(options: CaseBootOptions) {
  const booted = await bootFor(options);
  if (!booted.ok) return { booted: booted.reason };
  const { workspace } = booted;
  const root = workspace.root;
  await workspace.mkdir(`${root}/src`);
  await workspace.writeFile(`${root}/src/a.txt`, 'héllo\n');
  const exec = async (command: string, timeoutMs?: number) => {
    const { output, exitCode, timedOut } = await run(workspace, command, timeoutMs);
    return { output, exitCode, timedOut };
  };
  return {
    booted: 'ok',
    rootIsAbsolute: root.startsWith('/'),
    read: new TextDecoder().decode(await workspace.readFile(`${root}/src/a.txt`)),
    stat: await workspace.stat(`${root}/src/a.txt`),
    listing: await workspace.readdir(`${root}/src`),
    spillListed: (await workspace.readdir(root)).some((entry) => entry.name === '.tool-output'),
    missing: await codeOf(workspace.readFile(`${root}/missing.txt`)),
    noParent: await codeOf(workspace.writeFile(`${root}/nope/x.txt`, 'x')),
    isDirectory: await codeOf(workspace.readFile(`${root}/src`)),
    exists: await codeOf(workspace.mkdir(`${root}/src`)),
    rmDirectory: await codeOf(workspace.rm(`${root}/src`)),
    echo: await exec('echo hi; exit 3'),
    cwd: await workspace
      .exec('cat a.txt', { cwd: `${root}/src`, timeoutMs: 60_000 })
      .then((result) => ({ output: result.output, exitCode: result.exitCode })),
    colour: await exec(NODE_COMMANDS.colour),
    forged: await exec(NODE_COMMANDS.forged),
    timeout: await exec(NODE_COMMANDS.timeout, 2000),
  };
}

/** jsh run directly: its exit code and what it printed, terminal sequences stripped. */
async function jshReport(webcontainer: WebContainerLike) {
  const jsh = await webcontainer.spawn('jsh', ['-c', 'grep x nothing.txt']);
  let text = '';
  const reading = jsh.output.pipeTo(
    new WritableStream({
      write: (chunk) => {
        text += chunk;
      },
    }),
  );
  const code = await jsh.exit;
  // The output may stay open after exit: read what came within a second.
  await Promise.race([reading, new Promise((resolve) => setTimeout(resolve, 1_000))]);
  return { code, text: stripTerminalOutput(text) };
}

/** Counts the client's `readdir` and `readFile` calls from now on (the adapter's round trips). */
function countCalls(webcontainer: WebContainerLike): Record<string, number> {
  const counting: Record<string, number> = {};
  const fs = webcontainer.fs as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const method of ['readdir', 'readFile']) {
    const original = fs[method]?.bind(fs);
    if (!original) continue;
    fs[method] = (...args: unknown[]) => {
      counting[method] = (counting[method] ?? 0) + 1;
      return original(...args);
    };
  }
  return counting;
}

/** The round trips of a cold stat then read of one file, and of a cold type check alone. */
async function roundTrips(workspace: Workspace, webcontainer: WebContainerLike, file: string) {
  const counting = countCalls(webcontainer);
  // Past the adapter's listing cache, so each measure starts cold.
  const cold = () => new Promise((resolve) => setTimeout(resolve, 1_100));
  await cold();
  await workspace.stat(file);
  await workspace.readFile(file);
  const counts = { ...counting };
  await cold();
  // The type alone (what ls, find and the shell's test -e ask for): one listing, no read.
  await workspace.statType?.(file);
  const typeCounts = {
    readdir: (counting.readdir ?? 0) - (counts.readdir ?? 0),
    readFile: (counting.readFile ?? 0) - (counts.readFile ?? 0),
  };
  return { counts, typeCounts };
}

/** Message-only errors, code words in paths, and Node's rename matrix, through the workspace. */
async function fileSystemReport(workspace: Workspace, webcontainer: WebContainerLike) {
  const at = (name: string) => `${workspace.root}/${name}`;
  await workspace.mkdir(at('ENOENT-logs'));
  await workspace.writeFile(at('ENOENT-logs/a.txt'), 'a');
  await workspace.writeFile(at('f.txt'), 'F');
  await workspace.mkdir(at('d'));
  await workspace.writeFile(at('d/x'), 'x');
  return {
    rawError: await rawError(webcontainer.fs.readFile('ENOENT-logs')),
    isDirectory: await codeOf(workspace.readFile(at('ENOENT-logs'))),
    exists: await codeOf(workspace.mkdir(at('ENOENT-logs'))),
    fileOntoDirectory: await codeOf(workspace.rename(at('f.txt'), at('ENOENT-logs'))),
    ontoNonEmpty: await codeOf(workspace.rename(at('d'), at('ENOENT-logs'))),
    directoryOntoFile: await codeOf(workspace.rename(at('d'), at('f.txt'))),
    intoItself: await codeOf(workspace.rename(at('d'), at('d/inner'))),
    ...(await roundTrips(workspace, webcontainer, at('f.txt'))),
  };
}

/** Programs on a terminal: the PATH, an open stdin, output that outlives exit, bytes cut mid-character. */
async function processReport(workspace: Workspace) {
  const exec = async (command: string, timeoutMs?: number) => {
    const { output, exitCode, ms } = await run(workspace, command, timeoutMs);
    return { output, exitCode, ms };
  };
  return {
    description: workspace.shellDescription ?? '',
    containerPath: (await exec(NODE_COMMANDS.path)).output,
    stdin: await exec(NODE_COMMANDS.stdin, 20_000),
    openOutput: await exec(NODE_COMMANDS.openOutput, 20_000),
    bytes: await exec(NODE_COMMANDS.bytes),
    fileBytes: await exec(NODE_COMMANDS.fileBytes).then(async () => [
      ...(await workspace.readFile(`${workspace.root}/bytes.bin`)),
    ]),
  };
}

/** The cases webcontainer-stand-in.test.ts pins on the stand-in, on whatever container `options` boots. */
export async function standInCasesReport(options: CaseBootOptions) {
  const booted = await bootFor(options);
  if (!booted.ok) return { booted: booted.reason };
  const { workspace, webcontainer } = booted;
  const jsh = await jshReport(webcontainer);
  const fileSystem = await fileSystemReport(workspace, webcontainer);
  const processes = await processReport(workspace);
  const { workdirName: _, ...again } = options;
  const second = await bootFor({ ...again, timeoutMs: 5_000 });
  return {
    booted: 'ok',
    jsh,
    ...fileSystem,
    ...processes,
    reused: second.ok && second.webcontainer === webcontainer,
  };
}

/** The code a raw client error's message starts with (as Node writes it), or the message itself. */
async function messagePrefix(promise: Promise<unknown>): Promise<string> {
  const outcome = await rawError(promise);
  return /^(E[A-Z]+):/.exec(outcome.message)?.[1] ?? outcome.message;
}

/** spawn with an env that names no PATH: whether the program still has the container's (merge) or not. */
async function spawnEnvSemantics(webcontainer: WebContainerLike): Promise<string> {
  const child = await webcontainer.spawn(
    'node',
    ['-e', "console.log(process.env.PATH ? 'merge' : 'replace')"],
    {
      env: { ONLY: '1' },
    },
  );
  let text = '';
  void child.output.pipeTo(
    new WritableStream({
      write: (chunk) => {
        text += chunk;
      },
    }),
  );
  await child.exit;
  await new Promise((resolve) => setTimeout(resolve, 500));
  return stripTerminalOutput(text).trim();
}

/**
 * The answers the adapter was built on without seeing them from the real client, each a case: a
 * 50 kB line, stdin ending without a newline (two Ctrl-Ds are sent), piped input echoed or not by the
 * terminal, spawn's env merged with the container's or replacing it (the adapter passes PATH itself,
 * so an absolute PATH either way; the answer is in `spawnEnv`), the raw fs messages' code prefixes,
 * `npm install` then a program of node_modules/.bin, a server reaching `server-ready` from `&`, and
 * `mount` keeping the files it does not name.
 */
export async function assumptionsReport(options: CaseBootOptions) {
  const booted = await bootFor(options);
  if (!booted.ok) return { booted: booted.reason };
  const { workspace, webcontainer } = booted;
  const root = workspace.root;
  const exec = async (command: string, timeoutMs?: number) => {
    const { output, exitCode } = await run(workspace, command, timeoutMs);
    return { output, exitCode };
  };
  await workspace.writeFile(`${root}/a.txt`, 'a');
  await workspace.writeFile(`${root}/server.js`, SERVER_SCRIPT);
  await workspace.writeFile(`${root}/keep.txt`, 'kept');
  await workspace.writeFiles?.(root, new Map([['mounted/file.txt', 'mounted']]));
  const long = await exec(NODE_COMMANDS.longLine);
  const install = await exec('npm install --no-audit --no-fund semver@7.6.3', 240_000);
  const server = await exec(NODE_COMMANDS.server, 60_000);
  const served = workspace.processes?.list().find((job) => job.command === 'node server.js');
  await workspace.processes?.stop(served?.id ?? 0);
  return {
    booted: 'ok',
    longLine: { length: long.output.length, exitCode: long.exitCode },
    stdinNoNewline: await exec(NODE_COMMANDS.stdinNoNewline, 20_000),
    pipedEcho: await exec(NODE_COMMANDS.pipedEcho, 20_000),
    absolutePath: (await exec(NODE_COMMANDS.absolutePath)).output.startsWith('/'),
    spawnEnv: await spawnEnvSemantics(webcontainer),
    rawMessages: {
      readMissing: await messagePrefix(webcontainer.fs.readFile('missing.txt')),
      readDirectory: await messagePrefix(webcontainer.fs.readFile('mounted')),
      listFile: await messagePrefix(webcontainer.fs.readdir('a.txt')),
      mkdirExisting: await messagePrefix(webcontainer.fs.mkdir('mounted')),
    },
    installed: { install: install.exitCode, ...(await exec('semver 1.2.3 -r ">=1"')) },
    server: {
      exitCode: server.exitCode,
      ready: server.output.includes('serves port 3111 at https://'),
      port: served?.ports[0]?.port ?? served?.state,
      output: server.output,
    },
    mountKeeps: {
      kept: new TextDecoder().decode(await workspace.readFile(`${root}/keep.txt`)),
      written: new TextDecoder().decode(await workspace.readFile(`${root}/mounted/file.txt`)),
    },
  };
}
