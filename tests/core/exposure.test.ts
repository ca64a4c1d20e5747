import { describe, expect, it } from 'vitest';
import { enableCodemode } from '../../src/codemode/index.ts';
import { type Caller, createToolSuite, EXPOSURE_MODES, type ExposureMode } from '../../src/index.ts';

const KEYS = ['details', 'is_error', 'output', 'structured_output'];

function suiteWith(mode: ExposureMode) {
  const suite = createToolSuite({ builtins: ['tool_search'] });
  suite.register(
    {
      name: 'jira_create_ticket',
      description: 'Create a Jira ticket in a project.',
      parameters: { type: 'object', properties: { summary: { type: 'string' } }, required: ['summary'] },
    },
    mode,
    (args) => ({ output: `created ${String(args.summary)}`, structured_output: { key: 'PROJ-1' } }),
  );
  return suite;
}

async function found(mode: ExposureMode): Promise<boolean> {
  const suite = suiteWith(mode);
  const result = await suite.execute(
    'tool_search',
    { query: 'jira ticket' },
    { session: suite.createSession() },
  );
  const matches = result.structured_output.matches as { name: string }[];
  return matches.some((match) => match.name === 'jira_create_ticket');
}

async function calls(mode: ExposureMode, caller: Caller): Promise<boolean> {
  const suite = suiteWith(mode);
  const result = await suite.execute(
    'jira_create_ticket',
    { summary: 'x' },
    { caller, session: suite.createSession() },
  );
  expect(Object.keys(result).sort()).toEqual(KEYS);
  return !result.is_error;
}

describe('exposure: each mode × declared, model call, codemode call, found by search', () => {
  const table: Record<ExposureMode, [declared: boolean, model: boolean, codemode: boolean, search: boolean]> =
    {
      direct: [true, true, true, true],
      model_only: [true, true, false, false],
      codemode: [false, false, true, false],
      deferred: [false, false, false, true],
      hidden: [false, false, false, false],
    };

  for (const mode of EXPOSURE_MODES) {
    const [declared, model, codemode, search] = table[mode];
    it(`${mode}: declared ${declared}, model ${model}, codemode ${codemode}, search ${search}`, async () => {
      const suite = suiteWith(mode);
      expect(suite.declarations().some((spec) => spec.name === 'jira_create_ticket')).toBe(declared);
      expect(await calls(mode, 'model')).toBe(model);
      expect(await calls(mode, 'codemode')).toBe(codemode);
      expect(await found(mode)).toBe(search);
    });
  }

  it('deferred: after activation it is declared and callable by the model and by codemode', async () => {
    const suite = suiteWith('deferred');
    const session = suite.createSession();
    const search = await suite.execute('tool_search', { query: 'create jira ticket' }, { session });
    expect(search.control?.add_tools?.map((spec) => spec.name)).toEqual(['jira_create_ticket']);
    expect(suite.declarations(session).map((spec) => spec.name)).toEqual([
      'tool_search',
      'jira_create_ticket',
    ]);
    expect(suite.declarations().map((spec) => spec.name)).toEqual(['tool_search']);
    for (const caller of ['model', 'codemode'] as const) {
      const result = await suite.execute('jira_create_ticket', { summary: 'x' }, { caller, session });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe('created x');
    }
    expect(suite.isCallable('jira_create_ticket', 'model', session)).toBe(true);
    expect(suite.isCallable('jira_create_ticket', 'model', suite.createSession())).toBe(false);
  });

  it('declarations keep registration order and setMode keeps a tool in place', () => {
    const suite = createToolSuite({ builtins: false });
    for (const name of ['a', 'b', 'c']) suite.register({ name }, 'direct');
    suite.setMode('a', 'hidden');
    suite.setMode('a', 'model_only');
    expect(suite.declarations().map((spec) => spec.name)).toEqual(['a', 'b', 'c']);
  });
});

describe('refusals say why', () => {
  it('deferred, not activated: tells the model to call tool_search first', async () => {
    const suite = suiteWith('deferred');
    const result = await suite.execute('jira_create_ticket', { summary: 'x' });
    expect(result).toMatchObject({
      is_error: true,
      output:
        'Tool "jira_create_ticket" is not loaded yet. Call tool_search with words for what you need (for example "jira create ticket"); matching tools become callable from your next call.',
      structured_output: { error: { code: 'NOT_ACTIVATED', tool: 'jira_create_ticket', mode: 'deferred' } },
    });
  });

  it('deferred without tool_search: says it cannot be loaded here', async () => {
    const suite = createToolSuite({ builtins: false });
    suite.register({ name: 'later' }, 'deferred', () => 'ran');
    expect((await suite.execute('later', {})).output).toBe(
      'Tool "later" is not loaded in this session and cannot be loaded here. Use one of the available tools instead.',
    );
  });

  it('hidden', async () => {
    // A hidden tool answers as a name never registered, so a model cannot learn that it exists.
    const result = await suiteWith('hidden').execute('jira_create_ticket', { summary: 'x' });
    expect(result.output).toBe(
      'Unknown tool "jira_create_ticket". Available tools: tool_search. To find other tools, call tool_search.',
    );
    expect(result.structured_output).toEqual({
      error: { code: 'UNKNOWN_TOOL', message: result.output, tool: 'jira_create_ticket', suggestions: [] },
    });
  });

  it('codemode-only tool called by the model', async () => {
    const result = await suiteWith('codemode').execute('jira_create_ticket', { summary: 'x' });
    expect(result.output).toBe(
      'Tool "jira_create_ticket" can only be called from codemode scripts, and codemode is not enabled here. Use one of the available tools instead.',
    );
    // The way out comes from the codemode plugin, so it is offered once codemode is enabled.
    const withCodemode = suiteWith('codemode');
    enableCodemode(withCodemode);
    expect((await withCodemode.execute('jira_create_ticket', { summary: 'x' })).output).toBe(
      'Tool "jira_create_ticket" can only be called from codemode scripts. Call it inside a codemode script: await tools.jira_create_ticket({...}).',
    );
  });

  it('model_only tool called from codemode', async () => {
    const result = await suiteWith('model_only').execute(
      'jira_create_ticket',
      { summary: 'x' },
      { caller: 'codemode' },
    );
    expect(result.output).toBe(
      'Tool "jira_create_ticket" cannot be called from a codemode script. Return what you have and let the model call it directly.',
    );
  });

  it('a refused call never runs its implementation', async () => {
    let ran = 0;
    const suite = createToolSuite({ builtins: false });
    suite.register({ name: 'secret' }, 'hidden', () => {
      ran += 1;
      return 'ran';
    });
    suite.register({ name: 'later' }, 'deferred', () => {
      ran += 1;
      return 'ran';
    });
    await suite.execute('secret', {});
    await suite.execute('later', {});
    await suite.execute('secret', {}, { caller: 'codemode' });
    expect(ran).toBe(0);
  });
});

describe('a hidden tool cannot be told from a name never registered', () => {
  /** The same catalog with and without the hidden tools: every answer must be the same. */
  function twins(hidden: string[]) {
    const make = (withHidden: boolean) => {
      const suite = createToolSuite({ builtins: ['read', 'edit', 'ls', 'tool_search'] });
      suite.register({ name: 'secret_tools' }, 'direct', () => 'listed');
      if (withHidden) for (const name of hidden) suite.register({ name }, 'hidden', () => 'leaked');
      return suite;
    };
    return { withHidden: make(true), without: make(false) };
  }
  const answer = async (suite: ReturnType<typeof createToolSuite>, name: string, caller: Caller) => {
    const result = await suite.execute(name, { path: 'a.txt', content: 'x', command: 'create' }, { caller });
    return { ...result, details: {} };
  };

  it.each([
    ['its exact name', 'secret'],
    ['upper-cased', 'SECRET'],
    ['with spaces around', '  secret '],
    ['close to it', 'secrt'],
  ])('called by %s, from the model and from codemode', async (_, called) => {
    const { withHidden, without } = twins(['secret']);
    for (const caller of ['model', 'codemode'] as const) {
      expect(await answer(withHidden, called, caller)).toEqual(await answer(without, called, caller));
    }
    expect((await answer(withHidden, 'secret', 'model')).output).toBe(
      'Unknown tool "secret". The closest tools are: secret_tools. Call one of them by its exact name. To find other tools, call tool_search.',
    );
  });

  it('a hidden tool named like an alias does not shadow it, and a redirect to a hidden tool is unknown', async () => {
    const { withHidden, without } = twins(['view', 'write']);
    expect(await answer(withHidden, 'view', 'model')).toEqual(await answer(without, 'view', 'model'));
    expect(await answer(withHidden, 'str_replace_based_edit_tool', 'model')).toEqual(
      await answer(without, 'str_replace_based_edit_tool', 'model'),
    );
    expect((await answer(withHidden, 'str_replace_based_edit_tool', 'model')).output).toBe(
      'Unknown tool "write". Available tools: read, edit, ls, tool_search, secret_tools. To find other tools, call tool_search.',
    );
  });
});
