import { type FormEvent, lazy, Suspense, useId, useState } from 'react';
import { errorMessage } from '../../../shared/index.ts';
import { usePlayground } from '../../hooks/use-playground.ts';
import { useStoreState } from '../../hooks/use-store-state.ts';
import { type McpServerView, type McpStore, mcpStoreOf, parseHeaderLines } from '../../state/mcp-store.ts';
import { plural } from '../../state/text.ts';
import { Panel, PanelCount } from '../Panel/Panel.tsx';
import controls from '../shared/controls.module.css';
import formStyles from '../shared/form.module.css';
import textStyles from '../shared/text.module.css';
import { VisibleText } from '../VisibleText/VisibleText.tsx';
import styles from './McpConnectPanel.module.css';
import { StdioNote } from './StdioNote.tsx';

/** Resources, prompts, the wire log and the server's log: loaded once a server is connected. */
const McpInspector = lazy(() =>
  import('../McpInspector/McpInspector.tsx').then((module) => ({ default: module.McpInspector })),
);

/** URL, headers and prefix of the next connection, and the Connect button. */
function ConnectForm({ mcp, connecting }: { mcp: McpStore; connecting: boolean }) {
  const ids = { url: useId(), headers: useId(), prefix: useId() };
  const [url, setUrl] = useState('');
  const [headers, setHeaders] = useState('');
  const [prefix, setPrefix] = useState('');
  const [headerError, setHeaderError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    let parsed: Record<string, string>;
    try {
      parsed = parseHeaderLines(headers);
    } catch (error) {
      setHeaderError(errorMessage(error));
      return;
    }
    setHeaderError(null);
    // The store shows the failure; nothing else to do with the rejection here.
    mcp.connect({ url: url.trim(), headers: parsed, prefix: prefix.trim() }).catch(() => undefined);
  };
  return (
    <form onSubmit={submit}>
      <div className={formStyles.form}>
        <label htmlFor={ids.url}>Server URL</label>
        <input
          id={ids.url}
          type="url"
          required
          placeholder="http://localhost:8787/mcp"
          data-testid="mcp-url"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
        />
        <label htmlFor={ids.headers}>Headers</label>
        <textarea
          id={ids.headers}
          rows={2}
          spellCheck={false}
          placeholder="Authorization: Bearer <token>"
          data-testid="mcp-headers"
          value={headers}
          onChange={(event) => setHeaders(event.target.value)}
        />
        <label htmlFor={ids.prefix}>Name prefix</label>
        <input
          id={ids.prefix}
          placeholder="none (edge_ when names clash)"
          data-testid="mcp-prefix"
          value={prefix}
          onChange={(event) => setPrefix(event.target.value)}
        />
      </div>
      {headerError && (
        <p className={textStyles.error} role="alert">
          {headerError}
        </p>
      )}
      <StdioNote
        onUse={(proxy) => {
          setUrl(proxy.url);
          setHeaders(proxy.headers);
        }}
      />
      <button
        type="submit"
        className={controls.primary}
        data-testid="mcp-connect-button"
        disabled={connecting}
      >
        {connecting ? 'Connecting…' : 'Connect'}
      </button>
    </form>
  );
}

/** One connected server: its name, URL, tool count, what was skipped, and Unmount. */
function ServerRow({ server, mcp }: { server: McpServerView; mcp: McpStore }) {
  return (
    <li className={styles.server} data-testid="mcp-server">
      <strong>
        <VisibleText text={server.server} />
      </strong>
      <span className={`${textStyles.muted} ${styles.url}`}>
        <VisibleText text={server.url} />
      </span>
      <span data-testid="mcp-tool-count">{plural(server.tools.length, 'tool')}, deferred</span>
      {server.skipped.length > 0 && (
        <span className={textStyles.warning}>
          {plural(server.skipped.length, 'tool')} not mounted (
          <VisibleText text={server.skipped.map((tool) => `${tool.name}: ${tool.reason}`).join('; ')} />)
        </span>
      )}
      <button type="button" className={controls.small} onClick={() => void mcp.disconnect(server.id)}>
        Unmount
      </button>
      <Suspense fallback={<p className={textStyles.note}>Loading the inspector…</p>}>
        <McpInspector mcp={mcp} server={server} />
      </Suspense>
    </li>
  );
}

/**
 * Connect MCP server: a remote server's tools, mounted deferred on the page's suite, so `tool_search`
 * finds them. The MCP entry and its SDK load on the first connection.
 */
export function McpConnectPanel() {
  const mcp = mcpStoreOf(usePlayground());
  const state = useStoreState(mcp.store);
  const count = state.servers.reduce((sum, server) => sum + server.tools.length, 0);
  return (
    <Panel
      title="Connect MCP server"
      testId="mcp-connect"
      aside={<PanelCount>{plural(count, 'remote tool')}</PanelCount>}
    >
      <p className={textStyles.note}>
        A Streamable HTTP endpoint whose tools join the catalog as deferred, so tool_search finds them. The
        server must allow this page's origin (CORS). Headers stay in this tab's memory.
      </p>
      <ConnectForm mcp={mcp} connecting={state.connecting} />
      {state.error && (
        <p className={textStyles.error} role="alert" data-testid="mcp-error">
          <VisibleText text={state.error} />
        </p>
      )}
      {state.servers.length > 0 && (
        <ul className={styles.servers} aria-label="Connected MCP servers">
          {state.servers.map((server) => (
            <ServerRow key={server.id} server={server} mcp={mcp} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
