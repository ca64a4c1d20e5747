import { usePlayground } from '../../hooks/use-playground.ts';
import { useStoreState } from '../../hooks/use-store-state.ts';
import { TRY_THESE } from '../../state/composer-store.ts';
import controls from '../shared/controls.module.css';
import textStyles from '../shared/text.module.css';
import styles from './Composer.module.css';

/** One-click calls on the demo project: a shell run, an edit with its diff, a tool search, a script. */
export function TryThese() {
  const { composer, runtime } = usePlayground();
  const { running } = useStoreState(composer.store);
  const { suite } = useStoreState(runtime.store);
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
