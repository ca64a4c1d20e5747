/**
 * The headers the routing handler (session-routing.ts) sets on the requests it sends the Durable
 * Objects (session-object.ts), and the name of the one object it reaches by name. Its own module, so
 * neither imports the other for them. Every such header starts with {@link INTERNAL_HEADER_PREFIX}, and
 * the router deletes every header with that prefix from a client's request before it adds its own: an
 * object can trust them because no client can send one through the router.
 */
export const INTERNAL_HEADER_PREFIX = 'x-browser-agent-tools-';

/** The session the object serves (set on every request forwarded to a session's object). */
export const SESSION_OBJECT_HEADER: string = `${INTERNAL_HEADER_PREFIX}session`;

/** Set on the `initialize` that opens a new session: only such a request makes an object store anything. */
export const OPEN_HEADER: string = `${INTERNAL_HEADER_PREFIX}open`;

/** Header of a request to the registry object: `open`, `touch` or `release`, with a JSON body. */
export const REGISTRY_HEADER: string = `${INTERNAL_HEADER_PREFIX}registry`;

/** Header of a request that tells a session's object to end the session (evicted by the registry). */
export const EVICT_HEADER: string = `${INTERNAL_HEADER_PREFIX}evict`;

/**
 * Name of the one object that counts the stored sessions. Sessions are never reached by name (their
 * IDs come from `newUniqueId()`), so no session ID can name it.
 */
export const REGISTRY_NAME = 'browser-agent-tools:session-registry';
