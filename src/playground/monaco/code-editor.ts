/**
 * What the playground's Monaco editors share: one editor over one model, Ctrl/Cmd+Enter to run, change
 * events that ignore the editor's own `setValue`, and the system theme. Imported only by the lazily
 * loaded editor modules (json-editor.ts, script-editor.ts), never by the page itself.
 */
import * as monaco from 'monaco-editor/editor';

export interface CodeEditorOptions {
  value: string;
  language: string;
  uri: monaco.Uri;
  ariaLabel: string;
  dark: boolean;
  onChange(value: string): void;
  onRun(): void;
  /** Extra options of `monaco.editor.create`. */
  editorOptions?: monaco.editor.IStandaloneEditorConstructionOptions;
}

export interface CodeEditor {
  readonly editor: monaco.editor.IStandaloneCodeEditor;
  readonly model: monaco.editor.ITextModel;
  /** Replaces the text without reporting it back through `onChange`. */
  setValue(value: string): void;
  setDark(dark: boolean): void;
  dispose(): void;
}

/**
 * Said by screen readers with the editor's name: in the editor Tab indents, so without this a keyboard
 * user is trapped in it. Monaco's own toggle (Ctrl+M, Ctrl+Shift+M on a Mac) makes Tab move focus.
 */
const TAB_TRAP_HINT =
  'Tab inserts indentation here. Press Control+M (Control+Shift+M on a Mac) to make Tab move focus out of the editor; press it again to indent.';

/** Creates a model and an editor in `container`. */
export function createCodeEditor(container: HTMLElement, options: CodeEditorOptions): CodeEditor {
  const model = monaco.editor.createModel(options.value, options.language, options.uri);
  const editor = monaco.editor.create(container, {
    model,
    automaticLayout: true,
    minimap: { enabled: false },
    lineNumbers: 'on',
    scrollBeyondLastLine: false,
    fontSize: 13,
    tabSize: 2,
    ariaLabel: `${options.ariaLabel}. ${TAB_TRAP_HINT}`,
    theme: options.dark ? 'vs-dark' : 'vs',
    fixedOverflowWidgets: true,
    ...options.editorOptions,
  });
  editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => options.onRun());
  let silent = false;
  const changes = model.onDidChangeContent(() => {
    if (!silent) options.onChange(model.getValue());
  });
  return {
    editor,
    model,
    setValue(value) {
      if (value === model.getValue()) return;
      silent = true;
      model.setValue(value);
      silent = false;
    },
    setDark: (dark) => monaco.editor.setTheme(dark ? 'vs-dark' : 'vs'),
    dispose() {
      changes.dispose();
      editor.dispose();
      model.dispose();
    },
  };
}
