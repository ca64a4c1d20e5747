/**
 * The few web-platform types `src/core/` and `src/shared/` rely on, for tsconfig.core.json only (the library config
 * excludes this file and uses lib.dom instead). Every target runtime (browsers, workers, edge
 * runtimes, Node 18+) provides them; declaring only these keeps DOM and Node typings out of core, so
 * a DOM-only or Node-only global used in core fails the type check.
 */
interface AbortSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

declare var AbortController: {
  prototype: { readonly signal: AbortSignal; abort(reason?: unknown): void };
  new (): { readonly signal: AbortSignal; abort(reason?: unknown): void };
};

declare function setTimeout(handler: () => void, timeout?: number): unknown;
declare function clearTimeout(id: unknown): void;

/** A channel of two ports (browsers, workers, edge runtimes, Node 15+): `nextTask` in src/shared. */
declare class MessageChannel {
  readonly port1: { onmessage: (() => void) | null; close(): void };
  readonly port2: { postMessage(message: unknown): void };
}
