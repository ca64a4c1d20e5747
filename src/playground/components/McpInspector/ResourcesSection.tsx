import { type FormEvent, useEffect, useId, useState } from 'react';
import { useStoreState } from '../../hooks/use-store-state.ts';
import type { InspectorStore, Listing } from '../../state/inspector-store.ts';
import { plural } from '../../state/text.ts';
import controls from '../shared/controls.module.css';
import formStyles from '../shared/form.module.css';
import textStyles from '../shared/text.module.css';
import { VisibleText } from '../VisibleText/VisibleText.tsx';
import { ContentsView } from './ContentsView.tsx';
import { Disclosure } from './Disclosure.tsx';
import styles from './McpInspector.module.css';

/** Items of a list drawn at first, and added by each "Show more". */
const ITEMS_PER_PAGE = 100;

/** Where a listing stands, in words, and its error. */
export function ListingStatus({ listing, what }: { listing: Listing<unknown>; what: string }) {
  if (listing.phase === 'loading') return <p className={textStyles.note}>{`Listing ${what}…`}</p>;
  if (listing.phase === 'failed') {
    return (
      <p className={textStyles.error} role="alert" data-testid="listing-error">
        <VisibleText text={listing.error ?? ''} />
      </p>
    );
  }
  if (listing.phase === 'loaded' && listing.items.length === 0) {
    return <p className={textStyles.note}>{`The server lists no ${what}.`}</p>;
  }
  return null;
}

/** The URI to read, typed or filled from a resource or template, and Read. */
function ReadForm({
  inspector,
  uri,
  setUri,
}: {
  inspector: InspectorStore;
  uri: string;
  setUri(uri: string): void;
}) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (uri.trim() !== '') void inspector.readResource(uri.trim());
  };
  return (
    <form onSubmit={submit}>
      <div className={formStyles.form}>
        <label htmlFor={id}>Resource URI</label>
        <input
          id={id}
          required
          spellCheck={false}
          value={uri}
          onChange={(event) => setUri(event.target.value)}
          data-testid="resource-uri"
        />
      </div>
      <button type="submit" data-testid="resource-read">
        Read
      </button>
    </form>
  );
}

function ResourceList({
  inspector,
  read,
  fill,
}: {
  inspector: InspectorStore;
  read(uri: string): void;
  fill(uri: string): void;
}) {
  const { resources, templates } = useStoreState(inspector.store);
  const [shown, setShown] = useState(ITEMS_PER_PAGE);
  return (
    <>
      <ListingStatus listing={resources} what="resources" />
      {resources.items.length > 0 && (
        <ul className={styles.list} aria-label="Resources" data-testid="resource-list">
          {resources.items.slice(0, shown).map((resource) => (
            <li key={resource.uri} className={styles.item}>
              <button type="button" onClick={() => read(resource.uri)}>
                Read <VisibleText text={resource.name} />
              </button>
              <span className={`${textStyles.muted} ${styles.uri}`}>
                <VisibleText text={resource.uri} />
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className={controls.toolbar}>
        {resources.items.length > shown && (
          <button type="button" onClick={() => setShown(shown + ITEMS_PER_PAGE)}>
            {`Show ${Math.min(ITEMS_PER_PAGE, resources.items.length - shown)} more`}
          </button>
        )}
        {resources.nextCursor !== undefined && (
          <button type="button" onClick={() => void inspector.listResources(true)}>
            List the next page
          </button>
        )}
      </div>
      {templates.items.length > 0 && (
        <ul className={styles.list} aria-label="Resource templates" data-testid="template-list">
          {templates.items.slice(0, ITEMS_PER_PAGE).map((template) => (
            <li key={template.uriTemplate} className={styles.item}>
              <span className={styles.uri}>
                <VisibleText text={template.uriTemplate} />
              </span>
              <span className={textStyles.muted}>
                template: <VisibleText text={template.name} />
              </span>
              <button type="button" onClick={() => fill(template.uriTemplate)}>
                Use as URI
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function ResourcesBody({ inspector, server }: { inspector: InspectorStore; server: string }) {
  const { offers, resources, reading } = useStoreState(inspector.store);
  const [uri, setUri] = useState('');
  // Opening the section lists what is there, as a person opening it wants.
  useEffect(() => {
    if (offers.resources && inspector.store.getState().resources.phase === 'idle')
      void inspector.listResources();
  }, [inspector, offers.resources]);
  if (!offers.resources) {
    return (
      <p className={textStyles.note}>This server declares no resources capability: it has none to list.</p>
    );
  }
  const read = (next: string) => {
    setUri(next);
    void inspector.readResource(next);
  };
  return (
    <>
      <div className={controls.toolbar}>
        <button type="button" onClick={() => void inspector.listResources()} data-testid="resources-list">
          {resources.phase === 'idle' ? 'List resources' : 'List again'}
        </button>
      </div>
      <ResourceList inspector={inspector} read={read} fill={setUri} />
      <ReadForm inspector={inspector} uri={uri} setUri={setUri} />
      {reading?.phase === 'loading' && <p className={textStyles.note}>{`Reading ${reading.uri}…`}</p>}
      {reading?.phase === 'failed' && (
        <p className={textStyles.error} role="alert" data-testid="resource-error">
          <VisibleText text={reading.error ?? ''} />
        </p>
      )}
      {reading?.phase === 'done' && (
        <ContentsView contents={reading.contents} label={`${server}: ${reading.uri}`} />
      )}
    </>
  );
}

/** The server's resources and templates, listed on request, and any URI read. */
export function ResourcesSection({ inspector, server }: { inspector: InspectorStore; server: string }) {
  const { resources } = useStoreState(inspector.store);
  const count = resources.phase === 'idle' ? '' : ` (${plural(resources.items.length, 'resource')})`;
  return (
    <Disclosure summary={`Resources${count}`} testId="mcp-resources">
      {() => <ResourcesBody inspector={inspector} server={server} />}
    </Disclosure>
  );
}
