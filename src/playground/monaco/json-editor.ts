/**
 * The Monaco JSON editor of the call composer, loaded lazily (`import('./json-editor.ts')`): Monaco is
 * bundled (no CDN), its editor and JSON workers come in through Vite `?worker` imports, and the JSON
 * language validates and completes against the selected tool's parameter schema. No external host is
 * contacted: both workers start as same-origin module workers.
 */
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/register.all';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import { createCodeEditor } from './code-editor.ts';

(globalThis as { MonacoEnvironment?: unknown }).MonacoEnvironment = {
  getWorker: (_id: string, label: string) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
};

/** A validation problem Monaco found, as the page lists it. */
export interface EditorProblem {
  line: number;
  column: number;
  message: string;
  severity: 'error' | 'warning' | 'info';
}

export interface JsonEditorOptions {
  value: string;
  /** JSON Schema the text is validated and completed against. */
  schema: object;
  /** Accessible name of the editor. */
  ariaLabel: string;
  dark: boolean;
  onChange(value: string): void;
  onRun(): void;
  onProblems(problems: EditorProblem[]): void;
}

export interface JsonEditor {
  setValue(value: string): void;
  setSchema(schema: object): void;
  setDark(dark: boolean): void;
  focus(offset?: number): void;
  dispose(): void;
}

let counter = 0;

function applySchema(uri: monaco.Uri, schema: object): void {
  jsonDefaults.setDiagnosticsOptions({
    validate: true,
    allowComments: false,
    schemas: [{ uri: `inmemory://schema/${uri.path}`, fileMatch: [uri.toString()], schema }],
  });
}

/** Creates an editor in `container`. One at a time: the JSON diagnostics options are global. */
export function createJsonEditor(container: HTMLElement, options: JsonEditorOptions): JsonEditor {
  counter += 1;
  const uri = monaco.Uri.parse(`inmemory://args/arguments-${counter}.json`);
  applySchema(uri, options.schema);
  const code = createCodeEditor(container, {
    value: options.value,
    language: 'json',
    uri,
    ariaLabel: options.ariaLabel,
    dark: options.dark,
    onChange: options.onChange,
    onRun: options.onRun,
    editorOptions: { quickSuggestions: { strings: true, other: true, comments: false } },
  });
  const severity = (value: monaco.MarkerSeverity): EditorProblem['severity'] =>
    value === monaco.MarkerSeverity.Error
      ? 'error'
      : value === monaco.MarkerSeverity.Warning
        ? 'warning'
        : 'info';
  const markers = monaco.editor.onDidChangeMarkers((uris) => {
    if (!uris.some((changed) => changed.toString() === uri.toString())) return;
    options.onProblems(
      monaco.editor.getModelMarkers({ resource: uri }).map((marker) => ({
        line: marker.startLineNumber,
        column: marker.startColumn,
        message: marker.message,
        severity: severity(marker.severity),
      })),
    );
  });
  return {
    setValue: code.setValue,
    setSchema: (schema) => applySchema(uri, schema),
    setDark: code.setDark,
    focus(offset) {
      if (offset !== undefined) code.editor.setPosition(code.model.getPositionAt(offset));
      code.editor.focus();
    },
    dispose() {
      markers.dispose();
      code.dispose();
    },
  };
}
