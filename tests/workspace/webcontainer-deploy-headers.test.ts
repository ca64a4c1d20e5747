/**
 * The deploy files (public/_headers for Netlify and Cloudflare Pages, vercel.json for Vercel) make
 * the built playground cross-origin isolated with the same COOP and COEP that vite.config.ts sends in
 * development and preview, so a deployed page can boot the WebContainer as the local one does; and
 * they add the Cross-Origin-Resource-Policy an isolated page needs to frame it (docs/deploying.md).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

const ISOLATION = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

describe('deploy headers', () => {
  it('vite.config.ts sends the same COOP and COEP for dev and preview', () => {
    const config = read('vite.config.ts');
    expect(config).toContain("'Cross-Origin-Opener-Policy': 'same-origin'");
    expect(config).toContain("'Cross-Origin-Embedder-Policy': 'require-corp'");
  });

  it('public/_headers sets them on every path (Netlify, Cloudflare Pages)', () => {
    const lines = read('public/_headers')
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('#'));
    expect(lines).toEqual(['/*', ...Object.entries(ISOLATION).map(([name, value]) => `  ${name}: ${value}`)]);
  });

  it('vercel.json sets them on every path and serves the built playground', () => {
    const vercel = JSON.parse(read('vercel.json')) as {
      outputDirectory: string;
      headers: { source: string; headers: { key: string; value: string }[] }[];
    };
    expect(vercel.outputDirectory).toBe('dist/playground');
    expect(vercel.headers).toEqual([
      { source: '/(.*)', headers: Object.entries(ISOLATION).map(([key, value]) => ({ key, value })) },
    ]);
  });
});
