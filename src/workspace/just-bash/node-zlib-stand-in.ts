/**
 * A stand-in for `node:zlib`, for bundles that put just-bash in a browser or an edge worker. just-bash's
 * browser build imports `node:zlib` for gzip, gunzip and zcat; alias `node:zlib` to this module (the
 * playground's Vite build and the edge worker's esbuild build do) and those commands fail with a clear
 * message instead of the bundle importing a Node built-in (or needing workerd's `nodejs_compat`).
 * Published as `browser-agent-tools/workspace/just-bash/node-zlib` for hosts' own bundlers. Imports
 * nothing.
 */

const UNSUPPORTED = 'compression is not available in the browser and edge builds of the embedded shell';

/** The constants just-bash reads for its compression levels. */
export const constants: Readonly<Record<string, number>> = {
  Z_BEST_COMPRESSION: 9,
  Z_BEST_SPEED: 1,
  Z_DEFAULT_COMPRESSION: -1,
};

/** Always throws: compression is not available here. */
export function gzipSync(): never {
  throw new Error(UNSUPPORTED);
}

/** Always throws: decompression is not available here. */
export function gunzipSync(): never {
  throw new Error(UNSUPPORTED);
}
