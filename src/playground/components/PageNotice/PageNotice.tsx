import { lazy, Suspense } from 'react';
import { usePlayground } from '../../hooks/use-playground.ts';
import { useStoreState } from '../../hooks/use-store-state.ts';
import { classNames } from '../shared/class-names.ts';
import styles from './PageNotice.module.css';

/** A notice's actions and compared calls: only after a link, so out of the entry chunk. */
const NoticeDetails = lazy(() =>
  import('./NoticeDetails.tsx').then((module) => ({ default: module.NoticeDetails })),
);

/** A page-wide notice: a link that was loaded (or could not be), an import; what to do next. */
export function PageNotice() {
  const { page } = usePlayground();
  const { notice, resetting } = useStoreState(page);
  if (!notice && !resetting) return null;
  const shown = resetting ? null : notice;
  const detailed = shown && ((shown.actions?.length ?? 0) > 0 || (shown.comparisons?.length ?? 0) > 0);
  return (
    <div
      className={classNames(
        styles.notice,
        notice?.kind === 'error' && styles.isError,
        notice?.kind === 'success' && styles.isSuccess,
      )}
      data-testid="page-notice"
      data-kind={resetting ? 'progress' : notice?.kind}
      role={notice?.kind === 'error' ? 'alert' : 'status'}
    >
      {shown ? shown.text : 'Rebuilding the scenario…'}
      {detailed && (
        <Suspense fallback={null}>
          <NoticeDetails notice={shown} />
        </Suspense>
      )}
    </div>
  );
}
