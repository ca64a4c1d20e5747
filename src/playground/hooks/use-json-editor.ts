import { useRef, useState } from 'react';
import type { EditorProblem } from '../monaco/json-editor.ts';
import {
  type CodeFieldOptions,
  cachedImport,
  type UseLazyEditor,
  useEditorSync,
  useLazyEditor,
} from './use-lazy-editor.ts';

/** Loads the Monaco chunk once (it is about 1 MB gzipped, so only when asked for). */
const loadJsonEditor: () => Promise<typeof import('../monaco/json-editor.ts')> = cachedImport(
  () => import('../monaco/json-editor.ts'),
);

export interface UseJsonEditorOptions extends CodeFieldOptions {
  schema: object;
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

  useEditorSync(editor, options.value, (mounted, value) => mounted.setValue(value));
  useEditorSync(editor, options.schema, (mounted, schema) => mounted.setSchema(schema));

  return { ...state, problems };
}
