/**
 * The one store primitive of the playground: a snapshot, change listeners for React
 * (`useSyncExternalStore`), and typed events for other stores. Framework-free; no React here.
 */

/** Anything React can subscribe to: a snapshot and change notifications. */
export interface Subscribable<S> {
  /** The current snapshot: a new object after every change. */
  getState(): S;
  /** Calls `listener` after every change. Returns an unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** A store with typed events: `E` is a union of `{ type: ... }` objects. */
export interface Store<S, E extends { type: string }> extends Subscribable<S> {
  /** Listens to the store's events. Returns an unsubscribe function. */
  on(listener: (event: E) => void): () => void;
}

/** The writable side of a store, kept by the module that owns it. */
export interface StoreHandle<S, E extends { type: string }> {
  readonly store: Store<S, E>;
  get(): S;
  /** Replaces part of the snapshot, notifies subscribers, then emits `event` if given. */
  set(patch: Partial<S>, event?: E): void;
  emit(event: E): void;
}

/** Creates a store holding `initial`. */
export function createStore<S extends object, E extends { type: string }>(initial: S): StoreHandle<S, E> {
  let state = initial;
  const listeners = new Set<() => void>();
  const eventListeners = new Set<(event: E) => void>();
  const emit = (event: E): void => {
    for (const listener of [...eventListeners]) listener(event);
  };
  return {
    store: {
      getState: () => state,
      subscribe(listener) {
        listeners.add(listener);
        return () => {
          listeners.delete(listener);
        };
      },
      on(listener) {
        eventListeners.add(listener);
        return () => {
          eventListeners.delete(listener);
        };
      },
    },
    get: () => state,
    set(patch, event) {
      state = { ...state, ...patch };
      for (const listener of [...listeners]) listener();
      if (event) emit(event);
    },
    emit,
  };
}
