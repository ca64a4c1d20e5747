import { useId, useState } from 'react';
import { useScriptEditor } from '../../hooks/use-script-editor.ts';
import { EditorToolbar, isRunKey } from '../EditorToolbar/EditorToolbar.tsx';
import controls from '../shared/controls.module.css';
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
  const [wantCode, setWantCode] = useState(true);
  const [touched, setTouched] = useState(false);
  const editor = useScriptEditor({
    enabled: wantCode && touched,
    value,
    types,
    ariaLabel: 'Codemode script (JavaScript)',
    onChange,
    onRun,
  });
  const showCode = editor.status === 'ready';
  return (
    <div data-editor={showCode ? 'monaco' : 'plain'}>
      <EditorToolbar
        inputId={id}
        label={
          <>
            Script of <code>codemode</code> (the body of an async function)
          </>
        }
        wantCode={wantCode}
        onToggle={() => {
          setWantCode(!wantCode);
          setTouched(true);
        }}
        status={editor.status}
        error={editor.error}
      />
      {showCode ? (
        <div className={controls.monacoHost} ref={editor.containerRef} data-testid="script-monaco-host" />
      ) : (
        <textarea
          id={id}
          className={controls.codeInput}
          data-testid="script-input"
          rows={10}
          spellCheck={false}
          value={value}
          onFocus={() => setTouched(true)}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (isRunKey(event)) {
              event.preventDefault();
              onRun();
            }
          }}
        />
      )}
      <details className={styles.types} data-testid="script-types">
        <summary>Declarations the script sees</summary>
        <pre>
          <VisibleText text={types} />
        </pre>
      </details>
    </div>
  );
}
