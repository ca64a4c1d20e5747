import { usePlayground } from '../../hooks/use-playground.ts';
import { useStoreState } from '../../hooks/use-store-state.ts';
import type { AgentStepView } from '../../state/agent-store.ts';
import { formatCount, shortJson } from '../../state/text.ts';
import { Badge } from '../Badge/Badge.tsx';
import historyStyles from '../HistoryPanel/HistoryPanel.module.css';
import { ResultChannels } from '../ResultChannels/ResultChannels.tsx';
import controls from '../shared/controls.module.css';
import textStyles from '../shared/text.module.css';
import { VisibleText } from '../VisibleText/VisibleText.tsx';
import styles from './AgentPanel.module.css';

export interface AgentStepProps {
  step: AgentStepView;
}

/** One step of an agent run: what the model was declared, what it said and called, and each call's channels. */
export function AgentStep({ step }: AgentStepProps) {
  const { history } = usePlayground();
  const { entries } = useStoreState(history.store);
  return (
    <li className={styles.step} data-testid="agent-step" data-status={step.status}>
      <h3>
        Step {step.index + 1}{' '}
        <span
          className={textStyles.note}
          data-testid="agent-step-declarations"
          data-count={step.declarations.length}
        >
          {step.declarations.length} declarations, {formatCount(step.tokens)} tokens
        </span>
        {step.durationMs !== null && (
          <span className={textStyles.note}> · {formatCount(Math.round(step.durationMs))} ms</span>
        )}
      </h3>
      {step.added.length > 0 && (
        <p className={textStyles.note} data-testid="agent-step-added">
          New since the last step: {step.added.join(', ')}
        </p>
      )}
      <details>
        <summary>Declarations the model got</summary>
        <p className={textStyles.note}>
          <VisibleText text={step.declarations.join(', ')} />
        </p>
      </details>
      {step.status === 'waiting' && <p className={textStyles.note}>Waiting for the model…</p>}
      {step.error && (
        <p className={textStyles.errorBanner} role="alert">
          <VisibleText text={step.error} />
        </p>
      )}
      {step.text !== '' && (
        <p className={styles.text} data-testid="agent-step-text">
          <VisibleText text={step.text} />
        </p>
      )}
      {step.calls.length > 0 && (
        <ol>
          {step.calls.map((call) => {
            const entry =
              call.historyId === null ? undefined : entries.find((item) => item.id === call.historyId);
            return (
              <li key={call.id} data-testid="agent-call" data-error={call.isError ?? undefined}>
                <code>
                  <VisibleText text={call.name} />
                </code>{' '}
                <span className={historyStyles.args}>
                  <VisibleText text={shortJson(call.args, 80)} />
                </span>{' '}
                {call.isError && <Badge tone="error">error</Badge>}
                {entry ? (
                  <>
                    <button type="button" className={controls.small} onClick={() => history.select(entry.id)}>
                      Show call #{entry.id} in the history
                    </button>
                    <details>
                      <summary>Channels</summary>
                      <ResultChannels
                        record={entry}
                        idPrefix={`agent-${step.index}-`}
                        scope={`Call #${entry.id}`}
                      />
                    </details>
                  </>
                ) : (
                  call.isError === null && <span className={textStyles.note}>running…</span>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </li>
  );
}
