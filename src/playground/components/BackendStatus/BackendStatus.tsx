import { type ChangeEvent, useId } from 'react';
import { usePlayground } from '../../hooks/use-playground.ts';
import { useStoreState } from '../../hooks/use-store-state.ts';
import controls from '../shared/controls.module.css';
import textStyles from '../shared/text.module.css';
import styles from './BackendStatus.module.css';

/**
 * Which backend the tools act on, its state in words, the WebContainer switch with its boot timeout,
 * and why a WebContainer fell back or the shell was reset.
 */
export function BackendStatus() {
  const { backend } = usePlayground();
  const state = useStoreState(backend.store);
  const timeoutId = useId();
  const busy = state.phase === 'booting' || state.phase === 'starting';
  const onTimeout = (event: ChangeEvent<HTMLInputElement>) =>
    backend.setBootTimeout(Number(event.target.value) * 1000);
  return (
    <div
      className={styles.status}
      data-testid="backend-status"
      data-phase={state.phase}
      data-backend={state.active ?? ''}
    >
      <p className={styles.message} role="status" aria-live="polite">
        <span className={`${styles.dot} ${styles[state.phase] ?? ''}`} aria-hidden="true" />
        <strong>{state.active === 'webcontainer' ? 'WebContainer' : 'Embedded shell'}</strong>{' '}
        <span data-testid="backend-message">{state.message}</span>
      </p>
      {state.fallbackReason && (
        <p className={styles.fallback} data-testid="backend-fallback">
          WebContainer unavailable: the tools keep using the embedded shell. {state.fallbackReason}
        </p>
      )}
      {state.lastReset && (
        <p className={textStyles.warning} data-testid="backend-reset">
          {state.lastReset}
        </p>
      )}
      <div className={styles.controls}>
        <fieldset className={controls.segmented}>
          <legend className={textStyles.visuallyHidden}>Backend</legend>
          <button
            type="button"
            aria-pressed={state.active !== 'webcontainer'}
            disabled={busy}
            onClick={() => void backend.switchToEmbedded()}
          >
            Embedded (Worker)
          </button>
          <button
            type="button"
            aria-pressed={state.active === 'webcontainer'}
            disabled={busy}
            onClick={() => void backend.switchToWebContainer()}
          >
            {state.phase === 'booting' ? 'Starting WebContainer…' : 'WebContainer'}
          </button>
        </fieldset>
        <label htmlFor={timeoutId}>Boot timeout (s)</label>
        <input
          id={timeoutId}
          type="number"
          min={1}
          max={120}
          step={1}
          value={state.bootTimeoutMs / 1000}
          onChange={onTimeout}
          disabled={busy}
          className={controls.narrow}
        />
      </div>
    </div>
  );
}
