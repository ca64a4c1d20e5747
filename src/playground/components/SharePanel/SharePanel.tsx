import { useId, useState } from 'react';
import { errorMessage, formatSize } from '../../../shared/index.ts';
import { embedCode } from '../../embed.ts';
import { usePlayground } from '../../hooks/use-playground.ts';
import type { Playground } from '../../state/playground.ts';
import { encodeScenario, HASH_KEY } from '../../state/scenario.ts';
import textStyles from '../shared/text.module.css';
import styles from './SharePanel.module.css';

/** The permalink of the current scenario; the page's own URL is set to it (without a reload). */
async function permalinkOf(playground: Playground): Promise<string> {
  const data = await encodeScenario(playground.scenario());
  const hash = `#${HASH_KEY}=${data}`;
  history.replaceState(null, '', `${location.pathname}${location.search}${hash}`);
  return `${location.origin}${location.pathname}${hash}`;
}

/** The `?embed=1` form of a permalink. */
const embedUrlOf = (link: string): string => link.replace('#', '?embed=1#');

/** Copies `text`; says what was copied, or where to copy it from when the clipboard is refused. */
async function copyText(text: string, what: string): Promise<string> {
  try {
    await navigator.clipboard.writeText(text);
    return `${what} copied (${formatSize(text.length)}).`;
  } catch {
    return `${what} ready (${formatSize(text.length)}); copy it from the field.`;
  }
}

/** Builds a permalink (the URL hash holds the compressed scenario), an embed link and embed code. */
export function SharePanel() {
  const playground = usePlayground();
  const [link, setLink] = useState<string | null>(null);
  const [code, setCode] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const inputId = useId();
  const codeId = useId();
  const share = async (kind: 'link' | 'embed') => {
    try {
      const url = await permalinkOf(playground);
      setLink(url);
      const html = embedCode(embedUrlOf(url));
      setCode(kind === 'embed' ? html : null);
      setStatus(await copyText(kind === 'embed' ? html : url, kind === 'embed' ? 'Embed code' : 'Link'));
    } catch (error) {
      setStatus(`The link could not be made: ${errorMessage(error)}`);
    }
  };
  return (
    <div className={styles.share} data-testid="share">
      <button type="button" data-testid="permalink-button" onClick={() => void share('link')}>
        Copy permalink
      </button>
      <button type="button" data-testid="copy-embed-code" onClick={() => void share('embed')}>
        Copy embed code
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
          <a href={embedUrlOf(link)} target="_blank" rel="noopener noreferrer">
            Embed view
          </a>
        </>
      )}
      {code && (
        <>
          <label htmlFor={codeId} className={textStyles.visuallyHidden}>
            Embed code
          </label>
          <textarea
            id={codeId}
            data-testid="embed-code"
            className={styles.code}
            readOnly
            rows={4}
            value={code}
            onFocus={(event) => event.target.select()}
          />
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
