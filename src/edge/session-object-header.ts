/**
 * The header the routing handler (fetch-handler.ts) sets on every request it forwards to a session's
 * Durable Object (session-object.ts): the session the object serves. Its own module, so neither
 * imports the other for it.
 */
export const SESSION_OBJECT_HEADER = 'x-browser-agent-tools-session';
