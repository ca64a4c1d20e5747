import { useId, useRef, useState } from 'react';
import { useJsonEditor } from '../../hooks/use-json-editor.ts';
import { EditorToolbar, isRunKey } from '../EditorToolbar/EditorToolbar.tsx';
import controls from '../shared/controls.module.css';
import textStyles from '../shared/text.module.css';
import styles from './ArgumentsEditor.module.css';

export interface ArgumentsEditorProps {
  value: string;
  /** The tool's parameter schema: Monaco validates and completes against it. */
  schema: object;
  toolName: string;
  onChange(value: string): void;
  onRun(): void;
}

/**
 * The arguments as JSON: a plain text area at first (it works before Monaco loads and stays available),
 * replaced by a Monaco editor with schema validation and completion once the user focuses it, unless
 * the plain editor is chosen.
 */
export function ArgumentsEditor({ value, schema, toolName, onChange, onRun }: ArgumentsEditorProps) {
  const id = useId();
  const [wantCode, setWantCode] = useState(true);
  const [touched, setTouched] = useState(false);
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const editor = useJsonEditor({
    enabled: wantCode && touched,
    value,
    schema,
    ariaLabel: `Arguments of ${toolName} (JSON)`,
    onChange,
    onRun,
    caret: () =>
      textarea.current && document.activeElement === textarea.current
        ? textarea.current.selectionStart
        : undefined,
  });
  const showCode = editor.status === 'ready';
  return (
    <div data-editor={showCode ? 'monaco' : 'plain'}>
      <EditorToolbar
        inputId={id}
        label={
          <>
            Arguments of <code>{toolName}</code> (JSON)
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
        <div className={controls.monacoHost} ref={editor.containerRef} data-testid="monaco-host" />
      ) : (
        <textarea
          id={id}
          ref={textarea}
          className={controls.codeInput}
          data-testid="arguments-input"
          rows={8}
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
      {showCode && (
        <div data-testid="schema-problems" aria-live="polite">
          {editor.problems.length === 0 ? (
            <p className={textStyles.note}>No problems against the schema of {toolName}.</p>
          ) : (
            <ul className={styles.problems}>
              {editor.problems.map((problem) => (
                <li
                  key={`${problem.line}:${problem.column}:${problem.message}`}
                  className={styles[problem.severity]}
                >
                  Line {problem.line}, column {problem.column}: {problem.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
