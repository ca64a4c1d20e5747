import { formatSize } from '../../../shared/index.ts';
import type { ContentView } from '../../state/inspector-store.ts';
import { CopyButton } from '../CopyButton/CopyButton.tsx';
import controls from '../shared/controls.module.css';
import textStyles from '../shared/text.module.css';
import { VisibleText } from '../VisibleText/VisibleText.tsx';
import styles from './McpInspector.module.css';
import { PagedText } from './PagedText.tsx';

/** One content of a read resource: its text drawn as text (windowed when large), or a blob's size. */
function OneContent({ content, label }: { content: ContentView; label: string }) {
  return (
    <div className={styles.content} data-testid="resource-content">
      <div className={controls.toolbar}>
        <span className={styles.uri}>
          <VisibleText text={content.uri} />
        </span>
        {content.mimeType && (
          <span className={textStyles.muted}>
            <VisibleText text={content.mimeType} />
          </span>
        )}
        {content.text !== undefined && (
          <CopyButton text={() => content.text ?? ''} label="Copy text" testId="resource-copy" />
        )}
        {content.blobBase64 !== undefined && (
          <CopyButton text={() => content.blobBase64 ?? ''} label="Copy base64" testId="resource-copy" />
        )}
      </div>
      {content.text !== undefined && <PagedText text={content.text} label={label} testId="resource-text" />}
      {content.blobBytes !== undefined && (
        <p className={textStyles.note} data-testid="resource-blob">
          {`Binary content, ${formatSize(content.blobBytes)}: not drawn; copy it as base64.`}
        </p>
      )}
      {content.text === undefined && content.blobBytes === undefined && (
        <p className={textStyles.note}>The server sent neither text nor a blob for this content.</p>
      )}
    </div>
  );
}

/** Every content of a read resource, each named apart for screen readers. */
export function ContentsView({ contents, label }: { contents: readonly ContentView[]; label: string }) {
  if (contents.length === 0)
    return <p className={textStyles.note}>The server sent no content for this URI.</p>;
  return (
    <>
      {contents.map((content, index) => (
        <OneContent
          // biome-ignore lint/suspicious/noArrayIndexKey: contents are positional
          key={index}
          content={content}
          label={contents.length === 1 ? label : `${label} (content ${index + 1})`}
        />
      ))}
    </>
  );
}
