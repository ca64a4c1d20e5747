/**
 * A mounted tool's `outputSchema`, checked against what its calls return. The SDK's client checks
 * `structuredContent` only for tools its own `listTools` cached, and the mount lists pages itself (see
 * `./listing.ts`), so the bridge checks instead, with the SDK's validator that needs no `new Function`
 * (as `./connect.ts` uses). Imports the SDK's validator and the core's `ToolError`.
 */
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import { ToolError } from '../index.ts';
import type { RemoteCallOrigin, RemoteCallResult } from './results.ts';

/** Throws the error result a call's `structuredContent` earns against the tool's `outputSchema`. */
export type OutputCheck = (result: RemoteCallResult, origin: RemoteCallOrigin) => void;

const validator = new CfWorkerJsonSchemaValidator();

/**
 * The check of a tool's results, `undefined` when it has no `outputSchema`. Throws when the schema
 * cannot be compiled, so that the mount skips the tool and says why.
 */
export function outputChecker(outputSchema: Record<string, unknown> | undefined): OutputCheck | undefined {
  if (outputSchema === undefined) return undefined;
  const validate = validator.getValidator(outputSchema as Parameters<typeof validator.getValidator>[0]);
  return (result, origin) => {
    if (result.isError === true) return;
    const data = { mcp_server: origin.server, mcp_tool: origin.tool };
    if (result.structuredContent === undefined) {
      throw new ToolError(
        `MCP server "${origin.server}" answered tool "${origin.tool}" without the structured content its output schema promises, so the result cannot be trusted. Try again, or use another tool.`,
        { code: 'MCP_BAD_OUTPUT', data },
      );
    }
    const verdict = validate(result.structuredContent);
    if (!verdict.valid) {
      const reason = (verdict.errorMessage ?? 'invalid').slice(0, 300);
      throw new ToolError(
        `MCP server "${origin.server}" answered tool "${origin.tool}" with structured content that does not match its output schema (${reason}), so the result cannot be trusted. Try again, or use another tool.`,
        { code: 'MCP_BAD_OUTPUT', data },
      );
    }
  };
}
