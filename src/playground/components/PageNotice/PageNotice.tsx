import { usePlayground } from '../../hooks/use-playground.ts';
import { useStoreState } from '../../hooks/use-store-state.ts';
import { classNames } from '../shared/class-names.ts';
import styles from './PageNotice.module.css';

/** A page-wide notice: a link that was loaded (or could not be), an import. */
export function PageNotice() {
  const { page } = usePlayground();
  const { notice, resetting } = useStoreState(page);
  if (!notice && !resetting) return null;
  return (
    <div
      className={classNames(styles.notice, notice?.kind === 'error' && styles.isError)}
      data-testid="page-notice"
      data-kind={resetting ? 'progress' : notice?.kind}
      role={notice?.kind === 'error' ? 'alert' : 'status'}
    >
      {resetting ? 'Rebuilding the scenario…' : notice?.text}
    </div>
  );
}
