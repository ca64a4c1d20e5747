import { useScriptEditor } from '../../hooks/use-script-editor.ts';
import { CodeField, useEditorChoice } from '../CodeField/CodeField.tsx';
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
  const choice = useEditorChoice();
  const editor = useScriptEditor({
    enabled: choice.enabled,
    value,
    types,
    ariaLabel: 'Codemode script (JavaScript)',
    onChange,
    onRun,
  });
  return (
    <CodeField
      choice={choice}
      editor={editor}
      label={
        <>
          Script of <code>codemode</code> (the body of an async function)
        </>
      }
      value={value}
      onChange={onChange}
      onRun={onRun}
      rows={10}
      testIds={{ monaco: 'script-monaco-host', plain: 'script-input' }}
    >
      <details className={styles.types} data-testid="script-types">
        <summary>Declarations the script sees</summary>
        <pre>
          <VisibleText text={types} />
        </pre>
      </details>
    </CodeField>
  );
}
