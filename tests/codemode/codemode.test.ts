/**
 * Codemode in Node: the shared case matrix (cases.ts) on the in-process runner, plus what only Node can
 * check cheaply: module replacement, abort, arguments, the registered spec and its regeneration.
 */
import { describe, expect, it } from 'vitest';
import { type CodemodeRunner, createInProcessRunner } from '../../src/codemode/index.ts';
import type { ToolContext } from '../../src/core/entry.ts';
import { type CaseRun, CODEMODE_CASES, REFUSALS, text, withoutDurations } from './cases.ts';
import { createCodemodeFixture } from './fixture.ts';

const runner = createInProcessRunner();

describe('codemode cases (in-process runner)', () => {
  for (const testCase of CODEMODE_CASES) {
    if (testCase.only === 'browser') continue;
    it(testCase.title, async () => {
      const fixture = createCodemodeFixture(runner, testCase.fixture);
      if (testCase.activate) fixture.session.activate(testCase.activate);
      const options = { caller: 'model' as const, session: fixture.session };
      const args =
        testCase.timeout === undefined
          ? { code: testCase.code }
          : { code: testCase.code, timeout: testCase.timeout };
      const result = await fixture.suite.execute('codemode', args, options);
      const run: CaseRun = { result, saved: fixture.saved };
      if (testCase.next) run.next = await fixture.suite.execute('codemode', { code: testCase.next }, options);
      expect(withoutDurations(testCase.observe(run))).toEqual(testCase.expected);
    });
  }
});

describe('the in-process runner', () => {
  it('reuses its QuickJS module after timeouts and caps, and replaces it after a stack overflow or OOM', async () => {
    const own = createInProcessRunner();
    const { suite } = createCodemodeFixture(own, 'default', { maxCalls: 2 });
    const run = async (code: string, timeout?: number) =>
      (await suite.execute('codemode', timeout === undefined ? { code } : { code, timeout }))
        .structured_output;
    expect(own.modulesLoaded).toBe(0);
    expect(await run('return 1;')).toMatchObject({ result: 1 });
    expect(await run('while (true) {}', 0.2)).toMatchObject({ error: { kind: 'timeout' } });
    expect(await run('await new Promise(() => {});', 0.2)).toMatchObject({ error: { kind: 'timeout' } });
    expect(await run('for (;;) await tools.add({ a: 1, b: 1 });')).toMatchObject({
      error: { kind: 'call_limit' },
    });
    expect(await run("tools.hang(); return 'left';")).toMatchObject({ result: 'left' });
    expect(own.modulesLoaded).toBe(1);
    expect(await run('const f = () => f() + 1; return f();')).toMatchObject({
      error: { kind: 'stack_overflow' },
    });
    expect(await run('return 2;')).toMatchObject({ result: 2 });
    expect(own.modulesLoaded).toBe(2);
    expect(await run('const keep = []; for (;;) keep.push(new Uint8Array(1 << 20));')).toMatchObject({
      error: { kind: 'memory' },
    });
    expect(await run('return 3;')).toMatchObject({ result: 3 });
    expect(own.modulesLoaded).toBe(3);
  });

  it('runs scripts of several sessions side by side, each with its own runtime', async () => {
    const { suite } = createCodemodeFixture(runner);
    const results = await Promise.all(
      [1, 2, 3].map((n) =>
        suite.execute('codemode', {
          code: `globalThis.mine = ${n};\nawait tools.wait({ ms: ${40 - n * 10} });\nreturn globalThis.mine;`,
        }),
      ),
    );
    expect(results.map((result) => result.structured_output.result)).toEqual([1, 2, 3]);
  });
});

describe('the codemode tool', () => {
  it('a tool named then is called as then_ and never makes tools a thenable', async () => {
    const { suite } = createCodemodeFixture(runner);
    suite.register(
      { name: 'then', description: 'Named then.', parameters: { type: 'object', properties: {} } },
      'codemode',
      () => ({ output: 'ran', structured_output: { ran: true } }),
    );
    const result = await suite.execute('codemode', {
      code: 'const same = (await tools) === tools;\nreturn [same, typeof tools.then, await tools.then_()];',
    });
    expect(result.structured_output.result).toEqual([true, 'undefined', { ran: true }]);
  });

  it('checks its arguments before anything runs', async () => {
    const { suite } = createCodemodeFixture(runner);
    expect(text(await suite.execute('codemode', { code: 'return 1;', timeout: 61 }))).toEqual({
      is_error: true,
      output:
        'Invalid arguments for codemode:\n- timeout: must be at most 60, got number 61.\nReceived: {"code":"return 1;","timeout":61}\nFix the arguments and call codemode again.',
    });
    expect(text(await suite.execute('codemode', { code: '   \n' }))).toEqual({
      is_error: true,
      output:
        'codemode: code is empty. Write the body of an async function that calls tools and returns a value.',
    });
  });

  it('is only for the model: a script cannot call it, and neither can a codemode caller', async () => {
    const { suite } = createCodemodeFixture(runner);
    const result = await suite.execute('codemode', { code: 'return 1;' }, { caller: 'codemode' });
    expect(text(result)).toEqual({ is_error: true, output: REFUSALS.codemode });
  });

  it('an abort from the caller stops the script, cancels its nested calls and lists them', async () => {
    const { suite } = createCodemodeFixture(runner);
    const controller = new AbortController();
    const running = suite.execute(
      'codemode',
      { code: "await tools.lookup({ key: 'a' });\nawait tools.hang();", timeout: 30 },
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 50);
    expect(text(await running)).toEqual({
      is_error: true,
      output: [
        'codemode: The script was aborted before it finished.',
        'Tool calls it made before it stopped (they are not undone):',
        '1. lookup {"key":"a"} → ok',
        '2. hang {} → cancelled',
      ].join('\n'),
    });
    const next = await suite.execute('codemode', { code: "return 'after';" });
    expect(next.structured_output.result).toBe('after');
  });

  it('reports an abort itself with the calls already made, when its own result is used', async () => {
    const { suite, session } = createCodemodeFixture(runner);
    const implementation = suite.get('codemode')?.implementation;
    if (!implementation) throw new Error('codemode has no implementation');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const context: ToolContext = {
      workspace: () => Promise.reject(new Error('no workspace')),
      signal: controller.signal,
      session,
      suite,
      caller: 'model',
      toolName: 'codemode',
    };
    await expect(
      Promise.resolve().then(() =>
        implementation(
          { code: "await tools.lookup({ key: 'a' });\nawait tools.hang();", timeout: 30 },
          context,
        ),
      ),
    ).rejects.toMatchObject({
      name: 'ToolError',
      code: 'ABORTED',
      message:
        'The script was aborted before it finished.\nTool calls it made before it stopped (they are not undone):\n1. lookup {"key":"a"} → ok\n2. hang {} → cancelled',
      data: {
        kind: 'aborted',
        logs: [],
        calls: [
          { name: 'lookup', args: { key: 'a' }, is_error: false },
          { name: 'hang', args: {}, is_error: true, cancelled: true },
        ],
      },
    });
  });

  it('fills details with each call and its duration, and names the runner', async () => {
    let clock = 1000;
    const { suite } = createCodemodeFixture(runner, 'default', { now: () => (clock += 5) });
    const result = await suite.execute('codemode', {
      code: "await tools.lookup({ key: 'a' });\ntry { await tools.fail(); } catch {}\nreturn 'ok';",
    });
    expect(result.details).toEqual({
      calls: [
        { name: 'lookup', args: { key: 'a' }, is_error: false, duration_ms: 5 },
        { name: 'fail', args: {}, is_error: true, duration_ms: 5 },
      ],
      output_truncated: false,
      runner: 'in-process',
      duration_ms: result.details.duration_ms,
    });
  });

  it('keeps huge arguments out of the call records', async () => {
    const { suite } = createCodemodeFixture(runner);
    const result = await suite.execute('codemode', {
      code: "await tools.lookup({ key: 'k'.repeat(10000) });\nreturn 'ok';",
    });
    expect(result.structured_output.calls).toEqual([
      { name: 'lookup', args: '[10010 bytes of arguments, not recorded]', is_error: false },
    ]);
  });

  it('honours smaller caps given as options, in its messages too', async () => {
    const { suite } = createCodemodeFixture(runner, 'default', {
      maxConsoleBytes: 1024,
      maxResultBytes: 2048,
      memoryBytes: 16 * 1024 * 1024,
      defaultTimeoutSeconds: 0.3,
    });
    // Its own timeout: the 0.3 s default is for the runaway script below, and a clean clone beside a
    // second npm test ran this one past it (the runner's start counts against the timeout).
    const logged = await suite.execute('codemode', {
      code: "for (let i = 0; i < 200; i++) console.log('line ' + i);\nreturn 'x'.repeat(4000);",
      timeout: 60,
    });
    // 126 lines fill the 1 KB exactly (10 × 7 + 90 × 8 + 26 × 9 bytes); the 127th is dropped.
    const accepted = Array.from({ length: 126 }, (_, i) => `line ${i}`);
    const cut = '[Console output truncated: the 1.0KB limit was reached; later lines were dropped.]';
    expect(text(logged)).toEqual({
      is_error: true,
      output: [
        "codemode: The script's return value is too large: at least 3.9KB of JSON, over the 2.0KB limit. Return less data: select only the fields you need, or aggregate inside the script.",
        'It made no tool calls.',
        'Console:',
        ...accepted,
        cut,
      ].join('\n'),
    });
    expect((logged.structured_output.error as { logs: string[] }).logs).toEqual([...accepted, cut]);
    const slow = await suite.execute('codemode', { code: 'while (true) {}' });
    expect(slow.output).toBe(
      'codemode: The script timed out after 0.3s and was stopped. Do less in one script, or pass a larger timeout (at most 60s).\nIt made no tool calls.',
    );
    // Given the time to reach the memory cap (milliseconds alone; more when the cores are shared), so
    // the memory limit and not the 0.3 s default ends it.
    const hungry = await suite.execute('codemode', {
      code: 'const keep = [];\nfor (;;) keep.push(new Uint8Array(1 << 20));',
      timeout: 60,
    });
    expect(hungry.output).toBe(
      'codemode: The script hit the memory limit (16.0MB) and was stopped. Work on smaller pieces of data and return less.\nIt made no tool calls.',
    );
  });
});

describe('a misbehaving runner', () => {
  it('that rejects is reported as a sandbox failure', async () => {
    const broken: CodemodeRunner = { kind: 'in-process', run: () => Promise.reject(new Error('boom')) };
    const { suite } = createCodemodeFixture(broken);
    expect(text(await suite.execute('codemode', { code: 'return 1;' }))).toEqual({
      is_error: true,
      output:
        'codemode: The codemode sandbox failed (the runner failed: boom). Run the script again; if it keeps failing, call the tools directly.\nIt made no tool calls.',
    });
  });

  it('that never settles is given up on after the stop, with the timeout text', async () => {
    const stuck: CodemodeRunner = { kind: 'in-process', run: () => new Promise(() => {}) };
    const { suite } = createCodemodeFixture(stuck);
    expect(text(await suite.execute('codemode', { code: 'return 1;', timeout: 0.1 }))).toEqual({
      is_error: true,
      output:
        'codemode: The script timed out after 0.1s and was stopped. Do less in one script, or pass a larger timeout (at most 60s).\nIt made no tool calls.',
    });
  });
});

describe('a huge tool name from a script costs the host no more than a short one', () => {
  const huge = "'x'.repeat(2_000_000)";
  const unknown = `Unknown tool "${'x'.repeat(64)}…" (2000000 characters): tool names are 1-128 characters of letters, digits, "_", ".", ":" and "-". Available tools: lookup, add, wait, hang, fail, note, blob, save, publish.`;

  it('tools[name](): refused without a similarity search; the name is clipped in the error and the records', async () => {
    const { suite, session } = createCodemodeFixture(runner);
    const code = `try { await tools[${huge}]({}); } catch (error) { return { message: error.message, tool: error.tool, code: error.code }; }`;
    const result = await suite.execute('codemode', { code }, { session });
    const clipped = `${'x'.repeat(128)}…`;
    expect(result.structured_output).toEqual({
      result: { message: unknown, tool: clipped, code: 'UNKNOWN_TOOL' },
      logs: [],
      calls: [{ name: clipped, args: {}, is_error: true }],
    });
  });

  it('an uncaught failure lists the clipped name; the whole result stays small', async () => {
    const { suite, session } = createCodemodeFixture(runner);
    const result = await suite.execute('codemode', { code: `await tools[${huge}]({});` }, { session });
    expect(result.is_error).toBe(true);
    expect(result.output).toContain(`because tool "${'x'.repeat(128)}…" failed:\n${unknown}`);
    expect(JSON.stringify(result).length).toBeLessThan(3_000);
  });

  it('tools.$describe(name) answers without comparing the name to every tool', async () => {
    const { suite, session } = createCodemodeFixture(runner);
    const result = await suite.execute(
      'codemode',
      { code: `return await tools.$describe(${huge});` },
      { session },
    );
    expect(result.structured_output.result).toBe(
      `tools.$describe("${'x'.repeat(100)}…"): no tool of that name can be called from a codemode script here. Use a name or identifier from the codemode tool's declarations.`,
    );
  });
});
