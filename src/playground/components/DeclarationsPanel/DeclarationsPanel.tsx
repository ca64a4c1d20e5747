import { useId } from 'react';
import { usePlayground } from '../../hooks/use-playground.ts';
import { useStoreState } from '../../hooks/use-store-state.ts';
import { DECLARATION_FORMATS, isDeclarationFormat } from '../../state/declarations-store.ts';
import { formatCount } from '../../state/text.ts';
import { Panel } from '../Panel/Panel.tsx';
import { TextView } from '../TextView/TextView.tsx';
import { VisibleText } from '../VisibleText/VisibleText.tsx';
import { SavingsTable } from './SavingsTable.tsx';

const LABELS: Record<string, string> = {
  catalog: 'catalog form',
  'openai-chat': 'OpenAI chat',
  'openai-responses': 'OpenAI responses',
  anthropic: 'Anthropic',
  gemini: 'Gemini',
  mcp: 'MCP',
};

const firstLine = (text: string): string => text.split('\n', 1)[0]?.trim() ?? '';

/** The exact tool list the model gets next, in the chosen format, with its tokens and savings. */
export function DeclarationsPanel() {
  const { declarations, runtime } = usePlayground();
  const state = useStoreState(declarations.store);
  useStoreState(runtime.store);
  const selectId = useId();
  const added = new Set(state.activation?.added ?? []);
  return (
    <Panel
      title="Declarations — what the model gets next"
      testId="declarations"
      aside={
        <span className="count">
          {state.declarations.length} tools ·{' '}
          <span data-testid="token-count">
            {state.tokens === null ? 'counting…' : formatCount(state.tokens)}
          </span>{' '}
          tokens
        </span>
      }
    >
      {state.activation && (
        <div className="activation" data-testid="activation" role="status">
          <p>
            {state.activation.by ? (
              <>
                <code>{state.activation.by}</code> activated{' '}
              </>
            ) : (
              'Activated '
            )}
            {state.activation.added.length} {state.activation.added.length === 1 ? 'tool' : 'tools'}: the next
            request declares
          </p>
          <ul className="diff-list">
            {state.activation.added.map((name) => (
              <li key={name} className="diff-added">
                <span aria-hidden="true">+ </span>
                <code>{name}</code>
              </li>
            ))}
          </ul>
          <button type="button" className="link" onClick={() => declarations.dismissActivation()}>
            Dismiss
          </button>
        </div>
      )}
      <ol className="declaration-list" aria-label="Declared tools">
        {state.declarations.map((spec) => (
          <li
            key={spec.name}
            className={`declaration ${added.has(spec.name) ? 'is-new' : ''}`}
            data-testid="declaration"
          >
            <code className="declaration-name" data-testid="declaration-name">
              {spec.name}
            </code>
            {added.has(spec.name) && <span className="badge badge-new">new</span>}
            <span className="declaration-summary">
              <VisibleText text={firstLine(spec.description)} />
            </span>
          </li>
        ))}
      </ol>
      <div className="toolbar">
        <label htmlFor={selectId}>Format</label>
        <select
          id={selectId}
          data-testid="provider-select"
          value={state.format}
          onChange={(event) => {
            if (isDeclarationFormat(event.target.value)) declarations.setFormat(event.target.value);
          }}
        >
          {DECLARATION_FORMATS.map((format) => (
            <option key={format} value={format}>
              {LABELS[format] ?? format}
            </option>
          ))}
        </select>
        <span className="note">
          <span data-testid="declaration-tokens">
            {state.tokens === null ? 'counting…' : formatCount(state.tokens)}
          </span>{' '}
          tokens (o200k)
        </span>
      </div>
      {state.loadError && (
        <p className="error" role="alert">
          Could not load the provider formats and the tokenizer: {state.loadError}
        </p>
      )}
      <TextView
        text={state.json}
        label={`Declarations as ${LABELS[state.format] ?? state.format} JSON`}
        testId="declaration-json"
      />
      {state.breakdown && (
        <details className="savings-details" open>
          <summary>Savings per exposure mode</summary>
          <SavingsTable breakdown={state.breakdown} />
        </details>
      )}
    </Panel>
  );
}
