import type { KeyboardEvent, ReactNode } from 'react';
import type { UseLazyEditor } from '../../hooks/use-lazy-editor.ts';
import controls from '../shared/controls.module.css';
import textStyles from '../shared/text.module.css';

export interface EditorToolbarProps {
  /** The id of the plain text area the label names. */
  inputId: string;
  label: ReactNode;
  /** Whether the user wants the code editor (the toggle's pressed state). */
  wantCode: boolean;
  onToggle(): void;
  status: UseLazyEditor<unknown>['status'];
  error: string | null;
}

/** Ctrl/Cmd+Enter: runs the call from a plain text area, as it does in Monaco. */
export const isRunKey = (event: KeyboardEvent): boolean =>
  event.key === 'Enter' && (event.ctrlKey || event.metaKey);

/** Ctrl/Cmd+Enter in a field runs the call. */
export const runOnKey =
  (run: () => void) =>
  (event: KeyboardEvent): void => {
    if (isRunKey(event)) {
      event.preventDefault();
      run();
    }
  };

/** The label, the "Code editor" toggle and the loading/failure status above an editable field. */
export function EditorToolbar({ inputId, label, wantCode, onToggle, status, error }: EditorToolbarProps) {
  return (
    <div className={controls.toolbar}>
      <label htmlFor={inputId}>{label}</label>
      <button type="button" className={controls.small} aria-pressed={wantCode} onClick={onToggle}>
        Code editor
      </button>
      <span className={textStyles.note} role="status">
        {status === 'loading'
          ? 'Loading the code editor…'
          : status === 'failed'
            ? `Code editor unavailable: ${error}`
            : ''}
      </span>
    </div>
  );
}
