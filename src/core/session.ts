/**
 * Sessions: the deferred tools activated so far and the control directives received. One per agent
 * conversation; `execute` applies a result's `control` to the session it ran in.
 */
import type {
  HandoffDirective,
  SessionEvent,
  TerminateDirective,
  ToolControl,
  ToolSession,
} from './types.ts';

let counter = 0;

/** How each session made here records directives; kept off the public interface. */
const recorders = new WeakMap<ToolSession, (control: ToolControl) => void>();

/**
 * Applies a result's `control` to `session`: activates `add_tools`, records `handoff` and `terminate`.
 * Returns the names newly activated. Sessions made elsewhere only get their `activate` called.
 */
export function applyControl(session: ToolSession, control: ToolControl): string[] {
  const added = control.add_tools ? session.activate(control.add_tools.map((spec) => spec.name)) : [];
  recorders.get(session)?.(control);
  return added;
}

/** Creates a session. `canActivate` says which names may be activated (deferred catalog tools). */
export function createSession(canActivate: (name: string) => boolean, id?: string): ToolSession {
  counter += 1;
  const sessionId = id ?? `session-${counter}`;
  const active = new Set<string>();
  const listeners = new Set<(event: SessionEvent) => void>();
  let terminated: TerminateDirective | null = null;
  let handoff: HandoffDirective | null = null;

  const emit = (event: SessionEvent): void => {
    for (const listener of [...listeners]) listener(event);
  };

  const session: ToolSession = {
    id: sessionId,
    activeTools: () => [...active],
    isActive: (name) => active.has(name),
    activate(names) {
      const added: string[] = [];
      for (const name of names) {
        if (typeof name !== 'string' || active.has(name) || !canActivate(name)) continue;
        active.add(name);
        added.push(name);
      }
      if (added.length > 0) emit({ type: 'activated', names: added });
      return added;
    },
    get terminated() {
      return terminated;
    },
    get handoff() {
      return handoff;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  recorders.set(session, (control) => {
    if (control.handoff) {
      handoff = control.handoff;
      emit({ type: 'handoff', directive: control.handoff });
    }
    if (control.terminate) {
      const directive = control.terminate === true ? {} : control.terminate;
      terminated = directive;
      emit({ type: 'terminated', directive });
    }
  });
  return session;
}
