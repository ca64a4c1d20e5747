import type { ToolDetails } from 'browser-agent-tools';
import { formatCount } from '../../state/text.ts';
import { DiffView } from '../DiffView/DiffView.tsx';
import { JsonTree } from '../JsonTree/JsonTree.tsx';
import controls from '../shared/controls.module.css';
import { VisibleText } from '../VisibleText/VisibleText.tsx';
import { ChannelSection } from './ChannelSection.tsx';
import styles from './ResultChannels.module.css';

export interface DetailsChannelProps {
  details: ToolDetails;
  testId: string;
  /** Opens a spilled file through a `read` call. */
  onOpenSpill?: (path: string) => void;
}

const KNOWN = new Set(['duration_ms', 'line_count', 'spilled_path', 'diff', 'first_changed_line']);

/** `details`: the diff, duration, line count, the spilled file, and the rest as a tree. */
export function DetailsChannel({ details, testId, onOpenSpill }: DetailsChannelProps) {
  const { duration_ms, line_count, spilled_path, diff, first_changed_line } = details;
  const rest = Object.fromEntries(Object.entries(details).filter(([key]) => !KNOWN.has(key)));
  return (
    <ChannelSection name="details" audience="for the UI" testId={testId}>
      <dl className={styles.facts}>
        <dt>duration_ms</dt>
        <dd data-testid="detail-duration">{formatCount(Math.round(Number(duration_ms) * 10) / 10)}</dd>
        {typeof line_count === 'number' && (
          <>
            <dt>line_count</dt>
            <dd data-testid="detail-line-count">{formatCount(line_count)}</dd>
          </>
        )}
        {typeof first_changed_line === 'number' && (
          <>
            <dt>first_changed_line</dt>
            <dd>{formatCount(first_changed_line)}</dd>
          </>
        )}
        {typeof spilled_path === 'string' && (
          <>
            <dt>spilled_path</dt>
            <dd>
              <button
                type="button"
                className={controls.link}
                data-testid="spilled-path"
                onClick={() => onOpenSpill?.(spilled_path)}
                disabled={!onOpenSpill}
                title="Read the spilled file with a read call"
              >
                <VisibleText text={spilled_path} />
              </button>
            </dd>
          </>
        )}
      </dl>
      {typeof diff === 'string' && diff !== '' && <DiffView patch={diff} />}
      {Object.keys(rest).length > 0 && <JsonTree value={rest} label="Other details" />}
    </ChannelSection>
  );
}
