import { useEffect, useRef, useState } from 'react';
import type { EditorProblem, JsonEditor } from '../monaco/json-editor.ts';

type JsonEditorModule = typeof import('../monaco/json-editor.ts');

let loading: Promise<JsonEditorModule> | null = null;

/** Loads the Monaco chunk once (it is about 1 MB gzipped, so only when asked for). */
export function loadJsonEditor(): Promise<JsonEditorModule> {
  loading ??= import('../monaco/json-editor.ts');
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

const darkQuery = (): MediaQueryList | null =>
  typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;

export interface UseJsonEditorOptions {
  /** Mount the editor (the Monaco chunk is loaded then). */
  enabled: boolean;
  value: string;
  schema: object;
  ariaLabel: string;
  onChange(value: string): void;
  onRun(): void;
  /** Where the caret was in the plain text area, to put Monaco's there. */
  caret: () => number | undefined;
}

export interface UseJsonEditor {
  /** Attach to the element Monaco renders into. */
  containerRef: (element: HTMLDivElement | null) => void;
  status: 'off' | 'loading' | 'ready' | 'failed';
  error: string | null;
  problems: EditorProblem[];
}

/** Mounts a Monaco JSON editor while `enabled`, kept in step with `value` and `schema`. */
export function useJsonEditor(options: UseJsonEditorOptions): UseJsonEditor {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [status, setStatus] = useState<UseJsonEditor['status']>('off');
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<EditorProblem[]>([]);
  const editor = useRef<JsonEditor | null>(null);
  /** The plain text area's caret when Monaco became ready, read while the text area is still there. */
  const caretAtSwap = useRef<number | undefined>(undefined);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (!options.enabled) {
      setStatus('off');
      return;
    }
    let cancelled = false;
    setStatus((current) => (current === 'ready' ? current : 'loading'));
    loadJsonEditor().then(
      () => {
        if (cancelled) return;
        caretAtSwap.current = latest.current.caret();
        setStatus('ready');
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
    void loadJsonEditor().then((module) => {
      if (disposed) return;
      const query = darkQuery();
      const caret = caretAtSwap.current;
      caretAtSwap.current = undefined;
      const created = module.createJsonEditor(element, {
        value: latest.current.value,
        schema: latest.current.schema,
        ariaLabel: latest.current.ariaLabel,
        dark: query?.matches === true,
        onChange: (value) => latest.current.onChange(value),
        onRun: () => latest.current.onRun(),
        onProblems: setProblems,
      });
      editor.current = created;
      if (caret !== undefined) created.focus(caret);
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
      setProblems([]);
    };
  }, [status, element]);

  useEffect(() => {
    editor.current?.setValue(options.value);
  }, [options.value]);

  useEffect(() => {
    editor.current?.setSchema(options.schema);
  }, [options.schema]);

  return { containerRef: setElement, status, error, problems };
}
