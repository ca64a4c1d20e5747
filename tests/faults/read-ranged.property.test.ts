/**
 * read of a file larger than `largeFileBytes` on a backend with `readFileRange` (fault row 18): a
 * chunked scan and a ranged page instead of a full load. The same file, offset and budgets must give
 * exactly the result of the whole-file path, whatever the chunk size; and the whole file is never read.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createToolSuite, type ReadToolOptions, type ToolResult, type Workspace } from '../../src/index.ts';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';
import { fuzzRuns } from './runs.ts';

const RUNS = fuzzRuns(150);

/** A suite whose only tool is read with `options`, over `workspace`. */
function readWith(workspace: Workspace, options: ReadToolOptions) {
  const suite = createToolSuite({ workspace, builtins: ['read'], builtinOptions: { read: options } });
  return (args: Record<string, unknown>): Promise<ToolResult> => suite.execute('read', args);
}

/** Calls made to the backend, by method. */
function counting(workspace: Workspace): { workspace: Workspace; calls: Record<string, number[][]> } {
  const calls: Record<string, number[][]> = { readFile: [], readFileRange: [] };
  return {
    calls,
    workspace: {
      ...workspace,
      readFile: (path) => {
        calls.readFile?.push([]);
        return workspace.readFile(path);
      },
      readFileRange: (path, start, end) => {
        calls.readFileRange?.push([start, end]);
        return workspace.readFileRange?.(path, start, end) ?? Promise.reject(new Error('no readFileRange'));
      },
    },
  };
}

const comparable = (result: ToolResult) => ({ ...result, details: { ...result.details, duration_ms: 0 } });

const piece = fc.constantFrom('a', 'bc', 'é', '😀', ' ', '\n', '\n', '\r\n', 'x'.repeat(30), '\n\n');

describe('read: large files in ranges', () => {
  it('gives exactly the whole-file result for any text, offset, limit, budget and chunk size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          bom: fc.boolean(),
          pieces: fc.array(piece, { maxLength: 60 }),
          offset: fc.integer({ min: 1, max: 40 }),
          limit: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
          maxLines: fc.integer({ min: 1, max: 12 }),
          maxBytes: fc.integer({ min: 4, max: 80 }),
          chunkBytes: fc.integer({ min: 1, max: 17 }),
        }),
        async ({ bom, pieces, offset, limit, maxLines, maxBytes, chunkBytes }) => {
          const text = `${bom ? '\uFEFF' : ''}${pieces.join('')}`;
          const workspace = await createJustBashWorkspace({ files: { 'f.txt': text } });
          const args = { path: 'f.txt', offset, ...(limit === undefined ? {} : { limit }) };
          const whole = await readWith(workspace, { maxLines, maxBytes, largeFileBytes: Infinity })(args);
          const { workspace: counted, calls } = counting(workspace);
          const ranged = await readWith(counted, { maxLines, maxBytes, largeFileBytes: 0, chunkBytes })(args);
          expect(comparable(ranged)).toEqual(comparable(whole));
          // Only an empty file (not larger than 0 bytes) takes the whole-file path.
          expect(calls.readFile?.length).toBe(text === '' ? 1 : 0);
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('refuses binary and invalid UTF-8 the same way, and a large image by its size', async () => {
    const png = new Uint8Array(64);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const workspace = await createJustBashWorkspace({
      files: {
        'nul.bin': new Uint8Array([97, 0, 98, 10]),
        'bad.txt': new Uint8Array([...new TextEncoder().encode('ok line\n'.repeat(4)), 0xff, 10]),
        'cut.txt': new Uint8Array([...new TextEncoder().encode('a\n'.repeat(4)), 0xe2, 0x82]),
        'big.png': png,
      },
    });
    for (const path of ['nul.bin', 'bad.txt', 'cut.txt']) {
      const whole = await readWith(workspace, { largeFileBytes: Infinity })({ path });
      const ranged = await readWith(workspace, { largeFileBytes: 0, chunkBytes: 3 })({ path });
      expect(comparable(ranged)).toEqual(comparable(whole));
      expect(ranged.is_error).toBe(true);
    }
    const image = await readWith(workspace, { largeFileBytes: 0, maxImageBytes: 32 })({ path: 'big.png' });
    expect(image.output).toBe(
      'read: big.png is an image/png file of 64B, more than the 32B read returns, so it is not shown. Ask the user for a smaller image.',
    );
  });

  it('pages a 20 MB file without reading it whole: one scan in 1 MiB ranges, then only the page', async () => {
    const line = `${'y'.repeat(99)}\n`;
    const size = 20 * 1024 * 1024;
    const base = await createJustBashWorkspace({ files: { 'huge.log': line.repeat(size / 100 + 1) } });
    const { workspace, calls } = counting(base);
    const read = readWith(workspace, {});
    const result = await read({ path: 'huge.log', offset: 150_000 });
    expect(result.is_error).toBe(false);
    expect(
      result.output.endsWith(
        '[Lines 150000-150511 of 209716 shown (50.0KB limit). Use offset=150512 to continue.]',
      ),
    ).toBe(true);
    expect(calls.readFile).toEqual([]);
    const ranges = calls.readFileRange ?? [];
    // The sniff, 21 chunks of 1 MiB, then the page window (50 KB + 2 bytes from line 150000).
    expect(ranges.every(([start = 0, end = 0]) => end - start <= 1024 * 1024)).toBe(true);
    expect(ranges.at(-1)).toEqual([149_999 * 100, 149_999 * 100 + 50 * 1024 + 2]);
    expect(ranges.length).toBe(1 + 21 + 1);
  });
});
