/**
 * Extract: the call's arguments as an object keyed by the tool's parameters (from a JSON string, a
 * bare value, a wrapped payload), then what a peer agent's name asks for: a peer adapter that carries
 * the call out as calls of the suite's tools, or a redirect to the tool the payload decides (a patch).
 */
import { AliasRepairError, peerAdapter, rawPayload, redirectByPayload } from '../aliases.ts';
import { ArgumentsError, extractArguments } from '../arguments.ts';
import { ERROR_CODES } from '../errors.ts';
import { errorResult, isPlainObject } from '../results.ts';
import type { PayloadRedirect, PeerAdapter, ToolSpec } from '../types.ts';
import { type Call, type Stop, stop } from './engine.ts';
import type { Resolved } from './resolve.ts';
import { invalidArgumentsResult } from './validate.ts';

/** Arguments for a tool of the catalog, or a peer adapter that takes the call over. */
export type Extracted =
  | { kind: 'tool'; name: string; args: Record<string, unknown>; redirected?: PayloadRedirect }
  | { kind: 'adapter'; adapter: PeerAdapter; args: Record<string, unknown> };

function propertiesOf(spec: ToolSpec): Record<string, unknown> {
  return isPlainObject(spec.parameters.properties) ? spec.parameters.properties : {};
}

export function extractCall<W>({ resolved, tool }: Resolved<W>, call: Call): Extracted | Stop {
  try {
    const raw = rawPayload(tool.repairs, resolved, call.rawArgs);
    const args = extractArguments(raw, propertiesOf(tool.spec));
    const adapter = peerAdapter(tool.repairs, resolved, args);
    if (adapter) return { kind: 'adapter', adapter, args };
    const redirected = redirectByPayload(tool.repairs, resolved, args);
    return { kind: 'tool', name: redirected.name, args: redirected.args, redirected };
  } catch (error) {
    if (error instanceof ArgumentsError)
      return stop(invalidArgumentsResult(resolved.name, error.problems, call.rawArgs));
    if (error instanceof AliasRepairError) {
      return stop(
        errorResult(error.message, {
          code: ERROR_CODES.INVALID_ARGUMENTS,
          data: { tool: resolved.name },
        }),
      );
    }
    throw error;
  }
}
