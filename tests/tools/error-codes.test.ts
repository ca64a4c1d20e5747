/**
 * A built-in's error codes are its exported table: every code a file of src/tools spells out is in the
 * table of a built-in, in core's `ERROR_CODES` (what the pipeline and every tool share), or one of the
 * workspace's own codes, which file errors carry through (`ENOENT`, `EISDIR`, ...).
 * Reaches inside: WORKSPACE_ERROR_CODES (src/workspace/workspace.ts), the workspace's own codes as a table,
 * is exported by no entry: the root exports WorkspaceErrorCode as a type only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BASH_ERRORS,
  EDIT_ERRORS,
  ERROR_CODES,
  FIND_ERRORS,
  GREP_ERRORS,
  LS_ERRORS,
  READ_ERRORS,
  WRITE_ERRORS,
} from '../../src/index.ts';
import { WORKSPACE_ERROR_CODES } from '../../src/workspace/workspace.ts';

const TOOLS = resolve(import.meta.dirname, '../../src/tools');
const TABLES = [READ_ERRORS, WRITE_ERRORS, EDIT_ERRORS, BASH_ERRORS, GREP_ERRORS, FIND_ERRORS, LS_ERRORS];
const KNOWN = new Set<string>([
  ...TABLES.flatMap((table) => Object.values(table)),
  ...Object.values(ERROR_CODES),
  ...WORKSPACE_ERROR_CODES,
]);

/** `file: CODE` for each error code a source spells as a string that no table holds. */
function unknownCodes(file: string, source: string): string[] {
  return [...source.matchAll(/\bcode: '([A-Z_]+)'/g)]
    .map((match) => match[1] ?? '')
    .filter((code) => !KNOWN.has(code))
    .map((code) => `${file}: ${code}`);
}

describe("the built-ins' error codes", () => {
  it('every code src/tools spells out is in an exported table', () => {
    const files = readdirSync(TOOLS).filter((name) => name.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(10);
    expect(files.flatMap((file) => unknownCodes(file, readFileSync(join(TOOLS, file), 'utf8')))).toEqual([]);
  });

  it('each table maps its keys to codes, and the check sees a code no table holds', () => {
    for (const table of TABLES) for (const code of Object.values(table)) expect(code).toMatch(/^[A-Z_]+$/);
    expect(
      unknownCodes('x.ts', "throw new ToolError('No.', { code: 'MADE_UP' }); { code: 'ENOENT' }"),
    ).toEqual(['x.ts: MADE_UP']);
  });
});
