import { useId, useState } from 'react';
import { usePlayground } from '../../hooks/use-playground.ts';
import { encodeScenario, HASH_KEY } from '../../state/scenario.ts';
import { formatBytes } from '../../state/text.ts';
import textStyles from '../shared/text.module.css';
import styles from './SharePanel.module.css';

/** Builds a permalink (the URL hash holds the compressed scenario) and an embed link. */
export function SharePanel() {
  const playground = usePlayground();
  const [link, setLink] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const inputId = useId();
  const make = async () => {
    try {
      const data = await encodeScenario(playground.scenario());
      const base = `${location.origin}${location.pathname}`;
      const hash = `#${HASH_KEY}=${data}`;
      history.replaceState(null, '', `${location.pathname}${location.search}${hash}`);
      const url = `${base}${hash}`;
      setLink(url);
      try {
        await navigator.clipboard.writeText(url);
        setStatus(`Link copied (${formatBytes(url.length)}).`);
      } catch {
        setStatus(`Link ready (${formatBytes(url.length)}); copy it from the field.`);
      }
    } catch (error) {
      setStatus(`The link could not be made: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  return (
    <div className={styles.share} data-testid="share">
      <button type="button" data-testid="permalink-button" onClick={() => void make()}>
        Copy permalink
      </button>
      {link && (
        <>
          <label htmlFor={inputId} className={textStyles.visuallyHidden}>
            Permalink
          </label>
          <input
            id={inputId}
            data-testid="permalink"
            readOnly
            value={link}
            onFocus={(event) => event.target.select()}
          />
          <a href={link.replace('#', '?embed=1#')} target="_blank" rel="noopener noreferrer">
            Embed view
          </a>
        </>
      )}
      {status && (
        <span className={textStyles.note} role="status">
          {status}
        </span>
      )}
    </div>
  );
}
