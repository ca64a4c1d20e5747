/**
 * `?embed=1`: the playground inside an iframe of the documentation. The URL picks the panels
 * (`panels=results,declarations`, the default), the page reports its height to the embedding page
 * (a `postMessage`) so the iframe can grow to fit without a scroll bar, and the Share panel writes the
 * HTML that embeds the current scenario.
 */

/** Panels an embed can show, in the order the URL lists them. */
export const EMBED_PANELS = [
  'results',
  'declarations',
  'composer',
  'history',
  'workspace',
  'catalog',
] as const;
export type EmbedPanel = (typeof EMBED_PANELS)[number];

/** What an embed shows when the URL does not say: the scenario's last result and the declarations. */
export const DEFAULT_EMBED_PANELS: readonly EmbedPanel[] = ['results', 'declarations'];

/** The `type` of the message an embedded page posts to its parent with its height in CSS pixels. */
export const HEIGHT_MESSAGE = 'browser-agent-tools:embed-height';

export interface EmbedOptions {
  readonly panels: readonly EmbedPanel[];
  /** Names in `panels=` this page does not know (shown, so a typo in the docs is noticed). */
  readonly unknown: readonly string[];
}

const isPanel = (name: string): name is EmbedPanel => (EMBED_PANELS as readonly string[]).includes(name);

/** The embed options of a URL's query, or `null` when it is not an embed (`embed=1`). */
export function embedOptions(search: string): EmbedOptions | null {
  const params = new URLSearchParams(search);
  if (params.get('embed') !== '1') return null;
  const names = (params.get('panels') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const panels = [...new Set(names.filter(isPanel))];
  return {
    panels: panels.length > 0 ? panels : DEFAULT_EMBED_PANELS,
    unknown: names.filter((name) => !isPanel(name)),
  };
}

/** The same page outside the iframe: the URL without `embed` and `panels`, the scenario kept. */
export function fullPageUrl(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('embed');
  url.searchParams.delete('panels');
  return url.toString();
}

/**
 * Posts the height of `content` to the parent page whenever it changes. The parent checks the
 * message's origin and source (see {@link embedCode}). Returns the function that stops it.
 */
export function reportHeight(content: HTMLElement, target: Window = window.parent): () => void {
  if (target === window) return () => {};
  let last = -1;
  const post = () => {
    const height = Math.ceil(content.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    target.postMessage({ type: HEIGHT_MESSAGE, height }, '*');
  };
  const observer = new ResizeObserver(post);
  observer.observe(content);
  post();
  return () => observer.disconnect();
}

/**
 * HTML that embeds the playground at `embedUrl` (an `?embed=1` URL), with the few lines of script that
 * size the iframe to the height it reports. Only messages from that iframe's origin and window count.
 */
export function embedCode(embedUrl: string): string {
  const origin = new URL(embedUrl).origin;
  const src = embedUrl.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<iframe src="${src}" title="browser-agent-tools playground" loading="lazy" style="width:100%;height:480px;border:0"></iframe>
<script>
  addEventListener('message', (event) => {
    if (event.origin !== ${JSON.stringify(origin)} || event.data?.type !== ${JSON.stringify(HEIGHT_MESSAGE)}) return;
    for (const frame of document.querySelectorAll('iframe')) {
      if (frame.contentWindow === event.source) frame.style.height = event.data.height + 'px';
    }
  });
</script>`;
}
