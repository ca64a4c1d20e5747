/**
 * No function in src/, bench/ or tests/ is longer than {@link MAX_LINES} lines, React components
 * included: from the line its parameters start on to the line its body ends on, nested functions and
 * object methods counted in the function around them too. A callback handed straight to `describe`,
 * `it`, `test` or their hooks is not counted: it is the script of a test, read top to bottom, and the
 * helpers it calls are held to the rule like any other function. Files are parsed with the parser Vite ships (`parseAst`), so the
 * check sees functions, not text that looks like them.
 *
 * Biome's `noExcessiveLinesPerFunction` (biome.json, src/playground for now) gives the same feedback
 * while editing, but it leaves the lines of object-literal methods out of the function that returns
 * them, so a store factory returning a long object passes it. This test is the rule.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const CHECKED_DIRECTORIES = ['src', 'bench', 'tests'];
const MAX_LINES = 80;
/** The test framework's functions whose callbacks are test scripts (Vitest's and Playwright's alike). */
const TEST_FRAMEWORK = new Set([
  'describe',
  'it',
  'test',
  'beforeAll',
  'beforeEach',
  'afterAll',
  'afterEach',
]);

interface LongFunction {
  file: string;
  name: string;
  line: number;
  lines: number;
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** A readable name for a function node from where it stands: `name`, `name.method` or `(anonymous)`. */
function nameOf(node: Node, parent: Node | undefined): string {
  const id = node.id as Node | null | undefined;
  if (id && typeof id.name === 'string') return id.name;
  const key = parent?.key as Node | undefined;
  if (key && (parent?.type === 'Property' || parent?.type === 'MethodDefinition')) {
    return typeof key.name === 'string' ? key.name : '(computed)';
  }
  const target = parent?.id as Node | undefined;
  if (parent?.type === 'VariableDeclarator' && target && typeof target.name === 'string') return target.name;
  return '(anonymous)';
}

/** The identifier a call's callee starts from: `describe` for `describe.each(cases)(...)` and `test.describe(...)`. */
function calleeRoot(call: Node): string | undefined {
  let callee = call.callee as Node | undefined;
  while (callee?.type === 'MemberExpression' || callee?.type === 'CallExpression') {
    callee = (callee.type === 'MemberExpression' ? callee.object : callee.callee) as Node | undefined;
  }
  return callee?.type === 'Identifier' ? (callee.name as string) : undefined;
}

const isTestScript = (node: Node, parent: Node | undefined): boolean =>
  parent?.type === 'CallExpression' &&
  (parent.arguments as Node[]).includes(node) &&
  TEST_FRAMEWORK.has(calleeRoot(parent) ?? '');

/** Every function of `source` longer than `limit` lines, with its first line. */
function longFunctions(source: string, file: string, limit = MAX_LINES): LongFunction[] {
  const lineStarts = [0];
  for (let index = source.indexOf('\n'); index !== -1; index = source.indexOf('\n', index + 1)) {
    lineStarts.push(index + 1);
  }
  const lineOf = (offset: number): number => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if ((lineStarts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
  const found: LongFunction[] = [];
  const visit = (node: Node, parent: Node | undefined): void => {
    if (FUNCTION_TYPES.has(node.type) && !isTestScript(node, parent)) {
      const line = lineOf(node.start);
      const lines = lineOf(Math.max(node.start, node.end - 1)) - line + 1;
      if (lines > limit) found.push({ file, name: nameOf(node, parent), line, lines });
    }
    for (const value of Object.values(node)) {
      for (const child of Array.isArray(value) ? value : [value]) {
        if (isNode(child)) visit(child, node);
      }
    }
  };
  const lang = file.endsWith('.tsx') ? 'tsx' : 'ts';
  visit(parseAst(source, { lang }, file) as unknown as Node, undefined);
  return found;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    // Installed packages (bench/ has projects of its own) and generated snippet projects are not ours.
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const describeLong = (item: LongFunction): string =>
  `${item.file}:${item.line} ${item.name} is ${item.lines} lines (at most ${MAX_LINES}); split it into named functions`;

describe('no function in src/, bench/ or tests/ is longer than 80 lines', () => {
  const all = CHECKED_DIRECTORIES.flatMap((directory) => sourceFiles(join(ROOT, directory))).flatMap((path) =>
    longFunctions(readFileSync(path, 'utf8'), relative(ROOT, path).split('\\').join('/')),
  );

  it('counts a function, an arrow, an object method and a component from their first to last line, and no test script', () => {
    const body = (count: number): string =>
      Array.from({ length: count - 2 }, (_, i) => `  f(${i});`).join('\n');
    const sample = [
      `function exactly() {\n${body(80)}\n}`,
      `const arrow = () => {\n${body(81)}\n};`,
      `const store = { method() {\n${body(81)}\n} };`,
      `export function Panel({ id }: { id: string }) {\n${body(81).replace('f(0);', 'return <div id={id} />;')}\n}`,
      `function outer() {\n  const inner = () => 1;\n${body(80)}\n}`,
      `describe.each([1])('case %s', () => {\n  it('runs', async () => {\n${body(81)}\n  });\n${body(80)}\n});`,
      `test.beforeEach(() => {\n${body(81)}\n});`,
      `it('calls a helper', () => helper(() => {\n${body(81)}\n}));`,
    ].join('\n');
    expect(
      longFunctions(sample, 'sample.tsx').map(({ name, line, lines }) => ({ name, line, lines })),
    ).toEqual([
      { name: 'arrow', line: 81, lines: 81 },
      { name: 'method', line: 162, lines: 81 },
      { name: 'Panel', line: 243, lines: 81 },
      { name: 'outer', line: 324, lines: 81 },
      { name: '(anonymous)', line: 647, lines: 81 },
    ]);
  });

  it('every file keeps its functions short', () => {
    expect(all.map(describeLong)).toEqual([]);
  });
});
