import { usePlayground } from '../../hooks/use-playground.ts';
import { useStoreState } from '../../hooks/use-store-state.ts';
import { TRY_THESE } from '../../state/composer-store.ts';
import controls from '../shared/controls.module.css';
import textStyles from '../shared/text.module.css';
import styles from './Composer.module.css';

/**
 * One-click calls on the demo project: a shell run, an edit with its diff, a tool search, a script.
 * None on a host's suite: they are about the demo's files.
 */
export function TryThese() {
  const { composer, runtime, page } = usePlayground();
  const { running } = useStoreState(composer.store);
  const { suite } = useStoreState(runtime.store);
  const { demo } = useStoreState(page);
  if (demo === 'none') return null;
  return (
    <div className={`${controls.toolbar} ${styles.tryThese}`} data-testid="try-these">
      <span className={textStyles.note}>Try these:</span>
      {TRY_THESE.map((call) => (
        <button
          key={call.id}
          type="button"
          className={controls.small}
          data-try={call.id}
          disabled={running || !suite.get(call.tool)}
          onClick={() => void composer.tryCall(call.id)}
        >
          {call.label}
        </button>
      ))}
    </div>
  );
}
