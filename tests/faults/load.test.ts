/**
 * Load (issue: 1,000 calls in one session, 50 concurrent calls): memory stays bounded and nothing is
 * lost. The suite keeps no call history (a session holds only its activated tools and directives), so
 * what can grow is the workspace itself and the spill directory, which is capped at 20 files / 50 MB.
 * Reaches inside: SPILL_MAX_FILES (src/tools/spill.ts), the cap the spill directory is counted against, is
 * exported by no entry.
 */
import { describe, expect, it } from 'vitest';
import { createToolSuite, type ToolResult } from '../../src/index.ts';
import { expectResultShape } from '../../src/testing/index.ts';
import { SPILL_MAX_FILES } from '../../src/tools/spill.ts';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';

const BIG = `${Array.from({ length: 3000 }, (_, index) => `row ${index}`).join('\n')}\n`;

describe('load', () => {
  it('1,000 mixed calls in one session: every one answered, state as expected, spill capped, heap bounded', async () => {
    const workspace = await createJustBashWorkspace({ files: { 'big.txt': BIG } });
    const suite = createToolSuite({ workspace });
    const session = suite.createSession();
    const heapBefore = process.memoryUsage().heapUsed;
    const failures: string[] = [];
    let spills = 0;
    for (let index = 0; index < 1000; index += 1) {
      const file = `f/${index % 25}.txt`;
      let result: ToolResult;
      switch (index % 8) {
        case 0:
          result = await suite.execute('write', { path: file, content: `n = ${index}\n` }, { session });
          break;
        case 1:
          result = await suite.execute(
            'edit',
            { path: `f/${(index - 1) % 25}.txt`, oldText: `n = ${index - 1}`, newText: `n = ${index}` },
            { session },
          );
          break;
        case 2:
          result = await suite.execute('read', { path: `f/${(index - 2) % 25}.txt` }, { session });
          if (result.output !== `n = ${index - 1}`) failures.push(`${index}: read ${result.output}`);
          break;
        case 3:
          result = await suite.execute('bash', { command: 'cat big.txt' }, { session });
          if (typeof result.details.spilled_path === 'string') spills += 1;
          break;
        case 4:
          result = await suite.execute('grep', { pattern: 'n = ', path: 'f' }, { session });
          break;
        case 5:
          result = await suite.execute('find', { pattern: '*.txt' }, { session });
          break;
        case 6:
          result = await suite.execute('ls', { path: 'f' }, { session });
          break;
        default:
          result = await suite.execute('bash', { command: `echo ${index}` }, { session });
          if (result.output !== String(index)) failures.push(`${index}: echo ${result.output}`);
      }
      expectResultShape(result);
      if (result.is_error) failures.push(`${index}: ${result.output.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    expect(spills).toBe(125);
    const kept = await workspace.readdir(workspace.spillDir);
    expect(kept.length).toBe(SPILL_MAX_FILES);
    expect(session.activeTools()).toEqual([]);
    // 125 spills of ~30 KB each and 1,000 results: without the cap and with a history this grows; with
    // them the heap stays well under the bound (generous, as the garbage collector runs when it likes).
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(256 * 1024 * 1024);
  }, 120_000);

  it('50 concurrent calls: each answered once, no write or edit lost', async () => {
    const files = Object.fromEntries(Array.from({ length: 10 }, (_, index) => [`c/${index}.txt`, 'start\n']));
    const workspace = await createJustBashWorkspace({ files: { ...files, 'shared.txt': '' } });
    const suite = createToolSuite({ workspace });
    const calls: Promise<ToolResult>[] = [];
    for (let index = 0; index < 50; index += 1) {
      if (index < 10)
        calls.push(
          suite.execute('edit', { path: `c/${index}.txt`, oldText: 'start', newText: `done ${index}` }),
        );
      else if (index < 20)
        calls.push(suite.execute('write', { path: `w/${index}.txt`, content: `${index}\n` }));
      else if (index < 30)
        calls.push(
          suite.execute(
            index === 20 ? 'write' : 'edit',
            index === 20
              ? { path: 'shared.txt', content: 'k20\n' }
              : { path: 'shared.txt', oldText: `k${index - 1}\n`, newText: `k${index - 1}\nk${index}\n` },
          ),
        );
      else if (index < 40) calls.push(suite.execute('bash', { command: `echo ${index}` }));
      else calls.push(suite.execute('grep', { pattern: 'start|done', path: 'c' }));
    }
    const results = await Promise.all(calls);
    for (const result of results) {
      expectResultShape(result);
      expect(result.is_error, result.output).toBe(false);
    }
    for (let index = 0; index < 10; index += 1) {
      expect(new TextDecoder().decode(await workspace.readFile(`/workspace/c/${index}.txt`))).toBe(
        `done ${index}\n`,
      );
    }
    for (let index = 10; index < 20; index += 1) {
      expect(new TextDecoder().decode(await workspace.readFile(`/workspace/w/${index}.txt`))).toBe(
        `${index}\n`,
      );
    }
    // The write then nine edits, each building on the previous one: all in call order, none lost.
    expect(new TextDecoder().decode(await workspace.readFile('/workspace/shared.txt'))).toBe(
      `${Array.from({ length: 10 }, (_, index) => `k${20 + index}`).join('\n')}\n`,
    );
    expect(results.slice(30, 40).map((result) => result.output)).toEqual(
      Array.from({ length: 10 }, (_, index) => String(30 + index)),
    );
  }, 60_000);
});
