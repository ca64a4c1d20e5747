import { lazy, Suspense } from 'react';
import { usePlayground } from '../../hooks/use-playground.ts';
import { useStoreState } from '../../hooks/use-store-state.ts';
import {
  type Activation,
  DECLARATION_FORMATS,
  type DeclarationsState,
  isDeclarationFormat,
} from '../../state/declarations-store.ts';
import { formatLabel } from '../../state/format-labels.ts';
import { formatCount } from '../../state/text.ts';
import { Badge } from '../Badge/Badge.tsx';
import { CopyButton } from '../CopyButton/CopyButton.tsx';
import { LabelledSelect } from '../LabelledSelect/LabelledSelect.tsx';
import { Panel, PanelCount } from '../Panel/Panel.tsx';
import { classNames } from '../shared/class-names.ts';
import controls from '../shared/controls.module.css';
import textStyles from '../shared/text.module.css';
import { TextView } from '../TextView/TextView.tsx';
import { VisibleText } from '../VisibleText/VisibleText.tsx';
import styles from './DeclarationsPanel.module.css';

/** The savings table needs exact token counts, so it shows after the tokenizer: it loads lazily too. */
const SavingsTable = lazy(() =>
  import('./SavingsTable.tsx').then((module) => ({ default: module.SavingsTable })),
);

const firstLine = (text: string): string => text.split('\n', 1)[0]?.trim() ?? '';

/** The tools a call just activated, until dismissed. */
function ActivationNotice({ activation }: { activation: Activation }) {
  const { declarations } = usePlayground();
  return (
    <div className={styles.activation} data-testid="activation" role="status">
      <p>
        {activation.by ? (
          <>
            <code>{activation.by}</code> activated{' '}
          </>
        ) : (
          'Activated '
        )}
        {activation.added.length} {activation.added.length === 1 ? 'tool' : 'tools'}: the next request
        declares
      </p>
      <ul className={styles.addedList}>
        {activation.added.map((name) => (
          <li key={name} className={styles.added}>
            <span aria-hidden="true">+ </span>
            <code>{name}</code>
          </li>
        ))}
      </ul>
      <button type="button" className={controls.link} onClick={() => declarations.dismissActivation()}>
        Dismiss
      </button>
    </div>
  );
}

/**
 * The token count: exact once the tokenizer has loaded; before that a quick estimate marked "≈" (its
 * title says so), or "counting…" where there is none.
 */
function TokenCount({ state, testId }: { state: DeclarationsState; testId: string }) {
  if (state.tokens !== null) return <span data-testid={testId}>{formatCount(state.tokens)}</span>;
  if (state.estimatedTokens === null) return <span data-testid={testId}>counting…</span>;
  return (
    <span
      data-testid={testId}
      data-estimate="true"
      title="An estimate: the exact o200k count follows when the tokenizer has loaded"
    >
      ≈{formatCount(state.estimatedTokens)}
    </span>
  );
}

/** The format picker and the token count of the list in that format. */
function FormatPicker() {
  const { declarations } = usePlayground();
  const state = useStoreState(declarations.store);
  return (
    <LabelledSelect
      label="Format"
      note={
        <>
          <TokenCount state={state} testId="declaration-tokens" /> tokens (o200k)
        </>
      }
      data-testid="provider-select"
      value={state.format}
      onChange={(event) => {
        if (isDeclarationFormat(event.target.value)) declarations.setFormat(event.target.value);
      }}
    >
      {DECLARATION_FORMATS.map((format) => (
        <option key={format} value={format}>
          {formatLabel(format)}
        </option>
      ))}
    </LabelledSelect>
  );
}

/**
 * Copy and Download of the whole list in the chosen format: the full text, even where the view cuts a
 * long line.
 */
function TakeAway({ format, text }: { format: string; text: string }) {
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `declarations-${format}.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <div className={controls.toolbar}>
      <CopyButton text={() => text} label={`Copy (${formatLabel(format)})`} testId="copy-declarations" />
      <button type="button" onClick={download} data-testid="download-declarations">
        Download declarations-{format}.json
      </button>
    </div>
  );
}

/** The exact tool list the model gets next, in the chosen format, with its tokens and savings. */
export function DeclarationsPanel() {
  const { declarations, runtime, catalog } = usePlayground();
  const state = useStoreState(declarations.store);
  useStoreState(runtime.store);
  const added = new Set(state.activation?.added ?? []);
  const count = (
    <PanelCount>
      {state.declarations.length} tools · <TokenCount state={state} testId="token-count" /> tokens
    </PanelCount>
  );
  return (
    <Panel title="Declarations — what the model gets next" testId="declarations" aside={count}>
      {state.activation && <ActivationNotice activation={state.activation} />}
      <ol className={styles.list} aria-label="Declared tools">
        {state.declarations.map((spec) => (
          <li
            key={spec.name}
            className={classNames(styles.declaration, added.has(spec.name) && styles.isNew)}
            data-testid="declaration"
            data-new={added.has(spec.name)}
          >
            <button
              type="button"
              className={controls.link}
              onClick={() => catalog.showTool(spec.name)}
              title={`Open the view of ${spec.name}`}
            >
              <code className={styles.name} data-testid="declaration-name">
                {spec.name}
              </code>
            </button>
            {added.has(spec.name) && <Badge tone="new">new</Badge>}
            <span className={styles.summary}>
              <VisibleText text={firstLine(spec.description)} />
            </span>
          </li>
        ))}
      </ol>
      <FormatPicker />
      {state.json === null ? (
        <p className={textStyles.muted} role="status" data-testid="declarations-loading">
          Loading the {formatLabel(state.format)} format…
        </p>
      ) : (
        <TakeAway format={state.format} text={state.json} />
      )}
      {state.loadError && (
        <p className={textStyles.error} role="alert">
          Could not load the provider formats and the tokenizer: {state.loadError}
        </p>
      )}
      {state.json !== null && (
        <TextView
          text={state.json}
          label={`Declarations as ${formatLabel(state.format)} JSON`}
          testId="declaration-json"
        />
      )}
      {state.breakdown && (
        <details className={styles.savingsDetails} open>
          <summary>Savings per exposure mode</summary>
          <Suspense fallback={null}>
            <SavingsTable breakdown={state.breakdown} />
          </Suspense>
        </details>
      )}
    </Panel>
  );
}
