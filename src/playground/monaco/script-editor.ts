/**
 * The Monaco JavaScript editor of a codemode script, loaded lazily (`import('./script-editor.ts')`) and
 * only when a script is edited: it brings the TypeScript language service worker (several MB, bundled,
 * no CDN). The generated declarations of the tools a script may call (`declare const tools: {...}`) are
 * added as an extra lib, so `tools.` completes with every callable tool and its arguments.
 */
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/register.all';
import 'monaco-editor/languages/definitions/javascript/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';
import { javascriptDefaults, ScriptTarget } from 'monaco-editor/languages/features/typescript/register';
import TsWorker from 'monaco-editor/languages/features/typescript/ts.worker?worker';
import { createCodeEditor } from './code-editor.ts';

(globalThis as { MonacoEnvironment?: unknown }).MonacoEnvironment = {
  getWorker: (_id: string, label: string) => {
    if (label === 'json') return new JsonWorker();
    if (label === 'typescript' || label === 'javascript') return new TsWorker();
    return new EditorWorker();
  },
};

/** A script is the body of an async function: top-level `await` and `return` must not be flagged. */
const IGNORED_DIAGNOSTICS = [1108, 1375, 1378, 80004, 80005, 7044];

javascriptDefaults.setCompilerOptions({
  target: ScriptTarget.ES2020,
  allowNonTsExtensions: true,
  checkJs: true,
  noLib: false,
  lib: ['es2020'],
});
javascriptDefaults.setDiagnosticsOptions({
  noSemanticValidation: false,
  noSyntaxValidation: false,
  diagnosticCodesToIgnore: IGNORED_DIAGNOSTICS,
});

export interface ScriptEditorOptions {
  value: string;
  /** The generated declarations, every tool in full (`handle.fullTypes(session)`). */
  types: string;
  ariaLabel: string;
  dark: boolean;
  onChange(value: string): void;
  onRun(): void;
}

export interface ScriptEditor {
  setValue(value: string): void;
  setTypes(types: string): void;
  setDark(dark: boolean): void;
  focus(): void;
  dispose(): void;
}

const TYPES_PATH = 'ts:codemode/tools.d.ts';
let counter = 0;
let lib: monaco.IDisposable | null = null;

function applyTypes(types: string): void {
  lib?.dispose();
  lib = javascriptDefaults.addExtraLib(types, TYPES_PATH);
}

/** Creates an editor in `container`. One at a time: the declarations lib is global. */
export function createScriptEditor(container: HTMLElement, options: ScriptEditorOptions): ScriptEditor {
  counter += 1;
  applyTypes(options.types);
  const code = createCodeEditor(container, {
    value: options.value,
    language: 'javascript',
    uri: monaco.Uri.parse(`inmemory://codemode/script-${counter}.js`),
    ariaLabel: options.ariaLabel,
    dark: options.dark,
    onChange: options.onChange,
    onRun: options.onRun,
  });
  return {
    setValue: code.setValue,
    setTypes: applyTypes,
    setDark: code.setDark,
    focus: () => code.editor.focus(),
    dispose: code.dispose,
  };
}
