import { useId } from 'react';
import { useStoreState } from '../../hooks/use-store-state.ts';
import type { ApprovalPrompt } from '../../state/approval-prompt.ts';
import textStyles from '../shared/text.module.css';
import styles from './ApprovalDialog.module.css';

/**
 * The suite's `onApproval`, asked in the page: the oldest waiting request with the tool, what its
 * policy asks about and the arguments it would run with; Allow runs it, Refuse gives the model the
 * suite's refusal. The call waits until one is pressed.
 */
export function ApprovalDialog({ approvals }: { approvals: ApprovalPrompt }) {
  const { pending } = useStoreState(approvals.store);
  const titleId = useId();
  const request = pending[0];
  if (!request) return null;
  return (
    <section
      className={styles.prompt}
      role="alertdialog"
      aria-labelledby={titleId}
      data-testid="approval-prompt"
    >
      <h2 id={titleId}>
        Approve <code>{request.tool}</code>?
      </h2>
      <p>
        The suite's policy asks before {request.asking.join(', ')}
        {request.caller === 'model' ? '' : ` (called by ${request.caller})`}. It would run with:
      </p>
      <pre className={styles.args}>{JSON.stringify(request.arguments, null, 2)}</pre>
      <div className={styles.actions}>
        <button type="button" onClick={() => approvals.decide(request.id, true)} data-testid="approval-allow">
          Allow
        </button>
        <button
          type="button"
          onClick={() => approvals.decide(request.id, false)}
          data-testid="approval-refuse"
        >
          Refuse
        </button>
        {pending.length > 1 && <span className={textStyles.muted}>{pending.length - 1} more waiting</span>}
      </div>
    </section>
  );
}
