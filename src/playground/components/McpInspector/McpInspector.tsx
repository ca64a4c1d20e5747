import type { McpServerView, McpStore } from '../../state/mcp-store.ts';
import styles from './McpInspector.module.css';
import { PromptsSection } from './PromptsSection.tsx';
import { ResourcesSection } from './ResourcesSection.tsx';
import { ServerLogSection } from './ServerLogSection.tsx';
import { WireLogSection } from './WireLogSection.tsx';

/**
 * What the MCP panel shows of a connected server beyond its tools, as MCP Inspector shows it: its
 * resources, its prompts, the JSON-RPC messages of the connection, and its notifications and log
 * messages. Loaded with its own chunk once a server is connected.
 */
export function McpInspector({ mcp, server }: { mcp: McpStore; server: McpServerView }) {
  const inspection = mcp.inspect(server.id);
  if (!inspection) return null;
  const { wire, inspector } = inspection;
  return (
    <div className={styles.inspector} data-testid="mcp-inspector">
      <ResourcesSection inspector={inspector} server={server.server} />
      <PromptsSection inspector={inspector} server={server.server} />
      <WireLogSection wire={wire} server={server.server} />
      <ServerLogSection wire={wire} inspector={inspector} server={server.server} />
    </div>
  );
}
