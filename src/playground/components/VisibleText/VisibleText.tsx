import { memo } from 'react';
import { visibleRuns } from '../../state/text.ts';
import styles from './VisibleText.module.css';

export interface VisibleTextProps {
  text: string;
}

/**
 * Untrusted text as React text nodes, with control, zero-width and bidirectional characters and lone
 * surrogates replaced by visible stand-ins (`␀`, `␛`, `⟨U+202E⟩`) that name what was there.
 */
export const VisibleText = memo(function VisibleText({ text }: VisibleTextProps) {
  const runs = visibleRuns(text);
  const [only] = runs;
  if (runs.length <= 1 && (only === undefined || 'text' in only)) return <>{text}</>;
  return (
    <>
      {runs.map((run, index) =>
        'text' in run ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: runs are positional and never reordered
          <span key={index}>{run.text}</span>
        ) : (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: runs are positional and never reordered
            key={index}
            className={styles.invisible}
            title={`Invisible character ${run.code}`}
            data-testid="invisible-character"
          >
            {run.control}
          </span>
        ),
      )}
    </>
  );
});
