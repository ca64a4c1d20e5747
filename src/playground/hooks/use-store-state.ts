import { useSyncExternalStore } from 'react';

/** Any store with a snapshot and change notifications. */
export interface SubscribableStore<S> {
  getState(): S;
  subscribe(listener: () => void): () => void;
}

/** Subscribes a component to a plain store and returns its current snapshot. */
export function useStoreState<S>(store: SubscribableStore<S>): S {
  return useSyncExternalStore(store.subscribe, store.getState);
}
