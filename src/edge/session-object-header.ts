/**
 * The headers the routing handler (session-routing.ts) sets on the requests it sends the Durable
 * Objects (session-object.ts), and the names of the only objects reached by name: the shards of the
 * session counter. Its own module, so neither imports the other for them. Every such header starts
 * with {@link INTERNAL_HEADER_PREFIX}, and the router deletes every header with that prefix from a
 * client's request before it adds its own: an object can trust them because no client can send one
 * through the router.
 */
export const INTERNAL_HEADER_PREFIX = 'x-browser-agent-tools-';

/** The session the object serves (set on every request forwarded to a session's object). */
export const SESSION_OBJECT_HEADER: string = `${INTERNAL_HEADER_PREFIX}session`;

/** Set on the `initialize` that opens a new session: only such a request makes an object store anything. */
export const OPEN_HEADER: string = `${INTERNAL_HEADER_PREFIX}open`;

/**
 * Set with {@link OPEN_HEADER} when the deployment has a session cap: the name of the counter shard
 * that counted the new session, which the session's object tells when the session ends.
 */
export const COUNTER_SHARD_HEADER: string = `${INTERNAL_HEADER_PREFIX}counter-shard`;

/** Header of a request to a counter shard: `admit` or `release`, with a JSON body. */
export const COUNTER_HEADER: string = `${INTERNAL_HEADER_PREFIX}counter`;

/**
 * Shards of the session counter at most. Each new session costs one request to one shard and its end
 * one more, so a shard sees 2 / 32 of the deployment's session openings and endings (docs/edge.md
 * works it out for 100k sessions).
 */
export const COUNTER_SHARDS = 32;

/**
 * Name of counter shard `index`. Sessions are never reached by name (their IDs come from
 * `newUniqueId()`), so no session ID can name a shard.
 */
export function counterShardName(index: number): string {
  return `browser-agent-tools:session-counter:${index}`;
}
