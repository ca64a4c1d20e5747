import { useEffect, useRef, useState } from 'react';
import type { EditorProblem } from '../monaco/json-editor.ts';
import { cachedImport, type UseLazyEditor, useLazyEditor } from './use-lazy-editor.ts';

/** Loads the Monaco chunk once (it is about 1 MB gzipped, so only when asked for). */
export const loadJsonEditor: () => Promise<typeof import('../monaco/json-editor.ts')> = cachedImport(
  () => import('../monaco/json-editor.ts'),
);

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

export interface UseJsonEditor extends Omit<UseLazyEditor<unknown>, 'editor'> {
  problems: EditorProblem[];
}

/** Mounts a Monaco JSON editor while `enabled`, kept in step with `value` and `schema`. */
export function useJsonEditor(options: UseJsonEditorOptions): UseJsonEditor {
  const [problems, setProblems] = useState<EditorProblem[]>([]);
  /** The plain text area's caret when Monaco became ready, read while the text area is still there. */
  const caretAtSwap = useRef<number | undefined>(undefined);
  const latest = useRef(options);
  latest.current = options;
  const { editor, ...state } = useLazyEditor({
    enabled: options.enabled,
    load: loadJsonEditor,
    onLoaded: () => {
      caretAtSwap.current = latest.current.caret();
    },
    create: (module, element, dark) => {
      const caret = caretAtSwap.current;
      caretAtSwap.current = undefined;
      const created = module.createJsonEditor(element, {
        value: latest.current.value,
        schema: latest.current.schema,
        ariaLabel: latest.current.ariaLabel,
        dark,
        onChange: (value) => latest.current.onChange(value),
        onRun: () => latest.current.onRun(),
        onProblems: setProblems,
      });
      if (caret !== undefined) created.focus(caret);
      return created;
    },
    onDisposed: () => setProblems([]),
  });

  useEffect(() => {
    editor.current?.setValue(options.value);
  }, [editor, options.value]);

  useEffect(() => {
    editor.current?.setSchema(options.schema);
  }, [editor, options.schema]);

  return { ...state, problems };
}
