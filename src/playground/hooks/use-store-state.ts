import { useSyncExternalStore } from 'react';
import type { Subscribable } from '../state/store.ts';

/** Subscribes a component to a plain store and returns its current snapshot. */
export function useStoreState<S>(store: Subscribable<S>): S {
  return useSyncExternalStore(store.subscribe, store.getState);
}
