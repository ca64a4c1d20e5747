import { type ChangeEvent, useId } from 'react';
import { usePlayground } from '../../hooks/use-playground.ts';
import { useStoreState } from '../../hooks/use-store-state.ts';

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
      className="backend-status"
      data-testid="backend-status"
      data-phase={state.phase}
      data-backend={state.active ?? ''}
    >
      <p className="backend-message" role="status" aria-live="polite">
        <span className={`dot dot-${state.phase}`} aria-hidden="true" />
        <strong>{state.active === 'webcontainer' ? 'WebContainer' : 'Embedded shell'}</strong>{' '}
        <span data-testid="backend-message">{state.message}</span>
      </p>
      {state.fallbackReason && (
        <p className="fallback" data-testid="backend-fallback">
          WebContainer unavailable: the tools keep using the embedded shell. {state.fallbackReason}
        </p>
      )}
      {state.lastReset && (
        <p className="warning" data-testid="backend-reset">
          {state.lastReset}
        </p>
      )}
      <div className="backend-controls">
        <fieldset className="segmented">
          <legend className="visually-hidden">Backend</legend>
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
          className="narrow"
        />
      </div>
    </div>
  );
}
