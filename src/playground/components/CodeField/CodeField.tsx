import { type ReactNode, type Ref, type TextareaHTMLAttributes, useState } from 'react';
import type { UseLazyEditor } from '../../hooks/use-lazy-editor.ts';
import { EditorToolbar, runOnKey } from '../EditorToolbar/EditorToolbar.tsx';
import controls from '../shared/controls.module.css';
import textStyles from '../shared/text.module.css';

export interface CodeTextAreaProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'onKeyDown'> {
  value: string;
  onChange(value: string): void;
  /** Ctrl/Cmd+Enter. */
  onRun(): void;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A plain text area for JSON or code: monospace, no spell checking, Ctrl/Cmd+Enter runs. */
export function CodeTextArea({ value, onChange, onRun, ...rest }: CodeTextAreaProps) {
  return (
    <textarea
      className={controls.codeInput}
      spellCheck={false}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={runOnKey(onRun)}
      {...rest}
    />
  );
}

/** Whether the user wants the code editor, and whether Monaco may load (only once the field was touched). */
export interface CodeToggle {
  wantCode: boolean;
  /** Mount Monaco: wanted, and the field was focused or the toggle pressed. */
  enabled: boolean;
  touch(): void;
  toggle(): void;
}

export function useCodeToggle(): CodeToggle {
  const [wantCode, setWantCode] = useState(true);
  const [touched, setTouched] = useState(false);
  return {
    wantCode,
    enabled: wantCode && touched,
    touch: () => setTouched(true),
    toggle: () => {
      setWantCode(!wantCode);
      setTouched(true);
    },
  };
}

export interface LazyCodeFieldProps {
  /** The id of the plain text area (`children`), which the label names. */
  inputId: string;
  label: ReactNode;
  toggle: CodeToggle;
  editor: Pick<UseLazyEditor<unknown>, 'status' | 'error' | 'containerRef'>;
  /** `data-testid` of the element Monaco renders into. */
  hostTestId: string;
  /** The plain text area, shown until Monaco is ready (and whenever it is not wanted). */
  children: ReactNode;
}

/**
 * An editable field that starts as a plain text area (it works before Monaco loads and stays
 * available) and becomes a Monaco editor once ready: the toolbar with its label and toggle, then one
 * or the other.
 */
export function LazyCodeField({ inputId, label, toggle, editor, hostTestId, children }: LazyCodeFieldProps) {
  return (
    <>
      <EditorToolbar
        inputId={inputId}
        label={label}
        wantCode={toggle.wantCode}
        onToggle={toggle.toggle}
        status={editor.status}
        error={editor.error}
      />
      {editor.status === 'ready' ? (
        <>
          <div className={controls.monacoHost} ref={editor.containerRef} data-testid={hostTestId} />
          {/* The editor keeps Tab for indenting: without this, a keyboard user is trapped in it. */}
          <p className={textStyles.note} data-testid="editor-keys">
            In the editor, Tab indents. Press Ctrl+M (Ctrl+Shift+M on a Mac) to make Tab move the focus, or
            turn the code editor off.
          </p>
        </>
      ) : (
        children
      )}
    </>
  );
}
