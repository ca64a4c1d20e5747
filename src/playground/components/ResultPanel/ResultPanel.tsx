import { usePlayground } from '../../hooks/use-playground.ts';
import { useStoreState } from '../../hooks/use-store-state.ts';
import { Panel } from '../Panel/Panel.tsx';
import { ResultChannels } from '../ResultChannels/ResultChannels.tsx';

/** The channels of the call selected in the history (the latest one by default). */
export function ResultPanel() {
  const { history } = usePlayground();
  const state = useStoreState(history.store);
  const entry = state.entries.find((candidate) => candidate.id === state.selectedId) ?? null;
  return (
    <Panel
      title="Result channels"
      className="result-panel"
      aside={
        entry ? (
          <span className="count">
            call #{entry.id}
            {entry.imported ? ' (imported)' : ''}
          </span>
        ) : null
      }
    >
      {entry ? (
        <ResultChannels record={entry} key={entry.id} />
      ) : (
        <p className="note">Run a call to see its channels here.</p>
      )}
    </Panel>
  );
}
