import { use, useId } from 'react';
import { usePlayground } from '../../hooks/use-playground.ts';
import { useStoreState } from '../../hooks/use-store-state.ts';
import type { AgentSettings, AgentState, AgentStore } from '../../state/agent-store.ts';
import { formatCount } from '../../state/text.ts';
import { Panel } from '../Panel/Panel.tsx';
import controls from '../shared/controls.module.css';
import textStyles from '../shared/text.module.css';
import { VisibleText } from '../VisibleText/VisibleText.tsx';
import styles from './AgentPanel.module.css';
import { AgentStep } from './AgentStep.tsx';

const PROVIDERS: readonly { id: AgentSettings['provider']; label: string }[] = [
  { id: 'openai-chat', label: 'OpenAI-compatible (chat completions)' },
  { id: 'anthropic', label: 'Anthropic (Messages API)' },
  { id: 'demo', label: 'Demo model (scripted, no key, runs in this page)' },
  { id: 'host', label: "This app's model" },
];

/** The providers the panel offers: the host's model only when the host gave one. */
const providerOptions = (hostModel: boolean) =>
  PROVIDERS.filter((provider) => hostModel || provider.id !== 'host').map((provider) => (
    <option key={provider.id} value={provider.id}>
      {provider.label}
    </option>
  ));

/** The provider, server, model, key and messages of the next run; locked while one runs. */
function AgentSettingsForm({ agent, state }: { agent: AgentStore; state: AgentState }) {
  const { settings } = state;
  const ids = {
    provider: useId(),
    baseURL: useId(),
    model: useId(),
    key: useId(),
    remember: useId(),
    system: useId(),
    message: useId(),
  };
  const set = (patch: Partial<AgentSettings>) => agent.setSettings(patch);
  return (
    <div className={styles.form}>
      <label htmlFor={ids.provider}>Provider</label>
      <select
        id={ids.provider}
        data-testid="agent-provider"
        value={settings.provider}
        onChange={(event) => set({ provider: event.target.value as AgentSettings['provider'] })}
        disabled={state.running}
      >
        {providerOptions(state.hostModel)}
      </select>
      <label htmlFor={ids.baseURL}>Base URL</label>
      <input
        id={ids.baseURL}
        type="url"
        value={settings.baseURL}
        onChange={(event) => set({ baseURL: event.target.value })}
        disabled={state.running}
      />
      <label htmlFor={ids.model}>Model</label>
      <input
        id={ids.model}
        value={settings.model}
        onChange={(event) => set({ model: event.target.value })}
        disabled={state.running}
      />
      <label htmlFor={ids.key}>API key</label>
      <span>
        <input
          id={ids.key}
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder={state.hasKey ? 'set' : 'none (local servers need none)'}
          onChange={(event) => agent.setKey(event.target.value)}
          disabled={state.running}
        />{' '}
        <input
          id={ids.remember}
          type="checkbox"
          checked={settings.rememberKey}
          onChange={(event) => set({ rememberKey: event.target.checked })}
        />{' '}
        <label htmlFor={ids.remember}>Keep in this tab (sessionStorage)</label>
      </span>
      <label htmlFor={ids.system}>System prompt</label>
      <textarea
        id={ids.system}
        rows={2}
        value={settings.system}
        onChange={(event) => set({ system: event.target.value })}
        disabled={state.running}
      />
      <label htmlFor={ids.message}>User message</label>
      <textarea
        id={ids.message}
        rows={3}
        value={settings.message}
        onChange={(event) => set({ message: event.target.value })}
        disabled={state.running}
      />
    </div>
  );
}

/** Where the run is: the step it is at, why it could not start, or how it ended. */
function statusOf(state: AgentState): string {
  if (state.running) return `Step ${state.steps.length}…`;
  if (state.error) return `The agent could not start: ${state.error}`;
  if (state.outcome) return `${state.outcome.detail} (${state.steps.length} steps)`;
  return '';
}

/** Run and Stop, and the run's status. */
function AgentRunBar({ agent, state }: { agent: AgentStore; state: AgentState }) {
  return (
    <div className={`${controls.toolbar} ${controls.runBar}`}>
      <button
        type="button"
        className={controls.primary}
        data-testid="agent-run"
        onClick={() => void agent.run()}
        disabled={state.running}
      >
        {state.running ? 'Running…' : 'Run agent'}
      </button>
      <button type="button" data-testid="agent-stop" onClick={() => agent.stop()} disabled={!state.running}>
        Stop
      </button>
      <span className={textStyles.note} role="status" data-testid="agent-status">
        {statusOf(state)}
      </span>
    </div>
  );
}

/** Test connection: one request for the endpoint's models, and what it showed. */
function ConnectionTest({ agent, state }: { agent: AgentStore; state: AgentState }) {
  const { connection } = state;
  const testing = connection === 'testing';
  return (
    <div className={controls.toolbar}>
      <button
        type="button"
        data-testid="agent-test-connection"
        onClick={() => void agent.testConnection()}
        disabled={testing || state.running}
      >
        {testing ? 'Testing…' : 'Test connection'}
      </button>
      <span
        className={connection !== null && !testing && !connection.ok ? textStyles.error : textStyles.note}
        role="status"
        data-testid="agent-connection"
      >
        {connection === null || testing ? '' : <VisibleText text={connection.text} />}
      </span>
    </div>
  );
}

/**
 * A live agent loop: a real model gets the declarations, its calls run through the suite (each one in
 * the history), and the next request carries the updated declarations. Each step is shown as it happens.
 */
export function AgentPanel() {
  const agent = use(usePlayground().agent());
  const state = useStoreState(agent.store);
  return (
    <Panel title="Agent" testId="agent">
      <p className={textStyles.note} data-testid="agent-key-warning">
        A key used in a browser is visible to that browser: to this page, its extensions and anyone who can
        open its developer tools. It is kept in memory only (or in this tab's sessionStorage if you tick the
        box) and never enters a permalink, an exported session, the history or a log. Prefer a local model or
        a key with a low limit.
      </p>
      <AgentSettingsForm agent={agent} state={state} />
      <ConnectionTest agent={agent} state={state} />
      <AgentRunBar agent={agent} state={state} />
      {state.steps.length > 0 && (
        <ol className={styles.steps} aria-label="Steps of the run">
          {state.steps.map((step) => (
            <AgentStep key={step.index} step={step} />
          ))}
        </ol>
      )}
      {state.outcome && state.outcome.text !== '' && (
        <p className={styles.answer} data-testid="agent-answer">
          <VisibleText text={state.outcome.text} />
        </p>
      )}
      <p className={textStyles.note}>
        {formatCount(state.steps.reduce((sum, step) => sum + step.calls.length, 0))} tool calls in this run.
      </p>
    </Panel>
  );
}
