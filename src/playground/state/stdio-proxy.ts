/**
 * The proxy command that docs/mcp.md ("Servers that speak only stdio") documents, as the MCP panel
 * writes it for a stdio server: the server started by a local proxy that serves it over Streamable
 * HTTP on the loopback address and answers only requests that carry its key. tests/mcp/stdio-proxy.test.ts
 * checks that the docs say the same and runs the command. Framework-free.
 */

/** The proxy's package, at the version the repository tests. */
export const PROXY_PACKAGE = 'mcp-proxy@6.7.19';
/** Where the command serves the server. */
export const PROXY_URL = 'http://127.0.0.1:8080/mcp';
/**
 * Where the page links to docs/mcp.md: beside the page, where the playground's build puts it (and the
 * dev server serves it). Relative, so it stays on the page's own origin and path.
 */
export const PROXY_DOCS_HREF = 'docs/mcp.md';
/** The header that carries the key. */
export const PROXY_KEY_HEADER = 'X-API-Key';

/** The proxy command for the stdio server `command`, guarded by `key`. */
export function proxyCommand(command: string, key: string): string {
  return `npx ${PROXY_PACKAGE} --host 127.0.0.1 --port 8080 --server stream --apiKey ${key} --corsAddAllowedHeader ${PROXY_KEY_HEADER} -- ${command}`;
}

/** A key only this tab and the proxy know: 128 random bits in hex. */
export function freshProxyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
