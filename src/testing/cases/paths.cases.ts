/**
 * Path confinement (the path rows of tests/faults/README.md), through the one confinement function both backends share. The
 * tools run every path through it; their own cases check the error reaches the model.
 */
import { expect } from 'vitest';
import { ToolError } from '../../index.ts';
import { confinePath } from '../../workspace/workspace.ts';
import type { CaseRegistrar } from '../case-types.ts';
import { type CaseTable, registerCases } from './case-table.ts';

async function refusal(promise: Promise<string>): Promise<string> {
  try {
    return `accepted: ${await promise}`;
  } catch (error) {
    return error instanceof ToolError ? `${error.code}: ${error.message}` : `unexpected: ${String(error)}`;
  }
}

const PATH_CASES: CaseTable = [
  [
    'relative paths resolve against the root; absolute paths inside it are accepted',
    async (setup) => {
      const { workspace } = await setup({ 'src/a.ts': 'x' });
      const root = workspace.root;
      expect(await confinePath(workspace, 'src/a.ts')).toBe(`${root}/src/a.ts`);
      expect(await confinePath(workspace, `${root}/src/a.ts`)).toBe(`${root}/src/a.ts`);
      expect(await confinePath(workspace, './src/../src/./a.ts')).toBe(`${root}/src/a.ts`);
      expect(await confinePath(workspace, '.')).toBe(root);
      expect(await confinePath(workspace, 'src/')).toBe(`${root}/src`);
      expect(await confinePath(workspace, 'new/file/not/there.txt')).toBe(`${root}/new/file/not/there.txt`);
    },
  ],

  [
    'a leading @, file:// and ~ are understood; ... and %2e%2e are plain names',
    async (setup) => {
      const { workspace } = await setup();
      const root = workspace.root;
      expect(await confinePath(workspace, '@src/a.ts')).toBe(`${root}/src/a.ts`);
      expect(await confinePath(workspace, `file://${root}/a.ts`)).toBe(`${root}/a.ts`);
      expect(await confinePath(workspace, '~/notes.md')).toBe(`${root}/notes.md`);
      expect(await confinePath(workspace, '...')).toBe(`${root}/...`);
      expect(await confinePath(workspace, '%2e%2e/x')).toBe(`${root}/%2e%2e/x`);
    },
  ],

  [
    '.. escapes, absolute paths outside and sibling prefixes are refused, naming the path',
    async (setup) => {
      const { workspace } = await setup();
      const root = workspace.root;
      for (const input of [
        '../../etc/passwd',
        'a/../../x',
        '..',
        '/etc/passwd',
        `${root}_evil/x`,
        `${root}/../x`,
      ]) {
        expect(await refusal(confinePath(workspace, input))).toBe(
          `PATH_OUTSIDE_WORKSPACE: Path ${JSON.stringify(input)} is outside the workspace (${root}). Use a path inside it, relative to the workspace root.`,
        );
      }
    },
  ],

  [
    'NUL bytes, backslashes, drive and UNC forms are refused',
    async (setup) => {
      const { workspace } = await setup();
      const root = workspace.root;
      expect(await refusal(confinePath(workspace, 'a.txt\u0000../../x'))).toBe(
        'INVALID_PATH: Path "a.txt\\u0000../../x" contains a NUL byte. Use a plain path inside the workspace.',
      );
      expect(await refusal(confinePath(workspace, '..\\..\\x'))).toBe(
        `INVALID_PATH: Path "..\\\\..\\\\x" contains a backslash. Use forward slashes: paths are POSIX, relative to the workspace root (${root}).`,
      );
      for (const input of ['C:\\x', 'C:x', '\\\\server\\share\\x', 'c:/windows']) {
        expect(await refusal(confinePath(workspace, input))).toBe(
          `INVALID_PATH: Path ${JSON.stringify(input)} is a Windows path. Use a POSIX path inside the workspace (${root}).`,
        );
      }
      expect(await refusal(confinePath(workspace, '  '))).toBe(
        'INVALID_PATH: The path is empty. Give a path relative to the workspace root.',
      );
    },
  ],

  [
    'very long paths and names: a clear error, and escapes are still caught',
    async (setup) => {
      const { workspace } = await setup();
      expect(await refusal(confinePath(workspace, 'a/'.repeat(2500)))).toBe(
        'INVALID_PATH: Path is too long (5000 characters; the limit is 4096). Use a shorter path.',
      );
      const longName = 'n'.repeat(300);
      expect(await refusal(confinePath(workspace, longName))).toBe(
        `INVALID_PATH: Path "${longName}" has a name longer than 255 bytes. Use shorter names.`,
      );
      expect(await refusal(confinePath(workspace, `${'a/'.repeat(600)}${'../'.repeat(601)}x`))).toMatch(
        /^PATH_OUTSIDE_WORKSPACE: /,
      );
    },
  ],

  [
    'symlinks whose target leaves the root are refused at any hop, dangling ones included',
    async (setup) => {
      const { workspace } = await setup({ 'inside/ok.txt': 'ok' });
      const root = workspace.root;
      const made = await workspace.exec(
        'ln -s /etc out && ln -s inside in && ln -s /nonexistent/secret dangling && ln -s out hop && ln -s ../.. up',
      );
      expect(made.exitCode).toBe(0);
      expect(await confinePath(workspace, 'in/ok.txt')).toBe(`${root}/inside/ok.txt`);
      for (const [input, link, target] of [
        ['out/passwd', 'out', '/etc'],
        ['dangling', 'dangling', '/nonexistent/secret'],
        ['hop/passwd', 'out', '/etc'],
        ['up/x', 'up', '../..'],
      ] as const) {
        expect(await refusal(confinePath(workspace, input))).toBe(
          `PATH_OUTSIDE_WORKSPACE: Path ${JSON.stringify(input)} goes through the symlink ${JSON.stringify(`${root}/${link}`)}, whose target (${target}) is outside the workspace. Use a path inside the workspace.`,
        );
      }
    },
  ],

  [
    'a symlink loop is refused quickly',
    async (setup) => {
      const { workspace } = await setup();
      expect((await workspace.exec('ln -s b a && ln -s a b')).exitCode).toBe(0);
      expect(await refusal(confinePath(workspace, 'a/x'))).toBe(
        'INVALID_PATH: Path "a/x" has too many levels of symbolic links (a loop?). Fix or remove the links.',
      );
    },
  ],

  [
    'the spill directory is reachable only when allowed',
    async (setup) => {
      const { workspace } = await setup();
      const spilled = `${workspace.spillDir}/bash-1.log`;
      expect(await confinePath(workspace, spilled, { allow: [workspace.spillDir] })).toBe(spilled);
      if (!spilled.startsWith(`${workspace.root}/`)) {
        expect(await refusal(confinePath(workspace, spilled))).toMatch(/^PATH_OUTSIDE_WORKSPACE: /);
      }
    },
  ],
];

export function definePathCases(c: CaseRegistrar): void {
  registerCases(c, PATH_CASES);
}
