/**
 * The `#scenario=` part of a playground permalink, built in the test process: the scenario as compact
 * JSON, deflated (`deflate-raw`) and base64url-encoded without padding, the form the playground reads
 * from its URL hash. Web-standard globals only (`CompressionStream`, `Blob`, `Response`, `btoa`), which
 * Node ≥ 20 has, so this runs in the Playwright runner and in a browser alike.
 */
import type { AnyToolSpec, Caller, ExposureMode, Provider } from '../index.ts';

/** A declaration format of the playground: the catalog form or a provider's. */
export type DeclarationFormat = 'catalog' | Provider;

/** A file's content in the playground: UTF-8 text, or bytes as base64. */
export type PlaygroundFile = string | { base64: string };

/**
 * One call of a scenario: by name with arguments, or raw, exactly as a model API returned it; with
 * `recorded`, the result the replay must give again for its notice to be green (a link the page makes
 * carries it: `output` is a hash of the output text the page computes, so copy it from such a link;
 * `head`, the output's first line, at most 120 characters, is shown beside the new result, not compared;
 * `activated`, the deferred tools the call activated, in order, must be activated again).
 */
export type PlaygroundScenarioCall = (
  | { name: string; arguments?: unknown; caller?: Caller }
  | { raw: unknown; caller?: Caller }
) & {
  recorded?: { is_error: boolean; code?: string; output: string; head?: string; activated?: string[] };
};

/**
 * What a permalink carries: the files the workspace starts with (absent: the demo project), tools
 * registered on top of the built-ins (any spec format; the page answers them with an echo of their
 * arguments), changed modes, the calls re-run in order, the declaration format shown, the MCP
 * servers connected and the backend. The page validates it and says on the page what it refused.
 */
export interface PlaygroundScenario {
  version: 1;
  files?: Record<string, PlaygroundFile>;
  tools?: readonly { spec: AnyToolSpec; mode: ExposureMode }[];
  modes?: Record<string, ExposureMode>;
  calls?: readonly PlaygroundScenarioCall[];
  provider?: DeclarationFormat;
  /**
   * MCP servers connected when the link was made: an http(s) URL without user name, password, query
   * or fragment, the prefix it was connected with, and the names of its tools in the catalog. A replay
   * whose call misses one of those tools offers to connect the server (without headers).
   */
  servers?: readonly { url: string; prefix?: string; tools: readonly string[] }[];
  /**
   * The backend the calls ran on: the embedded shell, the WebContainer, or a host application's own
   * workspace. A replay on another backend is not green and says so. Absent: not known.
   */
  backend?: 'embedded' | 'webcontainer' | 'host';
}

/** Base64url without padding; `btoa` takes a binary string, built in chunks to keep the spread small. */
function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The URL hash that opens the playground on `scenario`: `#scenario=<data>`. */
export async function scenarioHash(scenario: PlaygroundScenario): Promise<string> {
  const json = new Blob([JSON.stringify(scenario)]).stream();
  const deflated = json.pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(deflated).arrayBuffer());
  return `#scenario=${toBase64Url(bytes)}`;
}
