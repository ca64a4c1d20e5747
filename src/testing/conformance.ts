/**
 * One conformance suite for every Workspace backend: the seam itself, path confinement and every
 * built-in tool's behaviour, asserted through `suite.execute` the way a model calls them. A backend
 * test file is a few lines that call `runWorkspaceConformance`. A backend may skip a case only with a
 * written reason; a skipped case that passes fails the run, so the skip list can only shrink.
 */
import { describe, expect, it } from 'vitest';
import { createToolSuite } from '../index.ts';
import { toBase64 } from './base64.ts';
import type { CaseEnv, CaseOptions, CaseRegistrar, ConformanceTarget, Files } from './case-types.ts';
import { defineBashCases } from './cases/bash.cases.ts';
import { defineEditCases } from './cases/edit.cases.ts';
import { defineFaultCases } from './cases/faults.cases.ts';
import { defineFileSizeCases } from './cases/file-sizes.cases.ts';
import { defineGrepFindLsCases } from './cases/grep-find-ls.cases.ts';
import { definePathCases } from './cases/paths.cases.ts';
import { defineReadWriteCases } from './cases/read-write.cases.ts';
import { defineSeamCases } from './cases/seam.cases.ts';

export type { CaseEnv, CaseOptions, CaseRegistrar, ConformanceTarget, Files };

const GROUPS: [string, (registrar: CaseRegistrar) => void][] = [
  ['seam', defineSeamCases],
  ['paths', definePathCases],
  ['read/write', defineReadWriteCases],
  ['edit', defineEditCases],
  ['bash', defineBashCases],
  ['grep/find/ls', defineGrepFindLsCases],
  ['faults', defineFaultCases],
  ['file sizes', defineFileSizeCases],
];

/** Runs every case against `target`. */
export function runWorkspaceConformance(target: ConformanceTarget): void {
  const skipped = new Map<string, string>();
  for (const entry of target.skip ?? []) for (const test of entry.tests) skipped.set(test, entry.reason);
  const known = new Set<string>();

  describe(`workspace conformance: ${target.name}`, () => {
    for (const [group, define] of GROUPS) {
      const cases: [string, Parameters<CaseRegistrar['test']>[1], CaseOptions][] = [];
      define({ test: (name, body, options = {}) => cases.push([name, body, options]) });
      if (cases.length === 0) continue;
      describe(group, () => {
        for (const [name, body, options] of cases) {
          const id = `${group} > ${name}`;
          known.add(id);
          const run = () => body((files) => createEnv(target, files));
          const reason = skipped.get(id);
          const timeoutMs = options.timeoutMs ?? target.timeoutMs ?? 20_000;
          if (reason === undefined) {
            it(name, run, timeoutMs);
            continue;
          }
          it(
            `${name} [skipped on ${target.name}: ${reason}]`,
            async () => {
              let passed = false;
              try {
                await run();
                passed = true;
              } catch {
                // Expected: this backend cannot pass the case yet.
              }
              expect(passed, `"${id}" now passes on ${target.name}: remove it from the skip list`).toBe(
                false,
              );
            },
            timeoutMs,
          );
        }
      });
    }
    it('every skip entry names an existing case', () => {
      expect([...skipped.keys()].filter((id) => !known.has(id))).toEqual([]);
    });
  });
}

async function createEnv(target: ConformanceTarget, files: Files = {}): Promise<CaseEnv> {
  const workspace = await target.create(files);
  const suite = createToolSuite({ workspace });
  const absolute = (path: string): string => `${workspace.root === '/' ? '' : workspace.root}/${path}`;
  const bytes = (path: string): Promise<Uint8Array> => workspace.readFile(absolute(path));
  const snapshot = async (): Promise<Map<string, string>> => {
    const files = new Map<string, string>();
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await workspace.readdir(dir)) {
        const path = `${dir === '/' ? '' : dir}/${entry.name}`;
        if (path === workspace.spillDir) continue;
        if (entry.type === 'directory') await walk(path);
        else if (entry.type === 'file') files.set(path, toBase64(await workspace.readFile(path)));
        else files.set(path, entry.type);
      }
    };
    await walk(workspace.root);
    return files;
  };
  return {
    workspace,
    suite,
    call: (tool, args) => suite.execute(tool, args),
    bytes,
    text: async (path) => new TextDecoder().decode(await bytes(path)),
    snapshot,
  };
}
