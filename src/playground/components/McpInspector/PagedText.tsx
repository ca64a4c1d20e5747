import { useMemo, useState } from 'react';
import { formatCount } from '../../state/text.ts';
import { pageStarts, pageText } from '../../state/text-pages.ts';
import controls from '../shared/controls.module.css';
import textStyles from '../shared/text.module.css';
import { TextView } from '../TextView/TextView.tsx';

export interface PagedTextProps {
  text: string;
  /** Accessible name of the text's region. */
  label: string;
  testId?: string;
}

/**
 * Untrusted text of any size from a server, drawn one page at a time (1,000 lines or 100,000
 * characters) with TextView, so a 5 MB resource never has the page split and lay out all of it at once.
 */
export function PagedText({ text, label, testId }: PagedTextProps) {
  const starts = useMemo(() => pageStarts(text), [text]);
  const [index, setIndex] = useState(0);
  const page = Math.min(index, starts.length - 1);
  const shown = useMemo(() => pageText(text, starts, page), [text, starts, page]);
  if (starts.length === 1) return <TextView text={text} label={label} {...(testId ? { testId } : {})} />;
  const from = (starts[page] ?? 0) + 1;
  const to = starts[page + 1] ?? text.length;
  return (
    <div data-testid={testId}>
      <div className={controls.toolbar}>
        <button type="button" disabled={page === 0} onClick={() => setIndex(page - 1)}>
          Previous page
        </button>
        <span className={textStyles.note} data-testid="text-page">
          {`Page ${formatCount(page + 1)} of ${formatCount(starts.length)}: characters ${formatCount(from)}–${formatCount(to)} of ${formatCount(text.length)}`}
        </span>
        <button type="button" disabled={page === starts.length - 1} onClick={() => setIndex(page + 1)}>
          Next page
        </button>
      </div>
      <TextView text={shown} label={label} />
    </div>
  );
}
