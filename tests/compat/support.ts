/** What every compat test needs: a suite over an embedded workspace, called by the peer's tool names. */
import { createToolSuite, type ToolResult } from '../../src/index.ts';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';
import type { Workspace } from '../../src/workspace/workspace.ts';

export interface PeerWorkspace {
  workspace: Workspace;
  /** `suite.execute` under the name and arguments the peer's model sends. */
  call(name: string, args: Record<string, unknown>): Promise<ToolResult>;
  /** A file's text now, or `undefined` when it does not exist. */
  file(path: string): Promise<string | undefined>;
}

export async function peerWorkspace(files: Record<string, string> = {}): Promise<PeerWorkspace> {
  const workspace = await createJustBashWorkspace({ files });
  const suite = createToolSuite({ workspace });
  return {
    workspace,
    call: (name, args) => suite.execute(name, args),
    file: (path) =>
      workspace.readFile(`${workspace.root}/${path}`).then(
        (bytes) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes),
        () => undefined,
      ),
  };
}

/** The code of an error result, for programs. */
export function errorCode(result: ToolResult): unknown {
  return (result.structured_output.error as { code?: unknown } | undefined)?.code;
}
