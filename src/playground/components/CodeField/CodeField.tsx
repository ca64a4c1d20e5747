import { type ReactNode, type Ref, useId, useState } from 'react';
import type { UseLazyEditor } from '../../hooks/use-lazy-editor.ts';
import { EditorToolbar, isRunKey } from '../EditorToolbar/EditorToolbar.tsx';
import controls from '../shared/controls.module.css';

/** Whether the user wants the code editor and has touched the field yet: Monaco loads once both hold. */
export interface EditorChoice {
  id: string;
  wantCode: boolean;
  /** Mount the code editor: wanted, and the field was focused or the toggle pressed. */
  enabled: boolean;
  toggle(): void;
  touch(): void;
}

/** The code editor is wanted by default, and loads on the first focus of the plain text area. */
export function useEditorChoice(): EditorChoice {
  const id = useId();
  const [wantCode, setWantCode] = useState(true);
  const [touched, setTouched] = useState(false);
  return {
    id,
    wantCode,
    enabled: wantCode && touched,
    toggle: () => {
      setWantCode(!wantCode);
      setTouched(true);
    },
    touch: () => setTouched(true),
  };
}

export interface CodeFieldProps {
  choice: EditorChoice;
  editor: Omit<UseLazyEditor<unknown>, 'editor'>;
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  onRun(): void;
  rows: number;
  /** Test ids of the Monaco host and of the plain text area. */
  testIds: { monaco: string; plain: string };
  textareaRef?: Ref<HTMLTextAreaElement>;
  /** What follows the field (problems, declarations). */
  children?: ReactNode;
}

/**
 * An editable code field: the toolbar (label, "Code editor" toggle, loading status), then Monaco once
 * it is ready, or a plain text area until then (and whenever the plain editor is chosen). Ctrl/Cmd+Enter
 * runs from either.
 */
export function CodeField({
  choice,
  editor,
  label,
  value,
  onChange,
  onRun,
  rows,
  testIds,
  textareaRef,
  children,
}: CodeFieldProps) {
  const showCode = editor.status === 'ready';
  return (
    <div data-editor={showCode ? 'monaco' : 'plain'}>
      <EditorToolbar
        inputId={choice.id}
        label={label}
        wantCode={choice.wantCode}
        onToggle={choice.toggle}
        status={editor.status}
        error={editor.error}
      />
      {showCode ? (
        <div className={controls.monacoHost} ref={editor.containerRef} data-testid={testIds.monaco} />
      ) : (
        <textarea
          id={choice.id}
          ref={textareaRef}
          className={controls.codeInput}
          data-testid={testIds.plain}
          rows={rows}
          spellCheck={false}
          value={value}
          onFocus={choice.touch}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (isRunKey(event)) {
              event.preventDefault();
              onRun();
            }
          }}
        />
      )}
      {children}
    </div>
  );
}
