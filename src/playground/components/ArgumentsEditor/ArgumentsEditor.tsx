import { useRef } from 'react';
import { useJsonEditor } from '../../hooks/use-json-editor.ts';
import { CodeField, useEditorChoice } from '../CodeField/CodeField.tsx';
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
  const choice = useEditorChoice();
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const editor = useJsonEditor({
    enabled: choice.enabled,
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
  return (
    <CodeField
      choice={choice}
      editor={editor}
      label={
        <>
          Arguments of <code>{toolName}</code> (JSON)
        </>
      }
      value={value}
      onChange={onChange}
      onRun={onRun}
      rows={8}
      testIds={{ monaco: 'monaco-host', plain: 'arguments-input' }}
      textareaRef={textarea}
    >
      {editor.status === 'ready' && (
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
    </CodeField>
  );
}
