/**
 * A wire log of an MCP connection: every JSON-RPC message the client sends and receives, and each
 * failure of the transport, as it happens. It wraps the SDK's own transport (its `send` and
 * `onmessage`), so what it records is exactly what went over the wire; nothing here speaks MCP.
 */
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import { errorMessage } from '../shared/index.ts';

/**
 * A message the client handed its transport to send (`'sent'`; a send that then fails is followed by an
 * `'error'` event naming it) or received from the server (`'received'`).
 */
export interface McpWireMessage {
  direction: 'sent' | 'received';
  message: JSONRPCMessage;
  /** When it went over the wire, in milliseconds on `performance.now()`'s clock. */
  at: number;
}

/** The transport failed: a message could not be sent, or a stream broke. No message went over the wire. */
export interface McpWireError {
  direction: 'error';
  error: string;
  /** The message that could not be sent, when the failure was a send. */
  message?: JSONRPCMessage;
  at: number;
}

/** One event of the wire log. */
export type McpWireEvent = McpWireMessage | McpWireError;

/** Hears the wire log's events, in the order they happen. Must not throw (a throw is ignored). */
export type McpWireListener = (event: McpWireEvent) => void;

/**
 * `transport`, with every message it sends and receives (and every error it reports) told to
 * `listener` first. Pass the result to `Client.connect` in place of the transport.
 */
export function withWireLog(transport: Transport, listener: McpWireListener): Transport {
  return new WireLoggedTransport(transport, listener);
}

class WireLoggedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;

  constructor(
    private readonly inner: Transport,
    private readonly listener: McpWireListener,
  ) {}

  /** The inner transport's session, which the SDK reads to know whether a connection is resumed. */
  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  start(): Promise<void> {
    this.inner.onmessage = (message, extra) => {
      this.tell({ direction: 'received', message, at: now() });
      this.onmessage?.(message, extra);
    };
    this.inner.onerror = (error) => {
      this.tell({ direction: 'error', error: errorMessage(error), at: now() });
      this.onerror?.(error);
    };
    this.inner.onclose = () => this.onclose?.();
    return this.inner.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.tell({ direction: 'sent', message, at: now() });
    try {
      await this.inner.send(message, options);
    } catch (error) {
      this.tell({ direction: 'error', error: errorMessage(error), message, at: now() });
      throw error;
    }
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** A listener that throws must not break the connection it only watches. */
  private tell(event: McpWireEvent): void {
    try {
      this.listener(event);
    } catch {
      // Ignored: the log is an observer.
    }
  }
}

function now(): number {
  return globalThis.performance?.now() ?? Date.now();
}
