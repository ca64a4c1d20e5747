import { useId, useRef } from 'react';
import { useJsonEditor } from '../../hooks/use-json-editor.ts';
import { CodeTextArea, LazyCodeField, useCodeToggle } from '../CodeField/CodeField.tsx';
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
  const toggle = useCodeToggle();
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const editor = useJsonEditor({
    enabled: toggle.enabled,
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
      <LazyCodeField
        inputId={id}
        label={
          <>
            Arguments of <code>{toolName}</code> (JSON)
          </>
        }
        toggle={toggle}
        editor={editor}
        hostTestId="monaco-host"
      >
        <CodeTextArea
          id={id}
          ref={textarea}
          data-testid="arguments-input"
          rows={8}
          value={value}
          onFocus={toggle.touch}
          onChange={onChange}
          onRun={onRun}
        />
      </LazyCodeField>
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
