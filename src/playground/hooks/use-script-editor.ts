import { useEffect, useRef, useState } from 'react';
import type { ScriptEditor } from '../monaco/script-editor.ts';

type ScriptEditorModule = typeof import('../monaco/script-editor.ts');

let loading: Promise<ScriptEditorModule> | null = null;

/** Loads the Monaco chunk with the TypeScript language service once, only when a script is edited. */
export function loadScriptEditor(): Promise<ScriptEditorModule> {
  loading ??= import('../monaco/script-editor.ts');
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

const darkQuery = (): MediaQueryList | null =>
  typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;

export interface UseScriptEditorOptions {
  /** Mount the editor (the Monaco chunk is loaded then). */
  enabled: boolean;
  value: string;
  /** The generated declarations of the callable tools. */
  types: string;
  ariaLabel: string;
  onChange(value: string): void;
  onRun(): void;
}

export interface UseScriptEditor {
  /** Attach to the element Monaco renders into. */
  containerRef: (element: HTMLDivElement | null) => void;
  status: 'off' | 'loading' | 'ready' | 'failed';
  error: string | null;
}

/** Mounts a Monaco JavaScript editor while `enabled`, kept in step with `value` and `types`. */
export function useScriptEditor(options: UseScriptEditorOptions): UseScriptEditor {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [status, setStatus] = useState<UseScriptEditor['status']>('off');
  const [error, setError] = useState<string | null>(null);
  const editor = useRef<ScriptEditor | null>(null);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (!options.enabled) {
      setStatus('off');
      return;
    }
    let cancelled = false;
    setStatus((current) => (current === 'ready' ? current : 'loading'));
    loadScriptEditor().then(
      () => {
        if (!cancelled) setStatus('ready');
      },
      (reason: unknown) => {
        if (cancelled) return;
        setStatus('failed');
        setError(reason instanceof Error ? reason.message : String(reason));
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
    void loadScriptEditor().then((module) => {
      if (disposed) return;
      const query = darkQuery();
      const created = module.createScriptEditor(element, {
        value: latest.current.value,
        types: latest.current.types,
        ariaLabel: latest.current.ariaLabel,
        dark: query?.matches === true,
        onChange: (value) => latest.current.onChange(value),
        onRun: () => latest.current.onRun(),
      });
      editor.current = created;
      created.focus();
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
    };
  }, [status, element]);

  useEffect(() => {
    editor.current?.setValue(options.value);
  }, [options.value]);

  useEffect(() => {
    editor.current?.setTypes(options.types);
  }, [options.types]);

  return { containerRef: setElement, status, error };
}
