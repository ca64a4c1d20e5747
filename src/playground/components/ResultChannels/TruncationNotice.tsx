import type { ToolDetails } from 'browser-agent-tools';
import { formatCount } from '../../state/text.ts';
import controls from '../shared/controls.module.css';
import { VisibleText } from '../VisibleText/VisibleText.tsx';
import styles from './ResultChannels.module.css';

/** The part of `details.truncation` the notice reads. */
interface TruncationFacts {
  total_lines?: number;
  output_lines?: number;
}

/**
 * At the top of a result: the output was cut, how much the model sees, and the file holding all of
 * it, so neither is found only after scrolling past the output.
 */
export function TruncationNotice({
  details,
  onOpenSpill,
}: {
  details: ToolDetails;
  onOpenSpill?: (path: string) => void;
}) {
  const { truncation, spilled_path } = details as ToolDetails & { truncation?: TruncationFacts };
  if (typeof truncation !== 'object' || truncation === null) return null;
  const { total_lines, output_lines } = truncation;
  return (
    <p className={styles.truncationNotice} data-testid="truncation-notice">
      Output cut:{' '}
      {typeof total_lines === 'number' && typeof output_lines === 'number'
        ? `the model sees ${formatCount(output_lines)} of ${formatCount(total_lines)} lines.`
        : 'the model sees part of it.'}{' '}
      {typeof spilled_path === 'string' ? (
        <>
          Full output:{' '}
          <button
            type="button"
            className={controls.link}
            data-testid="truncation-spill-link"
            onClick={() => onOpenSpill?.(spilled_path)}
            disabled={!onOpenSpill}
            title="Read the spilled file with a read call"
          >
            <VisibleText text={spilled_path} />
          </button>
        </>
      ) : (
        'The full output was not saved.'
      )}
    </p>
  );
}
