import styles from './PreviewFrame.module.css';

/**
 * The page a background program serves (a dev server started with `npm run dev &` on the WebContainer
 * backend), beside the channels: the result's `details.preview_url` in a frame, with a link to open
 * it in a tab. Only an `https:` URL is framed; anything else in details is not a preview.
 */
export function PreviewFrame({ details, testId }: { details: Record<string, unknown>; testId: string }) {
  const url = previewUrl(details.preview_url);
  if (!url) return null;
  return (
    <section className={styles.preview} aria-label="Preview of the served page" data-testid={testId}>
      <p>
        Preview:{' '}
        <a href={url} target="_blank" rel="noreferrer">
          {url}
        </a>
      </p>
      <iframe className={styles.frame} src={url} title={`Preview of ${url}`} allow="cross-origin-isolated" />
    </section>
  );
}

function previewUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    return new URL(value).protocol === 'https:' ? value : undefined;
  } catch {
    return undefined;
  }
}
