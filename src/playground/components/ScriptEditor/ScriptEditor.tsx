import { useId } from 'react';
import { useScriptEditor } from '../../hooks/use-script-editor.ts';
import { CodeTextArea, LazyCodeField, useCodeToggle } from '../CodeField/CodeField.tsx';
import { VisibleText } from '../VisibleText/VisibleText.tsx';
import styles from './ScriptEditor.module.css';

export interface ScriptEditorProps {
  value: string;
  /** The generated declarations of the tools the script may call (`declare const tools: {...}`). */
  types: string;
  onChange(value: string): void;
  onRun(): void;
}

/**
 * The script of a `codemode` call: a plain text area at first, replaced by a Monaco JavaScript editor
 * that completes `tools.` from the generated declarations once the user focuses it (unless the plain
 * editor is chosen). The declarations are also shown beside it, as text.
 */
export function ScriptEditor({ value, types, onChange, onRun }: ScriptEditorProps) {
  const id = useId();
  const toggle = useCodeToggle();
  const editor = useScriptEditor({
    enabled: toggle.enabled,
    value,
    types,
    ariaLabel: 'Codemode script (JavaScript)',
    onChange,
    onRun,
  });
  return (
    <div data-editor={editor.status === 'ready' ? 'monaco' : 'plain'}>
      <LazyCodeField
        inputId={id}
        label={
          <>
            Script of <code>codemode</code> (the body of an async function)
          </>
        }
        toggle={toggle}
        editor={editor}
        hostTestId="script-monaco-host"
      >
        <CodeTextArea
          id={id}
          data-testid="script-input"
          rows={10}
          value={value}
          onFocus={toggle.touch}
          onChange={onChange}
          onRun={onRun}
        />
      </LazyCodeField>
      <details className={styles.types} data-testid="script-types">
        <summary>Declarations the script sees</summary>
        <pre>
          <VisibleText text={types} />
        </pre>
      </details>
    </div>
  );
}
