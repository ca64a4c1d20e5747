/**
 * Image detection by magic bytes and the Buffer-free base64 encoder used by read.
 * Reaches inside: detectImageMimeType and encodeBase64 (src/tools/images.ts) are exported by no entry; every
 * format's magic bytes and the encoder are checked alone, the encoder against Buffer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectImageMimeType, encodeBase64 } from '../../src/tools/images.ts';

const bytesOf = (...parts: (number[] | string)[]): Uint8Array =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)),
  );

describe('detectImageMimeType', () => {
  it('recognises PNG, JPEG, GIF87a/89a and WebP by their signatures', () => {
    expect(detectImageMimeType(bytesOf([0x89], 'PNG\r\n\x1a\n', [0, 0]))).toBe('image/png');
    expect(detectImageMimeType(bytesOf([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(detectImageMimeType(bytesOf('GIF87a..'))).toBe('image/gif');
    expect(detectImageMimeType(bytesOf('GIF89a..'))).toBe('image/gif');
    expect(detectImageMimeType(bytesOf('RIFF', [1, 2, 3, 4], 'WEBPVP8L'))).toBe('image/webp');
  });

  it('rejects near misses: truncated signatures, RIFF that is not WebP, text', () => {
    expect(detectImageMimeType(bytesOf([0x89], 'PNG'))).toBeUndefined();
    expect(detectImageMimeType(bytesOf([0xff, 0xd8]))).toBeUndefined();
    expect(detectImageMimeType(bytesOf('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBeUndefined();
    expect(detectImageMimeType(bytesOf('GIF88a'))).toBeUndefined();
    expect(detectImageMimeType(bytesOf('not an image'))).toBeUndefined();
    expect(detectImageMimeType(new Uint8Array())).toBeUndefined();
  });
});

describe('encodeBase64', () => {
  it('equals standard base64 for any bytes, across the chunk boundary', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 300 }),
        fc.constantFrom(0, 24575, 24576, 24577, 49153),
        (head, pad) => {
          const bytes = new Uint8Array(pad + head.length);
          bytes.set(head, pad);
          for (let index = 0; index < pad; index += 1) bytes[index] = (index * 31) & 0xff;
          expect(encodeBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
        },
      ),
      { numRuns: 100 },
    );
  });
});
