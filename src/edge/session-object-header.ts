/**
 * The header the routing handler (fetch-handler.ts) sets on every request it forwards to a session's
 * Durable Object (session-object.ts): the session the object serves. Its own module, so neither
 * imports the other for it.
 */
export const SESSION_OBJECT_HEADER = 'x-browser-agent-tools-session';

/** Header of a request to the registry object: `open`, `touch` or `release`, with a JSON body. */
export const REGISTRY_HEADER = 'x-browser-agent-tools-registry';

/** Header of a request that tells a session's object to end the session (evicted by the registry). */
export const EVICT_HEADER = 'x-browser-agent-tools-evict';

/** Name of the one object that counts the stored sessions (session IDs are UUIDs, so never this). */
export const REGISTRY_NAME = 'browser-agent-tools:session-registry';
