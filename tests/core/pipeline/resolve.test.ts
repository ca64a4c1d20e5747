import { describe, expect, it } from 'vitest';
import { isStop } from '../../../src/core/pipeline/engine.ts';
import { resolveCall } from '../../../src/core/pipeline/resolve.ts';
import { applyControl, createSession } from '../../../src/core/session.ts';
import { OBJECT, testCall, testEngine } from './fixture.ts';

describe('pipeline: resolve', () => {
  it('finds a registered tool by its exact name, trimmed', () => {
    const engine = testEngine();
    engine.catalog.register({ name: 'lookup', parameters: OBJECT }, 'direct');
    const resolved = resolveCall(engine, testCall(), '  lookup ');
    expect(isStop(resolved)).toBe(false);
    if (isStop(resolved)) return;
    expect(resolved.tool.spec.name).toBe('lookup');
    expect(resolved.resolved).toEqual({ name: 'lookup' });
    expect(resolved.calledName).toBe('lookup');
  });

  it('resolves a peer alias to the registered tool and remembers the alias', () => {
    const engine = testEngine();
    engine.catalog.register({ name: 'read', parameters: OBJECT }, 'direct');
    const resolved = resolveCall(engine, testCall(), 'Read');
    if (isStop(resolved)) throw new Error(resolved.stop.output);
    expect(resolved.resolved).toEqual({ name: 'read', alias: 'Read' });
  });

  it('stops a call without a name', () => {
    const resolved = resolveCall(testEngine(), testCall(), '   ');
    expect(isStop(resolved) && resolved.stop.output).toBe(
      'The tool call has no tool name. Send a call with the name of one of the declared tools and its arguments.',
    );
  });

  it('stops a name no tool can have without searching for close names', () => {
    const resolved = resolveCall(testEngine(), testCall(), 'a b');
    expect(isStop(resolved) && resolved.stop.output).toBe(
      'Unknown tool "a b": tool names are 1-128 characters of letters, digits, "_", ".", ":" and "-". Available tools: none.',
    );
  });

  it('does not resolve a hidden tool: it answers as a name never registered', () => {
    const engine = testEngine();
    engine.catalog.register({ name: 'secret', parameters: OBJECT }, 'hidden');
    const resolved = resolveCall(engine, testCall(), 'secret');
    expect(isStop(resolved) && resolved.stop.output).toBe('Unknown tool "secret". Available tools: none.');
  });

  it('stops every call of a session that has ended, before looking at the name', () => {
    const session = createSession(() => false);
    applyControl(session, { terminate: { reason: 'done' } });
    const resolved = resolveCall(testEngine(), testCall({}, { session }), 'anything');
    expect(isStop(resolved) && resolved.stop.output).toBe(
      'The session has ended (done). No further tool calls run in it; answer the user instead.',
    );
  });
});
