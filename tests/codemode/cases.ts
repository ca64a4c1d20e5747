/**
 * The codemode cases both runners must pass: Node runs them with the in-process runner
 * (codemode.test.ts), Chromium with the Worker runner (tests/e2e/codemode.spec.ts). Each case says what
 * to run and what the result must be, word for word; the runner-specific tests add timing and page
 * checks. Plain module: no test framework, no Node APIs (the browser page imports the fixture, the
 * spec imports this file).
 */
import type { ToolResult } from '../../src/core/index.ts';
import type { FixtureKind } from './fixture.ts';

/** What one case ran: the result, and the result of its follow-up script when it has one. */
export interface CaseRun {
  result: ToolResult;
  next?: ToolResult;
  /** Paths the fixture's `save` tool wrote. */
  saved: string[];
}

/** One case of the matrix. */
export interface CodemodeCase {
  /** Test title; starts with the row of the fault matrix (tests/faults/README.md) it covers, if any. */
  title: string;
  code: string;
  /** Seconds. Default: the tool's default (10). */
  timeout?: number;
  fixture?: FixtureKind;
  /** Deferred tools to activate in the session first. */
  activate?: string[];
  /** A script to run right after, in the same fixture (fresh runtime / module checks). */
  next?: string;
  /** Where the case runs. Default: both. */
  only?: 'node' | 'browser';
  /** The part of the run the case checks; `duration_ms` values are masked before comparing. */
  observe(run: CaseRun): unknown;
  expected: unknown;
}

/** `is_error`, `output` and `structured_output` without the parts that vary between runs. */
function channels(result: ToolResult): {
  is_error: boolean;
  output: string;
  structured_output: unknown;
} {
  return { is_error: result.is_error, output: result.output, structured_output: result.structured_output };
}

/** `is_error` and `output` only. */
export function text(result: ToolResult): { is_error: boolean; output: string } {
  return { is_error: result.is_error, output: result.output };
}

/** Marker for `duration_ms`, which varies: replaced before comparing (see {@link withoutDurations}). */
const expectAnyDuration = '<duration>';

/** Replaces every `duration_ms` number in `value` with {@link expectAnyDuration}. */
export function withoutDurations(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDurations);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        key === 'duration_ms' && typeof item === 'number' ? expectAnyDuration : withoutDurations(item),
      ]),
    );
  }
  return value;
}

const TIMEOUT_1S =
  'codemode: The script timed out after 1s and was stopped. Do less in one script, or pass a larger timeout (at most 60s).';
const TIMEOUT_2S =
  'codemode: The script timed out after 2s and was stopped. Do less in one script, or pass a larger timeout (at most 60s).';
const TIMEOUT_10S =
  'codemode: The script timed out after 10s and was stopped. Do less in one script, or pass a larger timeout (at most 60s).';
const MEMORY =
  'codemode: The script hit the memory limit (64.0MB) and was stopped. Work on smaller pieces of data and return less.';
const NO_CALLS = 'It made no tool calls.';

/** Refusal texts of the suite, as a script receives them (row 52 / row 65). */
export const REFUSALS = {
  modelOnly:
    'Tool "secret" cannot be called from a codemode script. Return what you have and let the model call it directly.',
  // A hidden tool answers exactly as a name that was never registered: its existence does not leak.
  hidden: 'Unknown tool "vault". Available tools: lookup, add, wait, hang, fail, note, blob, save, publish.',
  notLoaded:
    'Tool "archive" is not loaded yet. Call tool_search with words for what you need (for example "archive"); matching tools become callable from your next call.',
  codemode:
    'Tool "codemode" cannot be called from a codemode script. Return what you have and let the model call it directly.',
} as const;

/** `tools.$describe('lookup')` in the fixture: the full declaration, with every comment. */
const LOOKUP_DESCRIBED =
  '/** Look up a key. */\nlookup(args: {\n  /** The key. */\n  key: string;\n}): Promise<{\n  key: string;\n  value: string;\n}>;';

/** What `tools.$describe` resolves to for `tools.add` and for names it cannot describe. */
const DESCRIBE_MISSES = [
  '/** Add two numbers. */\nadd(args: {\n  a: number;\n  b: number;\n}): Promise<{\n  sum: number;\n}>;',
  'tools.$describe("lokup"): no tool of that name can be called from a codemode script here. Closest: lookup. Use a name or identifier from the codemode tool\'s declarations.',
  'tools.$describe("archive"): tool "archive" is not loaded yet. Call tool_search (outside the script) with words for what you need; the tools it loads can be described and called from your next script.',
  'tools.$describe("secret"): tool "secret" cannot be called from a codemode script. Call it directly, outside the script.',
  'tools.$describe("vault"): no tool of that name can be called from a codemode script here. Use a name or identifier from the codemode tool\'s declarations.',
  'tools.$describe needs a tool name as a string, for example tools.$describe("lookup"); it got a number.',
];

const catchAll = (call: string): string =>
  `try { return await ${call}; } catch (error) { return { name: error.name, tool: error.tool, code: error.code, message: error.message }; }`;

export const CODEMODE_CASES: CodemodeCase[] = [
  {
    title: 'sequential calls resolve to structured_output',
    code: "const a = await tools.lookup({ key: 'alpha' });\nconst b = await tools.add({ a: 2, b: 3 });\nreturn { a, b };",
    observe: (run) => channels(run.result),
    expected: {
      is_error: false,
      output: '{\n  "a": {\n    "key": "alpha",\n    "value": "ALPHA"\n  },\n  "b": {\n    "sum": 5\n  }\n}',
      structured_output: {
        result: { a: { key: 'alpha', value: 'ALPHA' }, b: { sum: 5 } },
        logs: [],
        calls: [
          { name: 'lookup', args: { key: 'alpha' }, is_error: false },
          { name: 'add', args: { a: 2, b: 3 }, is_error: false },
        ],
      },
    },
  },
  {
    title: 'parallel calls with Promise.all, console lines after the value',
    code: "const [w, s, l] = await Promise.all([tools.wait({ ms: 20 }), tools.add({ a: 1, b: 1 }), tools.lookup({ key: 'b' })]);\nconsole.log('done', { n: 3 });\nconsole.warn('careful');\nreturn [w.waited, s.sum, l.value];",
    observe: (run) => channels(run.result),
    expected: {
      is_error: false,
      output: '[\n  20,\n  2,\n  "B"\n]\n\nConsole:\ndone {"n":3}\n[warn] careful',
      structured_output: {
        result: [20, 2, 'B'],
        logs: ['done {"n":3}', '[warn] careful'],
        calls: [
          { name: 'wait', args: { ms: 20 }, is_error: false },
          { name: 'add', args: { a: 1, b: 1 }, is_error: false },
          { name: 'lookup', args: { key: 'b' }, is_error: false },
        ],
      },
    },
  },
  {
    title: 'a tool without structured output resolves to its text; no return value is said so',
    code: 'console.log(await tools.note());',
    observe: (run) => text(run.result),
    expected: { is_error: false, output: 'The script returned no value.\n\nConsole:\nplain note' },
  },
  {
    title: 'exposure: model_only, hidden and codemode itself are refused with the suite text',
    code: `const out = [];\nfor (const name of ['secret', 'vault', 'codemode']) {\n  try { await tools[name]({}); } catch (error) { out.push([error.name, error.tool, error.code, error.message]); }\n}\nreturn out;`,
    observe: (run) => run.result.structured_output,
    expected: {
      result: [
        ['ToolError', 'secret', 'NOT_CALLABLE', REFUSALS.modelOnly],
        ['ToolError', 'vault', 'UNKNOWN_TOOL', REFUSALS.hidden],
        ['ToolError', 'codemode', 'NOT_CALLABLE', REFUSALS.codemode],
      ],
      logs: [],
      calls: [
        { name: 'secret', args: {}, is_error: true },
        { name: 'vault', args: {}, is_error: true },
        { name: 'codemode', args: {}, is_error: true },
      ],
    },
  },
  {
    title: 'row 52/65: a deferred tool is refused before activation',
    code: catchAll("tools.archive({ date: '2024' })"),
    observe: (run) => run.result.structured_output.result,
    expected: { name: 'ToolError', tool: 'archive', code: 'NOT_ACTIVATED', message: REFUSALS.notLoaded },
  },
  {
    title: 'a deferred tool is callable once the session activated it',
    code: "return await tools.archive({ date: '2024' });",
    activate: ['archive'],
    observe: (run) => run.result.structured_output.result,
    expected: { date: '2024', records: 3 },
  },
  {
    title: 'policy applies to nested calls: approved, refused by the approver, denied',
    fixture: 'policy',
    code: "const out = [];\nfor (const call of [() => tools.save({ path: 'approved.txt', content: 'a' }), () => tools.save({ path: 'other.txt', content: 'b' }), () => tools.publish({ text: 'hi' })]) {\n  try { out.push(await call()); } catch (error) { out.push(error.message); }\n}\nreturn out;",
    observe: (run) => ({ result: run.result.structured_output.result, saved: run.saved }),
    expected: {
      result: [
        { path: 'approved.txt', saved: true },
        'The user did not approve tool "save" (effect fs_write): caller codemode, path other.txt. Do not retry the same call; ask the user how to proceed.',
        'Tool "publish" was denied by policy (effect net_write), so it did not run. Do not retry it; use a tool without that effect or ask the user.',
      ],
      saved: ['approved.txt'],
    },
  },
  {
    title: 'row 56: while(true) is stopped at the deadline and the calls made are listed',
    code: "await tools.save({ path: 'first.txt', content: 'x' });\nwhile (true) {}",
    // Long enough for a Worker to start on a busy machine before the first call; the budget counts it.
    timeout: 2,
    observe: (run) => ({ ...text(run.result), saved: run.saved }),
    expected: {
      is_error: true,
      output: `${TIMEOUT_2S}\nTool calls it made before it stopped (they are not undone):\n1. save {"path":"first.txt","content":"x"} → ok`,
      saved: ['first.txt'],
    },
  },
  {
    title: 'row 57: a 1 GB allocation ends with the memory limit',
    code: 'const keep = [];\nfor (let i = 0; i < 1024; i++) keep.push(new Uint8Array(1 << 20));\nreturn keep.length;',
    // The limit is reached within a second; the timeout only has to outlast a Worker's start on a
    // loaded machine (5 s did not, beside other test runs), since the start counts against it.
    timeout: 30,
    observe: (run) => text(run.result),
    expected: { is_error: true, output: `${MEMORY}\n${NO_CALLS}` },
  },
  {
    title: 'row 58: new Array(2**28).join("x") is stopped at the deadline',
    only: 'browser',
    code: "return new Array(2 ** 28).join('x').length;",
    timeout: 1,
    observe: (run) => text(run.result),
    expected: { is_error: true, output: `${TIMEOUT_1S}\n${NO_CALLS}` },
  },
  {
    title: 'row 58: indexOf over a huge array-like is stopped at the deadline',
    only: 'browser',
    code: 'return Array.prototype.indexOf.call({ length: 2 ** 32 }, 1);',
    timeout: 1,
    observe: (run) => text(run.result),
    expected: { is_error: true, output: `${TIMEOUT_1S}\n${NO_CALLS}` },
  },
  {
    title: 'row 58: a BigInt power too large to compute is a quick script error',
    code: 'return String(7n ** 2000000n);',
    observe: (run) => text(run.result),
    expected: {
      is_error: true,
      output: `codemode: The script threw an error at line 1: RangeError: BigInt is too large to allocate\nFix the script and run it again.\n${NO_CALLS}`,
    },
  },
  {
    title: 'row 59: unbounded recursion is a stack overflow, and the next script runs',
    code: 'function down(n) { return down(n + 1) + 1; }\nreturn down(0);',
    next: 'return [1, 2].map((n) => n * 2);',
    observe: (run) => ({ first: text(run.result), next: run.next?.structured_output.result }),
    expected: {
      first: {
        is_error: true,
        output: `codemode: The script hit a stack overflow (recursion too deep) and was stopped. Use a loop instead of deep recursion.\n${NO_CALLS}`,
      },
      next: [2, 4],
    },
  },
  {
    title: 'row 59: out of memory, then the next script runs',
    code: "let s = [];\nwhile (true) s.push('x'.repeat(1024) + s.length);",
    timeout: 10,
    next: "return 'fresh';",
    observe: (run) => ({ first: text(run.result), next: run.next?.structured_output.result }),
    expected: { first: { is_error: true, output: `${MEMORY}\n${NO_CALLS}` }, next: 'fresh' },
  },
  {
    title: 'row 60: a promise that never settles times out',
    code: 'await new Promise(() => {});',
    timeout: 0.5,
    observe: (run) => text(run.result),
    expected: {
      is_error: true,
      output: `codemode: The script timed out after 0.5s and was stopped. Do less in one script, or pass a larger timeout (at most 60s).\n${NO_CALLS}`,
    },
  },
  {
    title: 'row 60: a tool call that never settles times out and is listed as cancelled',
    code: "await tools.lookup({ key: 'a' });\nawait tools.hang();",
    // Long enough for a Worker to start and make the first call on a loaded machine (2 s was not,
    // beside other test runs): the start counts against the timeout. The wait costs no CPU.
    timeout: 10,
    observe: (run) => ({ ...text(run.result), calls: run.result.details.calls }),
    expected: {
      is_error: true,
      output: `${TIMEOUT_10S}\nTool calls it made before it stopped (they are not undone):\n1. lookup {"key":"a"} → ok\n2. hang {} → cancelled`,
      calls: [
        { name: 'lookup', args: { key: 'a' }, is_error: false, duration_ms: expectAnyDuration },
        { name: 'hang', args: {}, is_error: true, duration_ms: expectAnyDuration, cancelled: true },
      ],
    },
  },
  {
    title: 'row 61: a tool error is a catchable Error carrying the tool output',
    code: catchAll('tools.fail()'),
    observe: (run) => run.result.structured_output.result,
    expected: {
      name: 'ToolError',
      tool: 'fail',
      code: 'SERVICE_DOWN',
      message: 'fail: the service said no. Try again later.',
    },
  },
  {
    title: 'row 61: bad arguments inside the script arrive as the validation text',
    code: catchAll("tools.add({ a: 'one' })"),
    observe: (run) => run.result.structured_output.result,
    expected: {
      name: 'ToolError',
      tool: 'add',
      code: 'INVALID_ARGUMENTS',
      message:
        'Invalid arguments for add:\n- b: required but missing.\n- a: expected number, got string "one".\nReceived: {"a":"one"}\nFix the arguments and call add again.',
    },
  },
  {
    title: 'row 61: an uncaught tool error fails the script and names the call',
    code: "await tools.save({ path: 'kept.txt', content: 'x' });\nawait tools.fail();\nreturn 'unreachable';",
    observe: (run) => ({ ...text(run.result), saved: run.saved }),
    expected: {
      is_error: true,
      output:
        'codemode: The script stopped because tool "fail" failed:\nfail: the service said no. Try again later.\nCatch tool errors in the script with try/catch, or fix the call, then run it again.\nTool calls it made before it stopped (they are not undone):\n1. save {"path":"kept.txt","content":"x"} → ok\n2. fail {} → error',
      saved: ['kept.txt'],
    },
  },
  {
    title: 'row 62: a cyclic value is not JSON-serialisable',
    code: 'const node = { name: "a" };\nnode.self = node;\nreturn node;',
    observe: (run) => text(run.result),
    expected: {
      is_error: true,
      output: `codemode: The script's return value is not JSON-serialisable: a circular reference (an object that contains itself). Return plain data: objects, arrays, strings, numbers, booleans and null.\n${NO_CALLS}`,
    },
  },
  {
    title: 'row 62: a BigInt in the value is not JSON-serialisable',
    code: 'return { count: 10n };',
    observe: (run) => text(run.result),
    expected: {
      is_error: true,
      output: `codemode: The script's return value is not JSON-serialisable: a BigInt at key "count" (convert it with String() or Number()). Return plain data: objects, arrays, strings, numbers, booleans and null.\n${NO_CALLS}`,
    },
  },
  {
    title: 'row 62: a function is not JSON-serialisable',
    code: 'return () => 1;',
    observe: (run) => text(run.result),
    expected: {
      is_error: true,
      output: `codemode: The script's return value is not JSON-serialisable: a function as the returned value itself. Return plain data: objects, arrays, strings, numbers, booleans and null.\n${NO_CALLS}`,
    },
  },
  {
    title: 'row 62: a value over the result cap is refused',
    code: "return 'x'.repeat(2 * 1024 * 1024);",
    observe: (run) => text(run.result),
    expected: {
      is_error: true,
      output: `codemode: The script's return value is too large: at least 2.0MB of JSON, over the 1.0MB limit. Return less data: select only the fields you need, or aggregate inside the script.\n${NO_CALLS}`,
    },
  },
  {
    title: 'row 62: a 50 MB value runs out of memory before it can be returned',
    code: "return 'x'.repeat(50 * 1024 * 1024);",
    observe: (run) => text(run.result),
    expected: { is_error: true, output: `${MEMORY}\n${NO_CALLS}` },
  },
  {
    title: 'row 62: a long value is cut in output with "Return less data", whole in structured_output',
    code: 'return Array.from({ length: 3000 }, (_, i) => i);',
    observe: (run) => ({
      tail: run.result.output.split('\n').slice(-3),
      lines: run.result.output.split('\n').length,
      returned: (run.result.structured_output.result as unknown[]).length,
      truncated: run.result.details.output_truncated,
    }),
    expected: {
      tail: [
        '  1998,',
        '',
        '[Output truncated: showing 2000 of 3002 lines (14.5KB of 22.4KB). Return less data: select only the fields you need, or aggregate inside the script.]',
      ],
      lines: 2002,
      returned: 3000,
      truncated: true,
    },
  },
  {
    title: 'row 63: no fetch, XMLHttpRequest, importScripts, process, document, setTimeout or require',
    code: "const g = Function('return this')();\nreturn ['fetch', 'XMLHttpRequest', 'importScripts', 'process', 'document', 'setTimeout', 'require', 'window', 'self', 'postMessage'].map((name) => [name, typeof g[name]]);",
    observe: (run) => run.result.structured_output.result,
    expected: [
      ['fetch', 'undefined'],
      ['XMLHttpRequest', 'undefined'],
      ['importScripts', 'undefined'],
      ['process', 'undefined'],
      ['document', 'undefined'],
      ['setTimeout', 'undefined'],
      ['require', 'undefined'],
      ['window', 'undefined'],
      ['self', 'undefined'],
      ['postMessage', 'undefined'],
    ],
  },
  {
    title: 'row 64: 10 000 tool calls stop at the call cap',
    code: 'for (let i = 0; i < 10000; i++) await tools.add({ a: i, b: 1 });\nreturn "unreachable";',
    observe: (run) => ({
      ...text(run.result),
      calls: (run.result.structured_output.error as { calls: unknown[] }).calls.length,
    }),
    expected: {
      is_error: true,
      output: [
        'codemode: The script tried to make more than 100 tool calls, the limit for one script, and was stopped. Do the work in fewer calls, or split it over several scripts.',
        'Tool calls it made before it stopped (they are not undone):',
        ...Array.from({ length: 20 }, (_, i) => `${i + 1}. add {"a":${i},"b":1} → ok`),
        '… and 80 more.',
      ].join('\n'),
      calls: 100,
    },
  },
  {
    title: 'row 64: 100 MB of console.log is capped with a notice',
    code: "const line = 'x'.repeat(1000);\nfor (let i = 0; i < 100000; i++) console.log(line);\nreturn 'finished';",
    timeout: 30,
    observe: (run) => {
      const logs = run.result.structured_output.logs as string[];
      return {
        is_error: run.result.is_error,
        result: run.result.structured_output.result,
        lines: logs.length,
        last: logs[logs.length - 1],
      };
    },
    expected: {
      is_error: false,
      result: 'finished',
      lines: 262,
      last: '[Console output truncated: the 256.0KB limit was reached; later lines were dropped.]',
    },
  },
  {
    title: 'arguments over the payload cap are refused inside the script',
    code: catchAll("tools.lookup({ key: 'k'.repeat(2 * 1024 * 1024) })"),
    observe: (run) => ({
      result: run.result.structured_output.result,
      calls: run.result.structured_output.calls,
    }),
    expected: {
      result: {
        name: 'ToolError',
        tool: 'lookup',
        code: 'PAYLOAD_TOO_LARGE',
        message:
          'The arguments of this call are 2.0MB of JSON, over the 1.0MB limit for one call, so it was not made. Pass less data per call.',
      },
      calls: [],
    },
  },
  {
    title: 'a result over the payload cap is refused inside the script, after the tool ran',
    code: catchAll('tools.blob({ size: 2 * 1024 * 1024 })'),
    observe: (run) => ({
      result: run.result.structured_output.result,
      calls: run.result.structured_output.calls,
    }),
    expected: {
      result: {
        name: 'ToolError',
        tool: 'blob',
        code: 'PAYLOAD_TOO_LARGE',
        message:
          'Tool "blob" ran, but its result is 2.0MB of JSON, over the 1.0MB limit for one call, so the script cannot receive it. Ask for less, for example with a smaller limit or a narrower path or pattern.',
      },
      calls: [{ name: 'blob', args: { size: 2097152 }, is_error: false }],
    },
  },
  {
    title: 'a syntax error names the line',
    code: 'const a = 1;\nconst b = ;\nreturn a;',
    observe: (run) => text(run.result),
    expected: {
      is_error: true,
      output: `codemode: The script has a syntax error at line 2: SyntaxError: unexpected token in expression: ';'\nFix the script and run it again. Write plain JavaScript, without TypeScript syntax.\n${NO_CALLS}`,
    },
  },
  {
    title: 'a thrown error names the line and keeps the console',
    code: "console.log('before');\nconst items = null;\nreturn items.length;",
    observe: (run) => text(run.result),
    expected: {
      is_error: true,
      output: `codemode: The script threw an error at line 3: TypeError: cannot read property 'length' of null\nFix the script and run it again.\n${NO_CALLS}\nConsole:\nbefore`,
    },
  },
  {
    title: 'a thrown value that is not an Error is shown as it is',
    code: 'throw { code: 7 };',
    observe: (run) => text(run.result),
    expected: {
      is_error: true,
      output: `codemode: The script threw an error: Uncaught {"code":7}\nFix the script and run it again.\n${NO_CALLS}`,
    },
  },
  {
    title: 'a call left running when the script returns is cancelled and noted',
    code: "tools.hang();\nreturn 'left';",
    observe: (run) => channels(run.result),
    expected: {
      is_error: false,
      output:
        '"left"\n\nNote: 1 tool call was still running when the script returned and was cancelled (hang). Await every tool call.',
      structured_output: {
        result: 'left',
        logs: [],
        calls: [{ name: 'hang', args: {}, is_error: true, cancelled: true }],
      },
    },
  },
  {
    title:
      'tools.$describe prints a full declaration; a miss is a message, never a throw, and never a tool call',
    code: "console.log(await tools.$describe('lookup'));\nreturn await Promise.all(['tools.add', 'lokup', 'archive', 'secret', 'vault', 42].map(tools.$describe));",
    observe: (run) => channels(run.result),
    expected: {
      is_error: false,
      output: `${JSON.stringify(DESCRIBE_MISSES, null, 2)}\n\nConsole:\n${LOOKUP_DESCRIBED}`,
      structured_output: { result: DESCRIBE_MISSES, logs: [LOOKUP_DESCRIBED], calls: [] },
    },
  },
  {
    title: 'tools.$describe of a deferred tool works once the session activated it',
    activate: ['archive'],
    code: "return [typeof tools.$describe, '$describe' in tools, Object.keys(tools).includes('$describe'), await tools.$describe('archive')];",
    observe: (run) => run.result.structured_output.result,
    expected: [
      'function',
      true,
      false,
      '/** Search old records by date. */\narchive(args: {\n  date: string;\n}): Promise<{\n  date: string;\n  records: number;\n}>;',
    ],
  },
  {
    title: 'code fences around the script are removed; sanitised names reach their tool',
    code: "```js\nreturn Object.keys(tools).includes('lookup') && (await tools['lookup']({ key: 'z' })).value;\n```",
    observe: (run) => run.result.structured_output.result,
    expected: 'Z',
  },
];
