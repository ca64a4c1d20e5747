/**
 * The preview beside the channels: a bash result whose details carry `preview_url` (a dev server
 * started with & on the WebContainer) shows that page in a frame; anything but an https URL shows
 * nothing.
 * Reaches inside: PreviewFrame, one of the playground app's components (src/playground/components/), has no
 * public entry: browser-agent-tools/playground exports the whole component only, so it is rendered alone.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PreviewFrame } from '../../src/playground/components/PreviewFrame/PreviewFrame.tsx';

const render = (details: Record<string, unknown>) =>
  renderToStaticMarkup(createElement(PreviewFrame, { details, testId: 'preview' }));

describe('PreviewFrame', () => {
  it('frames the preview URL, with a link and a title', () => {
    const url = 'https://abc--5173--1234.local-credentialless.webcontainer-api.io';
    const html = render({ preview_url: url, server_ready: [{ port: 5173, url }] });
    expect(html).toContain(`<iframe`);
    expect(html).toContain(`src="${url}"`);
    expect(html).toContain(`title="Preview of ${url}"`);
    expect(html).toContain(`<a href="${url}" target="_blank" rel="noreferrer">${url}</a>`);
    expect(html).toContain('allow="cross-origin-isolated"');
  });

  it.each([
    {},
    { preview_url: 'javascript:alert(1)' },
    { preview_url: 'http://x' },
    { preview_url: 42 },
    { preview_url: 'not a url' },
  ])('shows nothing for %j', (details) => {
    expect(render(details)).toBe('');
  });
});
