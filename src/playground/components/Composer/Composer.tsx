import { type KeyboardEvent, lazy, Suspense, useId, useMemo } from 'react';
import { usePlayground } from '../../hooks/use-playground.ts';
import { useStoreState } from '../../hooks/use-store-state.ts';
import { CODEMODE_TOOL, RAW_EXAMPLES } from '../../state/composer-store.ts';
import { ArgumentsEditor } from '../ArgumentsEditor/ArgumentsEditor.tsx';
import { isRunKey } from '../EditorToolbar/EditorToolbar.tsx';
import { Panel } from '../Panel/Panel.tsx';

/** Loaded when the codemode tool is first selected. */
const ScriptEditor = lazy(() =>
  import('../ScriptEditor/ScriptEditor.tsx').then((module) => ({ default: module.ScriptEditor })),
);

const EMPTY_SCHEMA = { type: 'object' };

/**
 * The call composer: caller (model or codemode), a tool the caller may call, its arguments (Monaco,
 * lazily), or a raw call as a model API returns it; run with the button or Ctrl/Cmd+Enter, abort.
 */
export function Composer() {
  const playground = usePlayground();
  const { composer, runtime } = playground;
  const state = useStoreState(composer.store);
  const runtimeState = useStoreState(runtime.store);
  const toolId = useId();
  const rawId = useId();
  const timeoutId = useId();
  const tools = composer.callableTools();
  const spec = state.tool === null ? undefined : runtimeState.suite.get(state.tool)?.spec;
  const run = () => void composer.run();
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (isRunKey(event)) {
      event.preventDefault();
      run();
    }
  };
  const codemodeEnabled = runtimeState.codemode !== null;
  const { codemode, session, revision } = runtimeState;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the declarations change with the revision
  const types = useMemo(() => (codemode ? codemode.fullTypes(session) : ''), [codemode, session, revision]);
  const isScript = state.tool === CODEMODE_TOOL && codemodeEnabled;
  return (
    <Panel title="Call composer" testId="composer" className="composer">
      <div className="toolbar">
        <fieldset className="segmented">
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
        <fieldset className="segmented">
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
      {state.caller === 'codemode' && (
        <p className="note" data-testid="codemode-note">
          Only tools a codemode script may call are listed; calls run with <code>caller: "codemode"</code>.{' '}
          {codemodeEnabled
            ? 'Pick the model caller and the codemode tool to write a script that calls them.'
            : 'The codemode tool is loading.'}
        </p>
      )}
      {state.tab === 'arguments' ? (
        <div>
          <div className="toolbar">
            <label htmlFor={toolId}>Tool</label>
            <select
              id={toolId}
              data-testid="tool-picker"
              value={state.tool ?? ''}
              onChange={(event) => composer.selectTool(event.target.value)}
              onKeyDown={onKeyDown}
              disabled={tools.length === 0}
            >
              {tools.length === 0 && <option value="">no callable tool</option>}
              {tools.map((tool) => (
                <option key={tool.name} value={tool.name}>
                  {tool.name}
                </option>
              ))}
            </select>
            <span className="note">
              {tools.length} callable by the {state.caller === 'model' ? 'model' : 'codemode script'}
            </span>
          </div>
          {spec && <p className="note tool-description">{spec.description.split('\n', 1)[0]}</p>}
          {isScript && (
            <Suspense fallback={<p className="note">Loading the script editor…</p>}>
              <ScriptEditor
                value={state.script}
                types={types}
                onChange={(text) => composer.setScript(text)}
                onRun={run}
              />
            </Suspense>
          )}
          {state.tool !== null && !isScript && (
            <ArgumentsEditor
              value={composer.argumentsText()}
              schema={spec?.parameters ?? EMPTY_SCHEMA}
              toolName={state.tool}
              onChange={(text) => composer.setArguments(text)}
              onRun={run}
            />
          )}
        </div>
      ) : (
        <div>
          <div className="toolbar">
            <span className="note">Fill with a call of the selected tool as:</span>
            {RAW_EXAMPLES.map((example) => (
              <button
                key={example.id}
                type="button"
                className="small"
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
          <textarea
            id={rawId}
            className="code-input"
            data-testid="raw-input"
            rows={8}
            spellCheck={false}
            value={state.raw}
            onChange={(event) => composer.setRaw(event.target.value)}
            onKeyDown={onKeyDown}
          />
        </div>
      )}
      <div className="toolbar run-bar">
        <button
          type="button"
          className="primary"
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
        <span className="note">Ctrl/⌘ + Enter runs</span>
        <label htmlFor={timeoutId}>Timeout (s)</label>
        <input
          id={timeoutId}
          className="narrow"
          type="number"
          min={0}
          step={1}
          value={state.timeoutSeconds}
          onChange={(event) => composer.setTimeoutSeconds(Number(event.target.value))}
        />
      </div>
      <p className="note" role="status" data-testid="composer-status">
        {state.running
          ? `Running ${state.tab === 'raw' ? 'the raw call' : state.tool}…`
          : (state.status ?? '')}
      </p>
    </Panel>
  );
}
