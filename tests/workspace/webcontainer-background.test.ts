/**
 * Programs that keep running after the call on the WebContainer backend, through the stand-in (which
 * reports ports and `server-ready` as the client does): `npm run dev &` in the bash tool, `jobs`,
 * `kill %N`, `Workspace.serve` and `processes`, the `details` a UI shows the preview from, and the
 * refusal of a backend that cannot keep a program running.
 * Reaches inside: startInBackground (which statements are rewritten) and READY_QUIET_MS
 * (src/workspace/webcontainer/) are exported by no entry; the rewriting is checked on the parsed script, the
 * rest through the bash tool.
 */
import { Bash } from 'just-bash';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  createToolSuite,
  noServeMessage,
  serveProgram,
  type Workspace,
  WorkspaceError,
} from '../../src/index.ts';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';
import { READY_QUIET_MS } from '../../src/workspace/webcontainer/background-jobs.ts';
import { createWebContainerWorkspace } from '../../src/workspace/webcontainer/index.ts';
import { startInBackground } from '../../src/workspace/webcontainer/shell-jobs.ts';
import {
  createWebContainerStandIn,
  DEFAULT_PROGRAMS,
  type ProgramIO,
  type StandInProgram,
  type WebContainerStandIn,
} from './webcontainer-stand-in.ts';

const standIns: WebContainerStandIn[] = [];
const workspaces: Workspace[] = [];
afterAll(async () => {
  for (const workspace of workspaces) await workspace.dispose?.();
  for (const standIn of standIns) standIn.dispose();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const untilKilled = (io: ProgramIO) =>
  new Promise<number>((resolve) => io.signal.addEventListener('abort', () => resolve(143)));

/** A dev server: prints its banner, opens its port a moment later, then serves until killed. */
const devServer =
  (port: number): StandInProgram =>
  async (io) => {
    io.write(`> dev\r\n> vite --port ${port}\r\n\r\n`);
    await sleep(50);
    io.write(
      `  VITE v7.0.0  ready in 312 ms\r\n\r\n  \u001b[32m➜\u001b[39m  Local:   http://localhost:${port}/\r\n`,
    );
    io.listen(port);
    // Later: a file changed while the server runs.
    await sleep(500);
    io.write('page reload src/App.tsx\r\n');
    return untilKilled(io);
  };

/** `npm run dev` serves on 5173, `npm run watch` prints once and waits, `npm run broken` fails. */
const npm: StandInProgram = async (io) => {
  const [verb, script] = io.args;
  if (verb === '--version') return DEFAULT_PROGRAMS.npm?.(io) ?? 1;
  if (verb === 'run' && script === 'dev') return devServer(5173)(io);
  if (verb === 'run' && script === 'api') return devServer(3000)(io);
  if (verb === 'run' && script === 'watch') {
    io.write('Watching for file changes.\r\n');
    return untilKilled(io);
  }
  if (verb === 'run' && script === 'silent') return untilKilled(io);
  io.write(`npm error Missing script: "${script}"\r\n`);
  return 1;
};

async function setup() {
  const standIn = createWebContainerStandIn({ programs: { ...DEFAULT_PROGRAMS, npm } });
  standIns.push(standIn);
  await standIn.writeFiles({ 'app/package.json': '{}' });
  const workspace = await createWebContainerWorkspace(standIn, { containerCommands: ['node', 'npm', 'npx'] });
  workspaces.push(workspace);
  return { standIn, workspace, suite: createToolSuite({ workspace }) };
}

const URL_5173 = 'https://stand-in--5173.local-credentialless.webcontainer-api.io';
const URL_3000 = 'https://stand-in--3000.local-credentialless.webcontainer-api.io';
const spawnsOf = (standIn: WebContainerStandIn, script: string) =>
  standIn.spawns.filter((spawn) => spawn.command === 'npm' && spawn.args[1] === script);

describe('webcontainer: a dev server started with & in the bash tool', () => {
  it('returns once the port opens, keeps running across calls, is listed by jobs and stopped by kill %1', async () => {
    const { standIn, suite } = await setup();
    const started = await suite.execute('bash', { command: 'cd app && npm run dev &' });
    expect(started.is_error).toBe(false);
    expect(started.output).toBe(
      `> dev\n> vite --port 5173\n\n  VITE v7.0.0  ready in 312 ms\n\n  ➜  Local:   http://localhost:5173/\n[1] npm run dev runs in the background and serves port 5173 at ${URL_5173} (jobs lists it with its ports and new output; kill %1 stops it).`,
    );
    const root = standIn.workdir;
    const running = { id: 1, command: 'npm run dev', cwd: `${root}/app`, state: 'running' };
    expect(started.details).toMatchObject({
      exit_code: 0,
      processes: [{ ...running, ports: [{ port: 5173, url: URL_5173 }] }],
      server_ready: [{ port: 5173, url: URL_5173 }],
      preview_url: URL_5173,
    });
    expect(spawnsOf(standIn, 'dev')).toMatchObject([
      { killed: false, exitCode: undefined, options: { cwd: 'app' } },
    ]);

    // Another call: the server is still up, and jobs shows what it printed since.
    await vi.waitFor(() => expect(spawnsOf(standIn, 'dev')[0]?.emitted).toContain('page reload'));
    const listed = await suite.execute('bash', { command: 'jobs' });
    expect(listed.output).toBe(
      `[1] running: npm run dev (in ${root}/app); port 5173 at ${URL_5173}\n    new output:\n    page reload src/App.tsx`,
    );
    expect((await suite.execute('bash', { command: 'jobs' })).output).toBe(
      `[1] running: npm run dev (in ${root}/app); port 5173 at ${URL_5173}`,
    );

    const killed = await suite.execute('bash', { command: 'kill %1' });
    expect(killed.output).toBe(`[1] stopped: npm run dev (in ${root}/app)`);
    expect(spawnsOf(standIn, 'dev')[0]?.killed).toBe(true);
    expect(standIn.openPorts.size).toBe(0);
    expect(killed.details).toMatchObject({ processes: [{ ...running, state: 'stopped', ports: [] }] });
    expect(killed.details).not.toHaveProperty('preview_url');
  });

  it('a second server gets its own port; the preview is the newest one serving', async () => {
    const { suite } = await setup();
    await suite.execute('bash', { command: 'npm run dev &' });
    const second = await suite.execute('bash', { command: 'npm run api &' });
    expect(
      second.output.endsWith(
        `[2] npm run api runs in the background and serves port 3000 at ${URL_3000} (jobs lists it with its ports and new output; kill %2 stops it).`,
      ),
    ).toBe(true);
    expect(second.details).toMatchObject({
      server_ready: [
        { port: 5173, url: URL_5173 },
        { port: 3000, url: URL_3000 },
      ],
      preview_url: URL_3000,
    });
    await suite.execute('bash', { command: 'kill %2' });
    expect((await suite.execute('bash', { command: 'jobs' })).details).toMatchObject({
      preview_url: URL_5173,
    });
  });

  it('a watcher that prints and waits returns after a quiet period, with no port', async () => {
    const { suite } = await setup();
    const started = await suite.execute('bash', { command: 'npm run watch &' });
    expect(started.output).toBe(
      'Watching for file changes.\n[1] npm run watch runs in the background; it has opened no port yet (jobs lists it with its ports and new output; kill %1 stops it).',
    );
    expect(started.details).toMatchObject({ processes: [{ id: 1, state: 'running', ports: [] }] });
    expect(started.details).not.toHaveProperty('preview_url');
    expect(READY_QUIET_MS).toBe(2_000);
  });

  it('a program that prints nothing returns before the call times out, still running', async () => {
    const { suite } = await setup();
    const started = await suite.execute('bash', { command: 'npm run silent &', timeout: 3 });
    expect(started.is_error).toBe(false);
    expect(started.output).toBe(
      '[1] npm run silent runs in the background; it has printed nothing and opened no port yet (jobs lists it with its ports and new output; kill %1 stops it).',
    );
  });

  it('a program that exits before it is ready fails the call with its exit code and output', async () => {
    const { suite } = await setup();
    const failed = await suite.execute('bash', { command: 'npm run dve &' });
    expect(failed.is_error).toBe(true);
    expect(failed.output).toBe(
      'npm error Missing script: "dve"\n[1] npm run dve exited with code 1 before it was ready: it does not run in the background.\n\nbash: Command exited with code 1.',
    );
    expect(failed.details).toMatchObject({
      exit_code: 1,
      processes: [{ id: 1, state: 'exited', exitCode: 1 }],
    });
  });

  it('an output redirection is not applied, and the report says so; later commands of the script run', async () => {
    const { suite } = await setup();
    const started = await suite.execute('bash', { command: 'npm run watch > dev.log 2>&1 &\necho next' });
    expect(started.output).toBe(
      "Watching for file changes.\n[1] npm run watch runs in the background; it has opened no port yet (jobs lists it with its ports and new output; kill %1 stops it).\n(Its output redirection was not applied: a background program's output is not written to a file here; jobs shows what it prints.)\nnext",
    );
    expect((await suite.execute('bash', { command: 'ls dev.log' })).is_error).toBe(true);
  });

  it('kill of anything but %N, or of an unknown job, is refused; jobs says when there are none', async () => {
    const { suite } = await setup();
    expect((await suite.execute('bash', { command: 'jobs' })).output).toBe(
      'No background programs: start one with & at the end (npm run dev &).',
    );
    const refused = await suite.execute('bash', { command: 'kill 1234; kill %7' });
    expect(refused.is_error).toBe(true);
    expect(refused.output).toBe(
      'kill: 1234: only background programs can be stopped here: kill %N, with N from jobs.\nkill: %7: no such background program (jobs lists them).\n\nbash: Command exited with code 1.',
    );
  });

  it('aborting the call that starts a program stops the program', async () => {
    const { standIn, suite } = await setup();
    const controller = new AbortController();
    const call = suite.execute('bash', { command: 'npm run silent &' }, { signal: controller.signal });
    await vi.waitFor(() => expect(spawnsOf(standIn, 'silent')).toHaveLength(1));
    controller.abort();
    expect((await call).is_error).toBe(true);
    await vi.waitFor(() => expect(spawnsOf(standIn, 'silent')[0]?.killed).toBe(true));
  });

  it("the workspace's disposal stops every background program", async () => {
    const { standIn, workspace, suite } = await setup();
    await suite.execute('bash', { command: 'npm run dev &' });
    await workspace.dispose?.();
    expect(spawnsOf(standIn, 'dev')[0]?.killed).toBe(true);
    expect(workspace.processes?.list()).toMatchObject([{ state: 'stopped', ports: [] }]);
  });
});

describe('webcontainer: Workspace.serve and processes', () => {
  it('serve starts one program, resolves when its port opens, and processes lists and stops it', async () => {
    const { standIn, workspace } = await setup();
    const changes = vi.fn();
    workspace.processes?.subscribe(changes);
    const served = await serveProgram(workspace, 'npm run dev', { cwd: `${workspace.root}/app` });
    expect(served).toMatchObject({
      ready: 'port',
      process: { id: 1, command: 'npm run dev', cwd: `${standIn.workdir}/app`, state: 'running' },
    });
    expect(served.process.ports).toEqual([{ port: 5173, url: URL_5173 }]);
    expect(served.output).toContain('VITE v7.0.0  ready in 312 ms');
    expect(changes).toHaveBeenCalled();
    await vi.waitFor(() => expect(spawnsOf(standIn, 'dev')[0]?.emitted).toContain('page reload'));
    expect(workspace.processes?.newOutput(1)).toBe('page reload src/App.tsx\n');
    expect(workspace.processes?.newOutput(1)).toBe('');
    expect(await workspace.processes?.stop(1)).toMatchObject({ state: 'stopped', ports: [] });
    expect(await workspace.processes?.stop(9)).toBeUndefined();
  });

  it('serve refuses what needs a shell, and a cwd outside the workdir', async () => {
    const { standIn, workspace } = await setup();
    const refusal = (command: string) =>
      `serve runs one program with its arguments (npm run dev), without a shell: ${JSON.stringify(command)} needs one (variables, globs, quotes left open, pipes, redirects or several commands). Run a script with exec and end it with & instead.`;
    for (const command of [
      'npm run dev | cat',
      'cd app && npm run dev',
      'npm run $SCRIPT',
      'npm run "dev',
      'PORT=1 npm run dev',
    ]) {
      await expect(workspace.serve?.(command)).rejects.toMatchObject({
        code: 'EINVAL',
        message: refusal(command),
      });
    }
    await expect(workspace.serve?.('npm run dev', { cwd: '/etc' })).rejects.toMatchObject({ code: 'EACCES' });
    expect(spawnsOf(standIn, 'dev')).toHaveLength(0);
    // Quoted words are words.
    await expect(workspace.serve?.("npm run 'dev'")).resolves.toMatchObject({ ready: 'port' });
  });

  it('the embedded backend has no serve: serveProgram refuses, saying why', async () => {
    const workspace = await createJustBashWorkspace();
    expect(workspace.serve).toBeUndefined();
    expect(workspace.processes).toBeUndefined();
    const error = await serveProgram(workspace, 'npm run dev').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WorkspaceError);
    expect(error).toMatchObject({ code: 'EINVAL', message: noServeMessage('just-bash') });
    expect(noServeMessage('just-bash')).toBe(
      'The just-bash workspace cannot keep a program running after a command returns: every command runs to its end within its timeout, so a dev server or a watcher cannot stay up here. Run it on a backend that can (the WebContainer), or run a command that finishes (a build, a test run).',
    );
  });
});

describe('startInBackground: which statements are rewritten', () => {
  const programs = (name: string) => ['npm', 'npx', 'node'].includes(name);
  it.each([
    ['npm run dev &', 'start-in-background npm run dev'],
    ['cd app && npx vite --port 3000 &', 'cd app && start-in-background npx vite --port 3000'],
    ['npm run dev > log 2>&1 &', 'start-in-background --output-redirected npm run dev'],
    ['node server.js < input.txt &', 'start-in-background node server.js < input.txt'],
  ])('%s', (script, rewritten) => {
    expect(startInBackground(new Bash(), script, programs)).toBe(rewritten);
  });

  it.each([
    'npm run dev',
    'npm run dev && echo ok',
    'sleep 10 &',
    'npm run dev | tee log &',
    '$RUNNER dev &',
    'echo "a & b"',
    'if true; then npm run dev & fi',
    'echo (',
  ])('%s is left as it is', (script) => {
    expect(startInBackground(new Bash(), script, programs)).toBe(script);
  });
});
