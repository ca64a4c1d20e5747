/**
 * Image detection by content (magic bytes, never the file name) and base64 encoding without `Buffer`,
 * for the read tool. Pure functions over bytes; imports nothing.
 */

/** The image types read returns as image data. */
export type ImageMimeType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);

const ascii = (text: string): number[] => Array.from(text, (char) => char.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');

/**
 * The image type of `bytes` from their signature (PNG, JPEG, GIF, WebP), or `undefined` when they are
 * not one of those. Only the first 12 bytes are looked at.
 */
export function detectImageMimeType(bytes: Uint8Array): ImageMimeType | undefined {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return 'image/gif';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'image/webp';
  return undefined;
}

/** Bytes per `btoa` call: a multiple of 3, so the chunks' encodings concatenate without padding. */
const BASE64_CHUNK = 3 * 8192;

/** Standard base64 (with padding) of `bytes`, using `btoa` on chunks so no runtime needs `Buffer`. */
export function encodeBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let start = 0; start < bytes.length; start += BASE64_CHUNK) {
    const chunk = bytes.subarray(start, start + BASE64_CHUNK);
    parts.push(btoa(String.fromCharCode(...chunk)));
  }
  return parts.join('');
}
