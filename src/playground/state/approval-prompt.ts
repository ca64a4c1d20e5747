/**
 * The in-page approval prompt: the `onApproval` a host gives its suite, answered by whoever looks at
 * the playground. Each request waits in `pending` until `decide` answers it, oldest first (the call
 * waits meanwhile). Framework-free.
 */
import type { ApprovalDecision, ApprovalRequest, Effect } from 'browser-agent-tools';
import { createStore, type Store } from './store.ts';

/** One request waiting for an answer: plain JSON, the arguments as the tool would receive them. */
export interface PendingApproval {
  readonly id: number;
  readonly tool: string;
  readonly arguments: Record<string, unknown>;
  readonly effects: readonly Effect[] | null;
  /** The effects (or `unknown`) whose policy level is `ask`. */
  readonly asking: readonly string[];
  readonly caller: string;
}

export interface ApprovalPromptState {
  readonly pending: readonly PendingApproval[];
}

export type ApprovalPromptEvent =
  | { type: 'asked'; id: number }
  | { type: 'decided'; id: number; approved: boolean };

export interface ApprovalPrompt {
  readonly store: Store<ApprovalPromptState, ApprovalPromptEvent>;
  /** Give this to `createToolSuite({ onApproval })`: it resolves once the request is answered in the page. */
  onApproval(request: ApprovalRequest): Promise<ApprovalDecision>;
  /** Answers the pending request `id`; an unknown id is ignored. */
  decide(id: number, decision: ApprovalDecision): void;
}

/** Creates the prompt; pass its `onApproval` to the suite and the prompt to the playground. */
export function createApprovalPrompt(): ApprovalPrompt {
  const handle = createStore<ApprovalPromptState, ApprovalPromptEvent>({ pending: [] });
  const waiting = new Map<number, (decision: ApprovalDecision) => void>();
  let nextId = 1;
  const decide = (id: number, decision: ApprovalDecision): void => {
    const resolve = waiting.get(id);
    if (!resolve) return;
    waiting.delete(id);
    const approved = decision === true || (typeof decision === 'object' && decision.approved);
    handle.set(
      { pending: handle.get().pending.filter((request) => request.id !== id) },
      { type: 'decided', id, approved },
    );
    resolve(decision);
  };
  return {
    store: handle.store,
    onApproval(request) {
      const id = nextId++;
      const pending: PendingApproval = {
        id,
        tool: request.tool,
        arguments: JSON.parse(JSON.stringify(request.arguments)) as Record<string, unknown>,
        effects: request.effects,
        asking: [...request.asking],
        caller: request.caller,
      };
      return new Promise<ApprovalDecision>((resolve) => {
        waiting.set(id, resolve);
        handle.set({ pending: [...handle.get().pending, pending] }, { type: 'asked', id });
      });
    },
    decide,
  };
}
