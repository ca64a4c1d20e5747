/**
 * Browser stand-in for `node:zlib`, which just-bash's browser bundle imports for gzip, gunzip and zcat
 * (and rg's decompression). vite.config.ts aliases `node:zlib` here for the playground build only, so
 * those commands fail with this message instead of the bundle importing a Node built-in.
 */

const UNSUPPORTED = 'compression is not available in the browser build of the embedded shell';

/** The constants just-bash reads for its compression levels. */
export const constants: Readonly<Record<string, number>> = {
  Z_BEST_COMPRESSION: 9,
  Z_BEST_SPEED: 1,
  Z_DEFAULT_COMPRESSION: -1,
};

export function gzipSync(): never {
  throw new Error(UNSUPPORTED);
}

export function gunzipSync(): never {
  throw new Error(UNSUPPORTED);
}
