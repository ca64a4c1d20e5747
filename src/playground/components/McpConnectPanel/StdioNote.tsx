import { useId, useMemo, useState } from 'react';
import {
  freshProxyKey,
  PROXY_DOCS_HREF,
  PROXY_KEY_HEADER,
  PROXY_URL,
  proxyCommand,
} from '../../state/stdio-proxy.ts';
import { CopyButton } from '../CopyButton/CopyButton.tsx';
import controls from '../shared/controls.module.css';
import formStyles from '../shared/form.module.css';
import textStyles from '../shared/text.module.css';
import styles from './McpConnectPanel.module.css';

/**
 * A page can reach only Streamable HTTP servers that allow its origin; a server that speaks only stdio
 * needs a local proxy. This says so, links to docs/mcp.md ("Servers that speak only stdio", shipped
 * beside the page), writes the proxy command with a fresh key, and fills the form with the proxy's URL
 * and that key.
 */
export function StdioNote({ onUse }: { onUse(proxy: { url: string; headers: string }): void }) {
  const id = useId();
  const key = useMemo(freshProxyKey, []);
  const [command, setCommand] = useState('npx -y @modelcontextprotocol/server-filesystem .');
  const text = proxyCommand(command.trim() || '<command>', key);
  return (
    <details className={styles.stdio} data-testid="mcp-stdio-note">
      <summary>A server that speaks only stdio?</summary>
      <p className={textStyles.note}>
        This page can only reach servers over Streamable HTTP. Run a stdio server behind a local proxy on your
        machine (
        <a href={PROXY_DOCS_HREF} target="_blank" rel="noopener noreferrer" data-testid="mcp-stdio-docs">
          docs/mcp.md
        </a>
        , “Servers that speak only stdio”): it starts the command, serves it at {PROXY_URL} and answers only
        requests that carry its key.
      </p>
      <div className={formStyles.form}>
        <label htmlFor={id}>stdio command</label>
        <input
          id={id}
          spellCheck={false}
          value={command}
          onChange={(event) => setCommand(event.target.value)}
          data-testid="mcp-stdio-command"
        />
      </div>
      <pre className={styles.command} data-testid="mcp-proxy-command">
        {text}
      </pre>
      <div className={controls.toolbar}>
        <CopyButton text={() => text} label="Copy command" testId="mcp-proxy-copy" />
        <button
          type="button"
          onClick={() => onUse({ url: PROXY_URL, headers: `${PROXY_KEY_HEADER}: ${key}` })}
          data-testid="mcp-proxy-use"
        >
          Fill in the proxy's URL and key
        </button>
      </div>
    </details>
  );
}
