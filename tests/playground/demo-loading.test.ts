/**
 * The demo catalog arrives lazily (its own chunk in the page): whenever it arrives, the catalog has the
 * order a rebuild gives (built-ins, tool_search, demo tools, codemode, registered tools), `start()` and
 * the API wait for it, and a failed load leaves a usable page with a notice.
 * Reaches inside: the playground app's state and demo modules (src/playground/state/, src/playground/demo/)
 * have no public entry: browser-agent-tools/playground exports the component, createPlaygroundStore and the
 * approval prompt only, so they are tested as the app uses them.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_CONTENT } from '../../src/playground/demo/demo-content.ts';
import type { PlaygroundStore as Playground } from '../../src/playground/index.ts';
import type { DemoContent } from '../../src/playground/state/playground.ts';
import { createPlaygroundApi } from '../../src/playground/state/playground-api.ts';
import { createTestPlayground, startPlayground } from './harness.ts';

const loadCodemode = () => import('browser-agent-tools/codemode');

/** A demo load the test releases (or fails) when it wants. */
function deferredDemo(): {
  load: () => Promise<DemoContent>;
  release(): void;
  fail(error: Error): void;
} {
  let release: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const promise = new Promise<DemoContent>((resolve, reject) => {
    release = () => resolve(DEMO_CONTENT);
    fail = reject;
  });
  return { load: () => promise, release: () => release(), fail: (error) => fail(error) };
}

const names = (playground: Playground): string[] =>
  playground.runtime.store
    .getState()
    .suite.list()
    .map((tool) => tool.spec.name);

describe('the lazily loaded demo catalog', () => {
  it('start() waits for it; the catalog order is the one a rebuild gives', async () => {
    const demo = deferredDemo();
    let started = false;
    const starting = startPlayground({ loadDemo: demo.load, loadCodemode }).then((playground) => {
      started = true;
      return playground;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toBe(false);
    demo.release();
    const playground = await starting;
    expect(playground.page.getState().demo).toBe('ready');
    const order = names(playground);
    const builtins = names(createTestPlayground());
    expect(order).toEqual([...builtins, ...DEMO_CONTENT.tools.map((tool) => tool.name), 'codemode']);
    await playground.reset();
    expect(names(playground)).toEqual(order);
  });

  it('arriving after codemode and a registration, it still goes right after the built-ins', async () => {
    const demo = deferredDemo();
    const playground = createTestPlayground({ loadDemo: demo.load });
    void playground.demo();
    const builtins = names(playground);
    expect(builtins).not.toContain('github_create_issue');
    expect(playground.catalog.store.getState().rows.some((row) => row.origin === 'demo')).toBe(false);
    playground.runtime.enableCodemode((await loadCodemode()).enableCodemode);
    playground.runtime.register({ name: 'crm_lookup', description: 'Look up.', parameters: {} }, 'direct');
    playground.runtime.setMode('grep', 'hidden');
    demo.release();
    await playground.demo();
    const order = names(playground);
    expect(order).toEqual([
      ...builtins,
      ...DEMO_CONTENT.tools.map((tool) => tool.name),
      'codemode',
      'crm_lookup',
    ]);
    expect(playground.runtime.store.getState().suite.get('crm_lookup')?.mode).toBe('direct');
    expect(playground.runtime.store.getState().suite.get('grep')?.mode).toBe('hidden');
    expect(playground.catalog.store.getState().rows.map((row) => row.name)).toEqual(order);
    // The same state from its scenario gives the same order.
    const copy = await startPlayground({ loadCodemode });
    await copy.reset(playground.scenario());
    expect(names(copy)).toEqual(order);
  });

  it('the API waits for it: a mode change of a demo tool made before it arrived applies', async () => {
    const demo = deferredDemo();
    const playground = createTestPlayground({ loadDemo: demo.load });
    const api = createPlaygroundApi(playground, playground.demo());
    const changed = api.setMode('github_create_issue', 'direct');
    demo.release();
    await expect(changed).resolves.toEqual({ name: 'github_create_issue', mode: 'direct' });
    expect(await api.declarations()).toContainEqual(expect.objectContaining({ name: 'github_create_issue' }));
    const replay = await playground.replay();
    expect(replay.examples.map((example) => example.id)).toEqual(
      DEMO_CONTENT.transcripts.map((example) => example.id),
    );
  });

  it('a failed load leaves the built-ins usable and says so', async () => {
    const demo = deferredDemo();
    demo.fail(new Error('network down'));
    const playground = await startPlayground({ loadDemo: demo.load });
    expect(playground.page.getState()).toMatchObject({
      demo: 'failed',
      notice: { kind: 'error', text: 'The demo catalog could not be loaded: network down' },
    });
    const entry = await playground.runCall({ kind: 'named', name: 'ls', args: {}, caller: 'model' });
    expect(entry.result.is_error).toBe(false);
  });
});
