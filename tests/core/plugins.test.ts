import { describe, expect, it } from 'vitest';
import { enableCodemode } from '../../src/codemode/index.ts';
import { createToolSuite, enableToolSearch, type SuitePlugin, type ToolSuite } from '../../src/index.ts';

const empty = { type: 'object', properties: {} };

/** A host's own plugin: it registers a tool that finds others, and points lost callers to it. */
function catalogHelp(events: string[]): SuitePlugin {
  let suite: ToolSuite | undefined;
  return {
    name: 'catalog_help',
    install(target) {
      suite = target;
      target.register({ name: 'catalog_help', parameters: empty }, 'model_only', () => 'help');
      events.push('install');
    },
    unknownToolHint: ({ caller }) =>
      caller === 'model' ? 'Call catalog_help for the full catalog.' : undefined,
    refusal: (tool) =>
      tool.mode === 'deferred'
        ? `Tool "${tool.spec.name}" is asleep; call catalog_help to wake it.`
        : undefined,
    dispose() {
      suite?.unregister('catalog_help');
      events.push('dispose');
    },
  };
}

describe('suite.use(plugin)', () => {
  it('a host plugin installs, adds its hint and refusal texts, and is disposed once when removed', async () => {
    const events: string[] = [];
    const suite = createToolSuite({ builtins: false });
    suite.register({ name: 'sleeper', parameters: empty }, 'deferred', () => 'awake');
    const remove = suite.use(catalogHelp(events));
    expect(suite.get('catalog_help')?.mode).toBe('model_only');
    expect((await suite.execute('nowhere_to_be_found', {})).output).toBe(
      'Unknown tool "nowhere_to_be_found". Available tools: catalog_help. Call catalog_help for the full catalog.',
    );
    expect((await suite.execute('sleeper', {})).output).toBe(
      'Tool "sleeper" is asleep; call catalog_help to wake it.',
    );
    remove();
    remove();
    expect(events).toEqual(['install', 'dispose']);
    expect((await suite.execute('sleeper', {})).output).toBe(
      'Tool "sleeper" is not loaded in this session and cannot be loaded here. Use one of the available tools instead.',
    );
  });

  it('afterCall hears every tool that ran, failed or not, and nothing a plugin throws reaches the call', async () => {
    const suite = createToolSuite({ builtins: false });
    const count = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] };
    suite.register({ name: 'count', parameters: count }, 'direct', (args) => {
      if (args.n === 0) throw new Error('zero');
      return `counted ${String(args.n)}`;
    });
    suite.register({ name: 'sleeper', parameters: empty }, 'deferred', () => 'awake');
    const heard: string[] = [];
    suite.use({
      name: 'thrower',
      afterCall: () => {
        throw new Error('a plugin bug');
      },
    });
    suite.use({
      name: 'listener',
      afterCall: (name, result, { caller, session }) =>
        heard.push(`${name} ${result.is_error ? 'error' : 'ok'} ${caller} ${session?.id ?? 'no session'}`),
    });
    const session = suite.createSession({ id: 's1' });
    expect((await suite.execute('count', { n: 2 }, { session })).output).toBe('counted 2');
    expect((await suite.execute('count', { n: 0 })).is_error).toBe(true);
    // Not run: unknown, refused, invalid arguments.
    await suite.execute('nowhere', {});
    await suite.execute('sleeper', {});
    await suite.execute('count', { n: 'two' });
    expect(heard).toEqual(['count ok model s1', 'count error model no session']);
  });

  it('the tool_search hint comes from its plugin: gone once tool_search is disposed', async () => {
    const suite = createToolSuite({ builtins: ['read'] });
    const search = enableToolSearch(suite);
    expect((await suite.execute('raed_file', {})).output).toBe(
      'Unknown tool "raed_file". Available tools: read, tool_search. To find other tools, call tool_search.',
    );
    search.dispose();
    expect((await suite.execute('raed_file', {})).output).toBe(
      'Unknown tool "raed_file". Available tools: read.',
    );
  });

  it('the codemode refusal comes from its plugin: the generic text once codemode is disposed', async () => {
    const suite = createToolSuite({ builtins: false });
    suite.register({ name: 'archive', parameters: empty }, 'codemode', () => 'archived');
    const codemode = enableCodemode(suite);
    expect((await suite.execute('archive', {})).output).toBe(
      'Tool "archive" can only be called from codemode scripts. Call it inside a codemode script: await tools.archive({...}).',
    );
    codemode.dispose();
    expect((await suite.execute('archive', {})).output).toBe(
      'Tool "archive" can only be called from codemode scripts, and codemode is not enabled here. Use one of the available tools instead.',
    );
  });

  it('a tool that is only named tool_search, without its plugin, adds no hint', async () => {
    const suite = createToolSuite({ builtins: false });
    suite.register({ name: 'tool_search', parameters: empty }, 'direct', () => 'none');
    expect((await suite.execute('missing', {})).output).toBe(
      'Unknown tool "missing". Available tools: tool_search.',
    );
  });
});
