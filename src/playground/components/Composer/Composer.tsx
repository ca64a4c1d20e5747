import { lazy, Suspense, useId, useMemo } from 'react';
import { usePlayground } from '../../hooks/use-playground.ts';
import { useStoreState } from '../../hooks/use-store-state.ts';
import { CODEMODE_TOOL, RAW_EXAMPLES } from '../../state/composer-store.ts';
import { ArgumentsEditor } from '../ArgumentsEditor/ArgumentsEditor.tsx';
import { CodeTextArea } from '../CodeField/CodeField.tsx';
import { runOnKey } from '../EditorToolbar/EditorToolbar.tsx';
import { LabelledSelect } from '../LabelledSelect/LabelledSelect.tsx';
import { Panel } from '../Panel/Panel.tsx';
import controls from '../shared/controls.module.css';
import textStyles from '../shared/text.module.css';
import styles from './Composer.module.css';
import { TryThese } from './TryThese.tsx';

/** Loaded when the codemode tool is first selected. */
const ScriptEditor = lazy(() =>
  import('../ScriptEditor/ScriptEditor.tsx').then((module) => ({ default: module.ScriptEditor })),
);

/** The arguments form: its own chunk, so that the page's first load does not carry it. */
const ArgumentsForm = lazy(() =>
  import('../ArgumentsForm/ArgumentsForm.tsx').then((module) => ({ default: module.ArgumentsForm })),
);

const EMPTY_SCHEMA = { type: 'object' };

/** Props of the parts that can start the call. */
interface RunProps {
  run(): void;
}

/** Who calls (model or codemode script) and how the call is written (tool + arguments, or raw). */
function CallerToolbar() {
  const playground = usePlayground();
  const { composer } = playground;
  const state = useStoreState(composer.store);
  return (
    <div className={controls.toolbar}>
      <fieldset className={controls.segmented}>
        <legend>Caller</legend>
        {(['model', 'codemode'] as const).map((caller) => (
          <button
            key={caller}
            type="button"
            aria-pressed={state.caller === caller}
            onClick={() => {
              composer.setCaller(caller);
              if (caller === 'codemode') void playground.enableCodemode();
            }}
          >
            {caller === 'model' ? 'Model' : 'Codemode script'}
          </button>
        ))}
      </fieldset>
      <fieldset className={controls.segmented}>
        <legend>Call as</legend>
        <button
          type="button"
          aria-pressed={state.tab === 'arguments'}
          onClick={() => composer.setTab('arguments')}
        >
          Tool + arguments
        </button>
        <button type="button" aria-pressed={state.tab === 'raw'} onClick={() => composer.setTab('raw')}>
          Raw call
        </button>
      </fieldset>
    </div>
  );
}

/** What changes when a codemode script is the caller. */
function CodemodeNote({ codemodeEnabled }: { codemodeEnabled: boolean }) {
  return (
    <p className={textStyles.note} data-testid="codemode-note">
      Only tools a codemode script may call are listed; calls run with <code>caller: "codemode"</code>.{' '}
      {codemodeEnabled
        ? 'Pick the model caller and the codemode tool to write a script that calls them.'
        : 'The codemode tool is loading.'}
    </p>
  );
}

/** The tool picker: the tools the chosen caller may call. */
function ToolPicker({ run }: RunProps) {
  const { composer, runtime } = usePlayground();
  const state = useStoreState(composer.store);
  // Which tools are callable changes with the catalog, which the runtime holds.
  useStoreState(runtime.store);
  const tools = composer.callableTools();
  return (
    <LabelledSelect
      label="Tool"
      note={`${tools.length} callable by the ${state.caller === 'model' ? 'model' : 'codemode script'}`}
      data-testid="tool-picker"
      value={state.tool ?? ''}
      onChange={(event) => composer.selectTool(event.target.value)}
      onKeyDown={runOnKey(run)}
      disabled={tools.length === 0}
    >
      {tools.length === 0 && <option value="">no callable tool</option>}
      {tools.map((tool) => (
        <option key={tool.name} value={tool.name}>
          {tool.name}
        </option>
      ))}
    </LabelledSelect>
  );
}

/** "Tool + arguments": the picker, the tool's description, and its arguments (or codemode script). */
function ArgumentsTab({ run }: RunProps) {
  const { composer, runtime } = usePlayground();
  const state = useStoreState(composer.store);
  const { suite, codemode, session, revision } = useStoreState(runtime.store);
  const spec = state.tool === null ? undefined : suite.get(state.tool)?.spec;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the declarations change with the revision
  const types = useMemo(() => (codemode ? codemode.fullTypes(session) : ''), [codemode, session, revision]);
  const isScript = state.tool === CODEMODE_TOOL && codemode !== null;
  return (
    <div>
      <ToolPicker run={run} />
      {spec && (
        <p className={`${textStyles.note} ${styles.toolDescription}`}>{spec.description.split('\n', 1)[0]}</p>
      )}
      {isScript && (
        <Suspense fallback={<p className={textStyles.note}>Loading the script editor…</p>}>
          <ScriptEditor
            value={state.script}
            types={types}
            onChange={(script) => composer.setScript(script)}
            onRun={run}
          />
        </Suspense>
      )}
      {state.tool !== null && !isScript && (
        <Suspense fallback={<p className={textStyles.note}>Loading the arguments form…</p>}>
          <ArgumentsForm
            value={composer.argumentsText()}
            schema={spec?.parameters ?? EMPTY_SCHEMA}
            toolName={state.tool}
            onChange={(json) => composer.setArguments(json)}
            onRun={run}
          />
        </Suspense>
      )}
      {state.tool !== null && !isScript && (
        <ArgumentsEditor
          value={composer.argumentsText()}
          schema={spec?.parameters ?? EMPTY_SCHEMA}
          toolName={state.tool}
          onChange={(json) => composer.setArguments(json)}
          onRun={run}
        />
      )}
    </div>
  );
}

/** "Raw call": a call exactly as a model API returns it, with examples to start from. */
function RawTab({ run }: RunProps) {
  const { composer } = usePlayground();
  const state = useStoreState(composer.store);
  const rawId = useId();
  return (
    <div>
      <div className={controls.toolbar}>
        <span className={textStyles.note}>Fill with a call of the selected tool as:</span>
        {RAW_EXAMPLES.map((example) => (
          <button
            key={example.id}
            type="button"
            className={controls.small}
            onClick={() => composer.fillRaw(example.id)}
          >
            {example.label}
          </button>
        ))}
      </div>
      <label htmlFor={rawId}>
        Raw call, exactly as the model API returned it (OpenAI, Anthropic, Gemini, MCP or{' '}
        {'{name, arguments}'})
      </label>
      <CodeTextArea
        id={rawId}
        data-testid="raw-input"
        rows={8}
        value={state.raw}
        onChange={(raw) => composer.setRaw(raw)}
        onRun={run}
      />
    </div>
  );
}

/** Run, abort, and the timeout of the next call. */
function RunBar({ run }: RunProps) {
  const { composer } = usePlayground();
  const state = useStoreState(composer.store);
  const timeoutId = useId();
  return (
    <div className={`${controls.toolbar} ${controls.runBar}`}>
      <button
        type="button"
        className={controls.primary}
        data-testid="run-button"
        onClick={run}
        disabled={state.running}
      >
        {state.running ? 'Running…' : 'Run'}
      </button>
      <button
        type="button"
        data-testid="abort-button"
        onClick={() => composer.abort()}
        disabled={!state.running}
      >
        Abort
      </button>
      <span className={textStyles.note}>Ctrl/⌘ + Enter runs</span>
      <label htmlFor={timeoutId}>Timeout (s)</label>
      <input
        id={timeoutId}
        className={controls.narrow}
        type="number"
        min={0}
        step={1}
        value={state.timeoutSeconds}
        onChange={(event) => composer.setTimeoutSeconds(Number(event.target.value))}
      />
    </div>
  );
}

/**
 * The call composer: caller (model or codemode), a tool the caller may call, its arguments (Monaco,
 * lazily), or a raw call as a model API returns it; run with the button or Ctrl/Cmd+Enter, abort.
 */
export function Composer() {
  const { composer, runtime } = usePlayground();
  const state = useStoreState(composer.store);
  const codemodeEnabled = useStoreState(runtime.store).codemode !== null;
  const run = () => void composer.run();
  return (
    <Panel title="Call composer" testId="composer" className={styles.composer}>
      <TryThese />
      <CallerToolbar />
      {state.caller === 'codemode' && <CodemodeNote codemodeEnabled={codemodeEnabled} />}
      {state.tab === 'arguments' ? <ArgumentsTab run={run} /> : <RawTab run={run} />}
      <RunBar run={run} />
      <p className={textStyles.note} role="status" data-testid="composer-status">
        {state.running
          ? `Running ${state.tab === 'raw' ? 'the raw call' : state.tool}…`
          : (state.status ?? '')}
      </p>
    </Panel>
  );
}
