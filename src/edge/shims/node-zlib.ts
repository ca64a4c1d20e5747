/**
 * Stand-in for `node:zlib` in the worker bundle only: `npm run build:edge` aliases `node:zlib` here,
 * because just-bash's browser build imports it for gzip, gunzip and zcat, and a Cloudflare Worker has
 * no `node:zlib` without the `nodejs_compat` flag. With it, the worker needs no compatibility flag and
 * those commands fail with this message instead. Imports nothing.
 */

const UNSUPPORTED = 'compression is not available in the edge build of the embedded shell';

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
