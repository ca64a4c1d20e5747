import { type ReactNode, useEffect, useRef } from 'react';
import { type EmbedOptions, type EmbedPanel, fullPageUrl, reportHeight } from '../../embed.ts';
import { CatalogPanel } from '../CatalogPanel/CatalogPanel.tsx';
import { Composer } from '../Composer/Composer.tsx';
import { DeclarationsPanel } from '../DeclarationsPanel/DeclarationsPanel.tsx';
import { HistoryPanel } from '../HistoryPanel/HistoryPanel.tsx';
import { PageNotice } from '../PageNotice/PageNotice.tsx';
import { ResultPanel } from '../ResultPanel/ResultPanel.tsx';
import textStyles from '../shared/text.module.css';
import { WorkspacePanel } from '../WorkspacePanel/WorkspacePanel.tsx';
import styles from './EmbedView.module.css';

const PANELS: Record<EmbedPanel, () => ReactNode> = {
  results: () => <ResultPanel />,
  declarations: () => <DeclarationsPanel />,
  composer: () => <Composer />,
  history: () => <HistoryPanel />,
  workspace: () => <WorkspacePanel />,
  catalog: () => <CatalogPanel />,
};

/**
 * `?embed=1`: the panels the URL names (by default the scenario's result and declarations), a link to
 * the full page, and the height reported to the embedding page so its iframe fits.
 */
export function EmbedView({ options }: { options: EmbedOptions }) {
  const content = useRef<HTMLDivElement>(null);
  const { height, maxHeight } = options;
  useEffect(
    () => (content.current ? reportHeight(content.current, { height, maxHeight }) : undefined),
    [height, maxHeight],
  );
  const half = Math.ceil(options.panels.length / 2);
  const columns =
    options.panels.length > 1
      ? [options.panels.slice(0, half), options.panels.slice(half)]
      : [options.panels];
  return (
    // The frame's own box is bounded: past the height, it scrolls inside instead of growing the iframe.
    <div
      className={styles.frame}
      data-testid="embed-frame"
      style={height !== null ? { height: `${height}px` } : { maxHeight: `${maxHeight}px` }}
    >
      <div className={styles.embed} data-embed="true" ref={content}>
        <header className={styles.top}>
          <h1 className={styles.title}>browser-agent-tools playground</h1>
          <a
            href={fullPageUrl(location.href)}
            target="_blank"
            rel="noopener"
            data-testid="open-in-playground"
          >
            Open in playground
          </a>
        </header>
        <PageNotice />
        {options.unknown.length > 0 && (
          <p className={textStyles.note} data-testid="embed-unknown-panels">
            Unknown panels in the link: {options.unknown.join(', ')}.
          </p>
        )}
        {options.invalid.length > 0 && (
          <p className={textStyles.note} data-testid="embed-invalid-options">
            Not used from the link: {options.invalid.join('; ')}.
          </p>
        )}
        <main className={styles.layout} data-columns={columns.length}>
          {columns.map((panels) => (
            <div className={styles.column} key={panels.join()}>
              {panels.map((panel) => (
                <div key={panel} data-panel={panel}>
                  {PANELS[panel]()}
                </div>
              ))}
            </div>
          ))}
        </main>
      </div>
    </div>
  );
}
