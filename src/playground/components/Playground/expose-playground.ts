/**
 * `window.playground` for a page of the host's own that shows `<Playground store={store}>`: the same
 * stable API the playground page has (and the Playwright fixture drives), over the component's own
 * stores, so a test's calls are the component's calls, in its history and its session.
 */

import type { Playground as PlaygroundStore } from '../../state/playground.ts';
import { createPlaygroundApi, type PlaygroundApi } from '../../state/playground-api.ts';
import { startPlaygroundStore } from './Playground.tsx';

/**
 * Sets `globalThis.playground` to the API over `store` and returns it. Give the component the same
 * store (`<Playground store={store} />`); `ready` is the start the component waits for too, so calling
 * this before or after the first render starts the stores once.
 */
export function exposePlayground(store: PlaygroundStore): PlaygroundApi {
  const api = createPlaygroundApi(store, startPlaygroundStore(store));
  (globalThis as { playground?: PlaygroundApi }).playground = api;
  return api;
}
