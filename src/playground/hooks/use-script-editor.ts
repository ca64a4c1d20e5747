import { useRef } from 'react';
import {
  type CodeFieldOptions,
  cachedImport,
  type UseLazyEditor,
  useEditorSync,
  useLazyEditor,
} from './use-lazy-editor.ts';

/** Loads the Monaco chunk with the TypeScript language service once, only when a script is edited. */
const loadScriptEditor: () => Promise<typeof import('../monaco/script-editor.ts')> = cachedImport(
  () => import('../monaco/script-editor.ts'),
);

export interface UseScriptEditorOptions extends CodeFieldOptions {
  /** The generated declarations of the callable tools. */
  types: string;
}

export type UseScriptEditor = Omit<UseLazyEditor<unknown>, 'editor'>;

/** Mounts a Monaco JavaScript editor while `enabled`, kept in step with `value` and `types`. */
export function useScriptEditor(options: UseScriptEditorOptions): UseScriptEditor {
  const latest = useRef(options);
  latest.current = options;
  const { editor, ...state } = useLazyEditor({
    enabled: options.enabled,
    load: loadScriptEditor,
    create: (module, element, dark) => {
      const created = module.createScriptEditor(element, {
        value: latest.current.value,
        types: latest.current.types,
        ariaLabel: latest.current.ariaLabel,
        dark,
        onChange: (value) => latest.current.onChange(value),
        onRun: () => latest.current.onRun(),
      });
      created.focus();
      return created;
    },
  });

  useEditorSync(editor, options.value, (mounted, value) => mounted.setValue(value));
  useEditorSync(editor, options.types, (mounted, types) => mounted.setTypes(types));

  return state;
}
