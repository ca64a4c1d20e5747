/**
 * Policy and approval: the policy's level for the tool's effects; `deny` ends the call, `ask` asks the
 * host's approver (unless the call comes pre-approved), and no approver or a refusal ends it too.
 */
import { errorMessage } from '../../shared/index.ts';
import { ERROR_CODES } from '../errors.ts';
import { evaluatePolicy } from '../policy.ts';
import { errorResult } from '../results.ts';
import type { ApprovalDecision, ApprovalRequest, RegisteredTool, ToolResult } from '../types.ts';
import { type Call, type Engine, firstLine } from './engine.ts';

/**
 * The error that refuses the call, or `undefined` when it may run. A promise only when the approver
 * is asked: a call the policy lets through goes on without waiting a turn.
 */
export function approveCall<W>(
  engine: Engine<W>,
  call: Call,
  tool: RegisteredTool<W>,
  args: Record<string, unknown>,
): ToolResult | undefined | Promise<ToolResult | undefined> {
  const name = tool.spec.name;
  const toolEffects = engine.effects(tool);
  const verdict = evaluatePolicy(engine.policy, toolEffects);
  if (verdict.level === 'deny') {
    return errorResult(
      `Tool "${name}" was denied by policy (${describeEffects(verdict.because)}), so it did not run. Do not retry it; use a tool without that effect or ask the user.`,
      { code: ERROR_CODES.DENIED, data: { tool: name, effects: verdict.because } },
    );
  }
  if (verdict.level !== 'ask' || call.options.approved === true) return undefined;
  const request: ApprovalRequest = {
    tool: name,
    arguments: args,
    effects: toolEffects,
    asking: verdict.because,
    caller: call.caller,
    session: call.session,
  };
  return askApproval(engine, request).then((refusal) =>
    refusal === undefined
      ? undefined
      : errorResult(refusal, {
          code: ERROR_CODES.NOT_APPROVED,
          data: { tool: name, effects: verdict.because },
        }),
  );
}

/** `effect fs_write, unknown effects`: the effects a verdict names, as a refusal says them. */
function describeEffects(effects: readonly string[]): string {
  return effects.map((effect) => (effect === 'unknown' ? 'unknown effects' : `effect ${effect}`)).join(', ');
}

/** The refusal text, or `undefined` when the approver approved. */
async function askApproval(engine: Engine, request: ApprovalRequest): Promise<string | undefined> {
  const what = describeEffects(request.asking);
  if (!engine.onApproval) {
    return `Tool "${request.tool}" needs approval (${what}) but no approver is configured, so it did not run. Ask the user to allow it.`;
  }
  let decision: ApprovalDecision;
  try {
    decision = await engine.onApproval(request);
  } catch (error) {
    const message = errorMessage(error);
    return `Tool "${request.tool}" was not approved (${what}): the approval failed (${firstLine(message)}). Ask the user how to proceed.`;
  }
  const approved = typeof decision === 'boolean' ? decision : decision.approved === true;
  if (approved) return undefined;
  const reason = typeof decision === 'object' && decision.reason ? `: ${decision.reason}` : '';
  return `The user did not approve tool "${request.tool}" (${what})${reason}. Do not retry the same call; ask the user how to proceed.`;
}
