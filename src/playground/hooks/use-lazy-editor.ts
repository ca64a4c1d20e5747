import { type RefObject, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../shared/index.ts';

/** What every lazily loaded Monaco editor of the playground offers the hook. */
export interface LazyEditor {
  setDark(dark: boolean): void;
  dispose(): void;
}

/**
 * Caches a dynamic `import()` so the chunk loads once; a failed load is forgotten so the next call
 * tries again.
 */
export function cachedImport<M>(load: () => Promise<M>): () => Promise<M> {
  let loading: Promise<M> | null = null;
  return () => {
    loading ??= load();
    loading.catch(() => {
      loading = null;
    });
    return loading;
  };
}

const darkQuery = (): MediaQueryList | null =>
  typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;

export interface UseLazyEditorOptions<M, E extends LazyEditor> {
  /** Mount the editor (its chunk is loaded then). */
  enabled: boolean;
  load: () => Promise<M>;
  /** Called once the chunk has loaded, while the plain text area is still on the page. */
  onLoaded?(): void;
  /** Creates the editor in `element`; `dark` follows `prefers-color-scheme`. */
  create(module: M, element: HTMLDivElement, dark: boolean): E;
  /** Called after the editor was disposed. */
  onDisposed?(): void;
}

export interface UseLazyEditor<E> {
  /** Attach to the element the editor renders into. */
  containerRef: (element: HTMLDivElement | null) => void;
  status: 'off' | 'loading' | 'ready' | 'failed';
  error: string | null;
  /** The mounted editor, `null` while there is none. */
  editor: RefObject<E | null>;
}

/**
 * Loads an editor chunk while `enabled`, mounts the editor once the container element exists, keeps
 * its theme in step with the system and disposes it when disabled or unmounted.
 */
export function useLazyEditor<M, E extends LazyEditor>(
  options: UseLazyEditorOptions<M, E>,
): UseLazyEditor<E> {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [status, setStatus] = useState<UseLazyEditor<E>['status']>('off');
  const [error, setError] = useState<string | null>(null);
  const editor = useRef<E | null>(null);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (!options.enabled) {
      setStatus('off');
      return;
    }
    let cancelled = false;
    setStatus((current) => (current === 'ready' ? current : 'loading'));
    latest.current.load().then(
      () => {
        if (cancelled) return;
        latest.current.onLoaded?.();
        setStatus('ready');
      },
      (reason: unknown) => {
        if (cancelled) return;
        setStatus('failed');
        setError(errorMessage(reason));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [options.enabled]);

  useEffect(() => {
    if (status !== 'ready' || !element) return;
    let disposed = false;
    let cleanup = (): void => undefined;
    void latest.current.load().then((module) => {
      if (disposed) return;
      const query = darkQuery();
      const created = latest.current.create(module, element, query?.matches === true);
      editor.current = created;
      const onScheme = (event: MediaQueryListEvent) => created.setDark(event.matches);
      query?.addEventListener('change', onScheme);
      cleanup = () => {
        query?.removeEventListener('change', onScheme);
        created.dispose();
      };
    });
    return () => {
      disposed = true;
      cleanup();
      editor.current = null;
      latest.current.onDisposed?.();
    };
  }, [status, element]);

  return { containerRef: setElement, status, error, editor };
}

/** What each code field's editor hook is given, besides what its language needs. */
export interface CodeFieldOptions {
  /** Mount the editor (its chunk is loaded then). */
  enabled: boolean;
  value: string;
  ariaLabel: string;
  onChange(value: string): void;
  onRun(): void;
}

/** Keeps a mounted editor's `value` (or schema, or types) in step with the field's. */
export function useEditorSync<E, V>(
  editor: RefObject<E | null>,
  value: V,
  apply: (editor: E, value: V) => void,
): void {
  const applyLatest = useRef(apply);
  applyLatest.current = apply;
  useEffect(() => {
    if (editor.current) applyLatest.current(editor.current, value);
  }, [editor, value]);
}
