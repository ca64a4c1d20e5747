/**
 * The real-boot specs' page code (webcontainer-real-cases.ts) run on the stand-in, with a `node` that
 * does what node does with each of the cases' scripts. The real boot runs only where stackblitz.com
 * is reachable; here the same functions, and the same expected reports, run on every test run.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  ASSUMPTIONS_EXPECTED,
  assumptionsReport,
  NODE_COMMANDS,
  ROUND_TRIP_EXPECTED,
  roundTripReport,
  STAND_IN_CASES_EXPECTED,
  standInCasesReport,
} from './webcontainer-real-cases.ts';
import {
  createStandInBoot,
  DEFAULT_PROGRAMS,
  FORGED_EXIT_MARKER,
  KILLED_EXIT_CODE,
  type ProgramIO,
  type StandInProgram,
  type WebContainerStandIn,
} from './webcontainer-stand-in.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The script of a `node -e "…"` command line, as node receives it. */
const scriptOf = (command: string): string => command.slice('node -e "'.length, -1);

/** What node does with each script of NODE_COMMANDS. */
const SCRIPTS: ReadonlyMap<string, (io: ProgramIO) => Promise<number>> = new Map([
  [
    scriptOf(NODE_COMMANDS.colour),
    async (io) => {
      io.write('\u001b[31mred\u001b[0m\r\n');
      return 0;
    },
  ],
  [
    scriptOf(NODE_COMMANDS.forged),
    async (io) => {
      io.write(FORGED_EXIT_MARKER);
      return 5;
    },
  ],
  [
    scriptOf(NODE_COMMANDS.timeout),
    async (io) => {
      await new Promise((resolve) => io.signal.addEventListener('abort', resolve));
      return KILLED_EXIT_CODE;
    },
  ],
  [
    scriptOf(NODE_COMMANDS.path),
    async (io) => {
      io.write(`${io.env.PATH}\r\n`);
      return 0;
    },
  ],
  [
    scriptOf(NODE_COMMANDS.stdin),
    async (io) => {
      while ((await io.readInput()) !== null);
      io.write('stdin ended\r\n');
      return 0;
    },
  ],
  [
    scriptOf(NODE_COMMANDS.openOutput),
    async (io) => {
      // The child inherits the terminal and holds it for 5 s after the parent exits.
      io.keepOutputOpen();
      io.write('parent done\r\n');
      return 0;
    },
  ],
  [
    scriptOf(NODE_COMMANDS.bytes),
    async (io) => {
      io.write(new Uint8Array([0x61, 0xc3]));
      await sleep(200);
      io.write(new Uint8Array([0xa9, 0x62, 0xff, 0x0a]));
      return 0;
    },
  ],
  [
    scriptOf(NODE_COMMANDS.fileBytes),
    async (io) => {
      // The stand-in's cwd is relative to the workdir (HOME), as spawn's `cwd` option is.
      const cwd = io.cwd.startsWith('/') ? io.cwd : `${io.env.HOME}/${io.cwd}`;
      await io.fs.writeFile(`${cwd}/bytes.bin`, new Uint8Array([0x61, 0xc3, 0xa9, 0x62, 0xff]));
      return 0;
    },
  ],
  [
    scriptOf(NODE_COMMANDS.longLine),
    async (io) => {
      io.write(`${'x'.repeat(50_000)}\r\n`);
      return 0;
    },
  ],
  [
    "let d = ''; process.stdin.on('data', (c) => (d += c)); process.stdin.on('end', () => console.log('got:' + d))",
    async (io) => {
      let data = '';
      for (let text = await io.readInput(); text !== null; text = await io.readInput()) data += text;
      io.write(`got:${data}\r\n`);
      return 0;
    },
  ],
  [
    "process.stdin.resume(); process.stdin.on('end', () => console.log('end'))",
    async (io) => {
      while ((await io.readInput()) !== null);
      io.write('end\r\n');
      return 0;
    },
  ],
  [
    "console.log(process.env.PATH ? 'merge' : 'replace')",
    async (io) => {
      io.write(`${io.env.PATH ? 'merge' : 'replace'}\r\n`);
      return 0;
    },
  ],
]);

/** What `npm install semver` leaves: the package and its program on node_modules/.bin. */
const npm: StandInProgram = async (io) => {
  if (io.args[0] !== 'install') return (DEFAULT_PROGRAMS.npm as StandInProgram)(io);
  const cwd = io.cwd.startsWith('/') ? io.cwd : `${io.env.HOME}/${io.cwd}`;
  await io.fs.mkdir(`${cwd}/node_modules/.bin`, { recursive: true });
  await io.fs.writeFile(`${cwd}/node_modules/.bin/semver`, '#!/usr/bin/env node\n');
  io.write('added 1 package in 2s\r\n');
  return 0;
};

/** The semver program: prints the version it was given when it satisfies the range. */
const semver: StandInProgram = async (io) => {
  io.write(`${io.args[0]}\r\n`);
  return 0;
};

/** The stand-in's node for everything else (the adapter's PATH discovery, `--version`). */
const node: StandInProgram = async (io) => {
  if (io.args[0] === 'server.js') {
    // node server.js: listens on 3111 and serves until killed.
    io.write('listening on 3111\r\n');
    io.listen(3111);
    return new Promise((resolve) => io.signal.addEventListener('abort', () => resolve(KILLED_EXIT_CODE)));
  }
  const script = io.args[0] === '-e' ? SCRIPTS.get(io.args[1] ?? '') : undefined;
  return script === undefined ? (DEFAULT_PROGRAMS.node as StandInProgram)(io) : script(io);
};

const containers: WebContainerStandIn[] = [];
afterAll(() => {
  for (const container of containers) container.dispose();
});

function standInBoot() {
  const { boot, booted } = createStandInBoot({ programs: { ...DEFAULT_PROGRAMS, node, npm, semver } });
  return {
    boot: async (options: Parameters<typeof boot>[0]) => {
      const container = await boot(options);
      containers.push(container);
      return container;
    },
    booted,
  };
}

describe('the real-boot cases, on the stand-in', () => {
  it('the round trip gives the report the real client gives', async () => {
    const { boot } = standInBoot();
    const report = await roundTripReport({ boot, isolated: () => true, workdirName: 'e2e' });
    expect(report).toMatchObject(ROUND_TRIP_EXPECTED);
    expect(['EISDIR', 'ENOTEMPTY']).toContain('rmDirectory' in report ? report.rmDirectory : 'not booted');
  });

  it("the adapter's unverified assumptions give the report expected of the real client", async () => {
    const { boot } = standInBoot();
    const report = await assumptionsReport({ boot, isolated: () => true, workdirName: 'assumptions' });
    expect(report).toMatchObject(ASSUMPTIONS_EXPECTED);
    expect(['merge', 'replace']).toContain('spawnEnv' in report ? report.spawnEnv : 'not booted');
  }, 60_000);

  it("the stand-in's cases give the report the real client gives", async () => {
    const { boot, booted } = standInBoot();
    // A grace period longer than the test may run: openOutput's child never lets go of the terminal,
    // so its call returns (exit 0, not timed out) only at exit plus the quiet period.
    const report = await standInCasesReport({
      boot,
      isolated: () => true,
      workdirName: 'cases',
      workspace: { graceMs: 600_000 },
    });
    expect(report).toMatchObject({ ...STAND_IN_CASES_EXPECTED, containerPath: expect.stringMatching(/^\//) });
    expect(booted).toHaveLength(1);
    const description = 'description' in report ? report.description : '';
    expect(description).toContain('node, npm, npx');
    expect(description).not.toContain('jsh');
  }, 30_000);
});
