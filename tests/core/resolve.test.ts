/**
 * How a call's name is resolved, through suite.execute: exact names, peer aliases, hidden tools and
 * ended sessions.
 */
import { describe, expect, it } from 'vitest';
import { createToolSuite } from '../../src/index.ts';

const OBJECT = { type: 'object', properties: {} };

/** A suite without built-ins, so "Available tools" lists only what a test registers. */
function bare() {
  return createToolSuite({ builtins: false });
}

describe('resolving the name of a call', () => {
  it('finds a registered tool by its exact name, trimmed', async () => {
    const suite = bare();
    suite.register({ name: 'lookup', parameters: OBJECT }, 'direct', (_args, context) => context.toolName);
    expect(await suite.execute('  lookup ', {})).toMatchObject({ output: 'lookup', is_error: false });
  });

  it('resolves a peer alias to the registered tool and remembers the name called', async () => {
    const suite = bare();
    const aliases: unknown[] = [];
    const peers = {
      'a peer': {
        translate: (_args: unknown, context: { called: string }) => {
          aliases.push(context.called);
          return undefined;
        },
      },
    };
    suite.register({ name: 'read', parameters: OBJECT }, 'direct', (_args, context) => context.toolName, {
      repairs: { aliases: ['Probe'], peers },
    });
    expect(await suite.execute('Read', {})).toMatchObject({ output: 'read', is_error: false });
    expect(await suite.execute('Probe', {})).toMatchObject({ output: 'read', is_error: false });
    expect(aliases).toEqual(['Read', 'Probe']);
  });

  it('stops a call without a name', async () => {
    expect((await bare().execute('   ', {})).output).toBe(
      'The tool call has no tool name. Send a call with the name of one of the declared tools and its arguments.',
    );
  });

  it('stops a name no tool can have without searching for close names', async () => {
    expect((await bare().execute('a b', {})).output).toBe(
      'Unknown tool "a b": tool names are 1-128 characters of letters, digits, "_", ".", ":" and "-". Available tools: none.',
    );
  });

  it('does not resolve a hidden tool: it answers as a name never registered', async () => {
    const suite = bare();
    suite.register({ name: 'secret', parameters: OBJECT }, 'hidden', () => 'ran');
    expect((await suite.execute('secret', {})).output).toBe('Unknown tool "secret". Available tools: none.');
  });

  it('stops every call of a session that has ended, before looking at the name', async () => {
    const suite = bare();
    suite.register({ name: 'stop', parameters: OBJECT }, 'direct', () => ({
      output: 'bye',
      control: { terminate: { reason: 'done' } },
    }));
    const session = suite.createSession();
    await suite.execute('stop', {}, { session });
    expect((await suite.execute('anything', {}, { session })).output).toBe(
      'The session has ended (done). No further tool calls run in it; answer the user instead.',
    );
  });

  it('answers a redirect to a tool no visible tool has as an unknown name, before validating', async () => {
    const suite = bare();
    suite.register({ name: 'secret', parameters: OBJECT }, 'hidden', () => 'ran');
    const repairs = { peers: { 'a peer shell': { redirect: { tool: 'secret' } } } };
    suite.register({ name: 'shell', parameters: OBJECT }, 'direct', () => 'shell ran', { repairs });
    expect((await suite.execute('shell', {})).output).toBe('Unknown tool "secret". Available tools: shell.');
  });
});
