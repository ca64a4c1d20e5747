/**
 * Arbitrary path strings never reach a file outside the workspace root (fault rows 36-46 of tests/faults/README.md), on
 * every backend: `..` chains, absolute paths, sibling prefixes, NUL, backslashes, Unicode, long names,
 * `~`/`@`/`file://` forms, and (where the backend can read links) symlinks created on the fly through
 * the shell. A canary directory outside the root is planted first; after every call it must be
 * byte-identical, no new entry may appear at the top of the filesystem, and no output may show the
 * canary's secret.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createToolSuite, type ToolSuite, type Workspace } from '../../src/index.ts';
import { expectNoLeak, expectResultShape } from '../../src/testing/index.ts';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';
import { createWebContainerWorkspace } from '../../src/workspace/webcontainer/index.ts';
import { createWebContainerStandIn, type WebContainerStandIn } from '../workspace/webcontainer-stand-in.ts';
import { fuzzRuns } from './runs.ts';

const RUNS = fuzzRuns(200);
const SECRET = 'CANARY-SECRET-7f3a';
const CANARY = '/canary';

const standIns: WebContainerStandIn[] = [];
afterAll(() => {
  for (const standIn of standIns) standIn.dispose();
});

const BACKENDS: [string, () => Promise<Workspace>][] = [
  ['just-bash', () => createJustBashWorkspace({ files: { 'inside/ok.txt': 'ok\n', 'a.txt': 'a\n' } })],
  [
    'webcontainer (stand-in)',
    async () => {
      const standIn = createWebContainerStandIn();
      standIns.push(standIn);
      await standIn.writeFiles({ 'inside/ok.txt': 'ok\n', 'a.txt': 'a\n' });
      return createWebContainerWorkspace(standIn);
    },
  ],
];

/** Path pieces an attacker or a confused model would use. */
function segments(root: string, links: boolean): fc.Arbitrary<string> {
  const fixed = [
    '..',
    '.',
    '',
    'inside',
    'a.txt',
    'new.txt',
    'canary',
    'secret.txt',
    '...',
    '%2e%2e',
    '~',
    '@',
    'file:',
    '\u0000',
    '..\\..',
    'C:',
    '\\\\server',
    '\u202Eevil',
    'é',
    '😀',
    'n'.repeat(300),
    root.slice(1),
    `${root.slice(1)}_evil`,
    ...(links ? ['out', 'hop', 'up', 'dangling', 'loop'] : []),
  ];
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...fixed) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
}

function pathArbitrary(root: string, links: boolean): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom('', '/', `${root}/`, '~/', '@', 'file://', `file://${root}/`, `${CANARY}/`, '../'),
      fc.array(segments(root, links), { minLength: 0, maxLength: 8 }),
    )
    .map(([prefix, parts]) => prefix + parts.join('/'));
}

/** One tool call that takes a path, with the path in the right argument. */
function callArbitrary(path: fc.Arbitrary<string>): fc.Arbitrary<[string, Record<string, unknown>]> {
  return fc.oneof(
    path.map((p): [string, Record<string, unknown>] => ['read', { path: p }]),
    path.map((p): [string, Record<string, unknown>] => ['write', { path: p, content: 'planted' }]),
    path.map((p): [string, Record<string, unknown>] => [
      'edit',
      { path: p, oldText: SECRET, newText: 'owned' },
    ]),
    path.map((p): [string, Record<string, unknown>] => ['ls', { path: p }]),
    path.map((p): [string, Record<string, unknown>] => ['grep', { pattern: 'CANARY', path: p }]),
    path.map((p): [string, Record<string, unknown>] => ['find', { pattern: '*', path: p }]),
    path.map((p): [string, Record<string, unknown>] => ['bash', { command: 'pwd', cwd: p }]),
  );
}

describe.each(BACKENDS)('paths never leave the root: %s', (_name, create) => {
  it('arbitrary paths through every file tool leave the canary and the rest of the filesystem alone', async () => {
    const workspace = await create();
    const suite: ToolSuite<Workspace> = createToolSuite({ workspace });
    const links = Boolean(workspace.lstat && workspace.readlink);
    const planted = await workspace.exec(
      `mkdir -p ${CANARY} && printf '${SECRET}' > ${CANARY}/secret.txt` +
        (links
          ? ` && ln -s ${CANARY} out && ln -s out hop && ln -s ../.. up && ln -s ${CANARY}/gone dangling && ln -s loop loop`
          : ''),
    );
    expect(planted.exitCode).toBe(0);
    const outside = async (): Promise<string> =>
      (await workspace.exec(`ls -A / | grep -v '^tmp$' ; ls -lA ${CANARY}; cat ${CANARY}/secret.txt`)).output;
    const baseline = await outside();

    await fc.assert(
      fc.asyncProperty(
        callArbitrary(pathArbitrary(workspace.root, links)),
        fc.option(fc.constantFrom('out', 'hop', 'dangling', 'inside'), { nil: undefined }),
        async ([tool, args], link) => {
          // A symlink created on the fly, through the shell, pointing outside (or inside).
          if (links && link !== undefined) {
            const target = link === 'inside' ? 'inside' : CANARY;
            await workspace.exec(`rm -f fresh && ln -s ${target} fresh`);
            if (typeof args.path === 'string') args.path = `fresh/${args.path.replace(/^\/+/, '')}`;
          }
          const result = await suite.execute(tool, args);
          expectResultShape(result);
          expectNoLeak(result.output);
          expect(result.output).not.toContain(SECRET);
          expect(JSON.stringify(result.structured_output)).not.toContain(SECRET);
          expect(await outside()).toBe(baseline);
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);
});
