import { type RefObject, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/index.ts';
import { cachedImport } from '../../hooks/use-lazy-editor.ts';
import { usePlayground } from '../../hooks/use-playground.ts';
import { useStoreState } from '../../hooks/use-store-state.ts';

import { Panel, PanelCount } from '../Panel/Panel.tsx';
import textStyles from '../shared/text.module.css';

type ResultChannelsModule = typeof import('../ResultChannels/ResultChannels.tsx');

/**
 * The channel views (JSON tree, diff, spill links, ...) are a chunk of their own: nothing shows them
 * before the first call, and the panel fetches them right after its first render, so they are there by
 * then. The replay and Agent panels share the chunk.
 */
const loadResultChannels = cachedImport(
  (): Promise<ResultChannelsModule> => import('../ResultChannels/ResultChannels.tsx'),
);

/** Screens this narrow stack the panels, so a new result lands below the fold. */
const NARROW_SCREEN = '(max-width: 800px)';

/**
 * After each call run from the composer: the focus moves to the result when it was on a button (Run,
 * a "Try these" call) or nowhere, so a keyboard or screen reader user lands on what came back (a
 * Ctrl+Enter in an editor keeps the focus there); on a narrow screen the result is scrolled into view.
 */
function useFollowNewResult(): RefObject<HTMLElement | null> {
  const { composer } = usePlayground();
  const anchor = useRef<HTMLElement | null>(null);
  useEffect(
    () =>
      composer.store.on((event) => {
        if (event.type !== 'ran') return;
        const narrow = window.matchMedia(NARROW_SCREEN).matches;
        // After React has drawn the new result.
        requestAnimationFrame(() => {
          const focused = document.activeElement;
          if (!focused || focused === document.body || focused instanceof HTMLButtonElement)
            anchor.current?.focus({ preventScroll: true });
          if (narrow) anchor.current?.scrollIntoView({ block: 'start' });
        });
      }),
    [composer],
  );
  return anchor;
}

/** The channels of the call selected in the history (the latest one by default). */
export function ResultPanel() {
  const { history } = usePlayground();
  const state = useStoreState(history.store);
  const entry = state.entries.find((candidate) => candidate.id === state.selectedId) ?? null;
  const [channels, setChannels] = useState<ResultChannelsModule | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt loads again
  useEffect(() => {
    let live = true;
    loadResultChannels().then(
      (module) => {
        if (!live) return;
        setChannels(module);
        setLoadError(null);
      },
      (error: unknown) => {
        if (live) setLoadError(errorMessage(error));
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  const ResultChannels = channels?.ResultChannels;
  const anchor = useFollowNewResult();
  return (
    <section ref={anchor} data-testid="result-panel" tabIndex={-1} aria-label="Result of the last call">
      <Panel
        title="Result channels"
        aside={
          entry ? (
            <PanelCount>
              call #{entry.id}
              {entry.imported ? ' (imported)' : ''}
            </PanelCount>
          ) : null
        }
      >
        {!entry ? (
          <p className={textStyles.note}>Run a call to see its channels here.</p>
        ) : ResultChannels ? (
          <ResultChannels record={entry} key={entry.id} />
        ) : loadError !== null ? (
          <p className={textStyles.note} role="alert">
            The result view could not be loaded: {loadError}{' '}
            <button type="button" onClick={() => setAttempt((count) => count + 1)}>
              Retry
            </button>
          </p>
        ) : (
          <p className={textStyles.note}>Loading the result view…</p>
        )}
      </Panel>
    </section>
  );
}
