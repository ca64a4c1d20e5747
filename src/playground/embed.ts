/**
 * `?embed=1`: the playground inside an iframe of the documentation. The URL picks the panels
 * (`panels=results,declarations`, the default), the theme (`theme=light|dark|system`) and the height
 * (`height=` fixed, or `maxHeight=`, default 800, to grow up to); past it the frame scrolls inside.
 * The page reports its height to the embedding page (a `postMessage`) so the iframe fits, and the
 * Share panel writes the HTML that embeds the current scenario.
 */

/** Panels an embed can show, in the order the URL lists them. */
const EMBED_PANELS = ['results', 'declarations', 'composer', 'history', 'workspace', 'catalog'] as const;
export type EmbedPanel = (typeof EMBED_PANELS)[number];

/** What an embed shows when the URL does not say: the scenario's last result and the declarations. */
const DEFAULT_EMBED_PANELS: readonly EmbedPanel[] = ['results', 'declarations'];

/** The `type` of the message an embedded page posts to its parent with its height in CSS pixels. */
const HEIGHT_MESSAGE = 'browser-agent-tools:embed-height';

/** The themes `theme=` takes: a docs page picks the one that matches its own. */
const EMBED_THEMES = ['light', 'dark', 'system'] as const;
type EmbedTheme = (typeof EMBED_THEMES)[number];

/** The most an embed grows to when the URL gives neither `height=` nor `maxHeight=`; it scrolls inside. */
const DEFAULT_EMBED_MAX_HEIGHT = 800;

export interface EmbedOptions {
  readonly panels: readonly EmbedPanel[];
  /** Names in `panels=` this page does not know (shown, so a typo in the docs is noticed). */
  readonly unknown: readonly string[];
  /** `theme=`; absent: the visitor's choice (the toggle's, else the system's). */
  readonly theme: EmbedTheme | null;
  /** `height=`: the frame is this tall (CSS pixels) and scrolls inside. */
  readonly height: number | null;
  /** `maxHeight=`: the frame grows with its content up to this, then scrolls inside. */
  readonly maxHeight: number;
  /** Parameters with a value this page cannot use, shown like unknown panels. */
  readonly invalid: readonly string[];
}

/** A height in CSS pixels from the URL: a whole number from 120 to 10,000, else `null`. */
function pixels(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const number = Number(value);
  return number >= 120 && number <= 10_000 ? number : null;
}

const isTheme = (value: string | null): value is EmbedTheme =>
  value !== null && (EMBED_THEMES as readonly string[]).includes(value);

/** `theme=`, `height=` and `maxHeight=` of the query, and the ones whose value is not usable. */
function frameOptions(
  params: URLSearchParams,
): Pick<EmbedOptions, 'theme' | 'height' | 'maxHeight' | 'invalid'> {
  const invalid: string[] = [];
  const theme = params.get('theme');
  if (theme !== null && !isTheme(theme)) invalid.push(`theme=${theme} (light, dark or system)`);
  const read = (name: string): number | null => {
    const value = params.get(name);
    const parsed = pixels(value);
    if (value !== null && parsed === null) invalid.push(`${name}=${value} (whole pixels from 120 to 10000)`);
    return parsed;
  };
  const height = read('height');
  const maxHeight = read('maxHeight');
  return {
    theme: isTheme(theme) ? theme : null,
    height,
    maxHeight: height ?? maxHeight ?? DEFAULT_EMBED_MAX_HEIGHT,
    invalid,
  };
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
    ...frameOptions(params),
  };
}

/** The same page outside the iframe: the URL without `embed` and `panels`, the scenario kept. */
export function fullPageUrl(href: string): string {
  const url = new URL(href);
  for (const name of ['embed', 'panels', 'theme', 'height', 'maxHeight']) url.searchParams.delete(name);
  return url.toString();
}

/**
 * Posts the height of `content` to the parent page whenever it changes. The parent checks the
 * message's origin and source (see {@link embedCode}). Returns the function that stops it.
 */
export function reportHeight(
  content: HTMLElement,
  limits: { height: number | null; maxHeight: number },
  target: Window = window.parent,
): () => void {
  if (target === window) return () => {};
  let last = -1;
  const post = () => {
    const natural = Math.ceil(content.getBoundingClientRect().height);
    const height = limits.height ?? Math.min(natural, limits.maxHeight);
    if (height === last) return;
    last = height;
    target.postMessage({ type: HEIGHT_MESSAGE, height }, '*');
  };
  const observer = new ResizeObserver(post);
  observer.observe(content);
  post();
  return () => observer.disconnect();
}

/** The parameters the copied embed code starts with: a light frame for a light docs page, 800 px at most. */
const EMBED_CODE_PARAMS = `theme=light&maxHeight=${DEFAULT_EMBED_MAX_HEIGHT}`;

/**
 * HTML that embeds the playground at `embedUrl` (an `?embed=1` URL), with the few lines of script that
 * size the iframe to the height it reports. Only messages from that iframe's origin and window count.
 * The URL gets {@link EMBED_CODE_PARAMS} where it names no theme or height, so they are there to edit.
 */
export function embedCode(embedUrl: string): string {
  const url = new URL(embedUrl);
  const origin = url.origin;
  if (!['theme', 'height', 'maxHeight'].some((name) => url.searchParams.has(name)))
    url.search = `${url.search}&${EMBED_CODE_PARAMS}`;
  const src = url.toString().replace(/&/g, '&amp;').replace(/"/g, '&quot;');
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
