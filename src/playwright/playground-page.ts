/**
 * A typed page object over a page that sets `window.playground` (the playground, or a page of yours
 * with the same API): it opens the page at the test's `baseURL`, calls the API through
 * `page.evaluate`, and reads the result channels through their stable test ids.
 */
import type { Page } from '@playwright/test';
import type { AnyToolSpec, Caller, ExposureMode, ToolResult, ToolSpec } from '../index.ts';
import {
  type DeclarationFormat,
  type PlaygroundFile,
  type PlaygroundScenario,
  scenarioHash,
} from './scenario-hash.ts';

/** Options of `execute` and `executeCall`. */
export interface PlaygroundExecuteOptions {
  /** Who calls: the model (default) or a codemode script. */
  caller?: Caller;
  /** Aborts the call after this many milliseconds. Default: no limit. */
  timeoutMs?: number;
}

/** Options of `goto`. */
export interface PlaygroundGotoOptions {
  /** Opens the page on this scenario (the permalink hash): its files, tools and modes, its calls re-run. */
  scenario?: PlaygroundScenario;
  /** `true` opens the embed view (`?embed=1`); a list also picks its panels (`&panels=…`). */
  embed?: boolean | readonly string[];
  /** The page's path, resolved against `baseURL`. Default: `baseURL` itself. */
  path?: string;
}

/**
 * The text each result channel of the shown call renders (heading included), or `null` where that
 * channel is not on the page (an embed without the results panel).
 */
export interface RenderedChannels {
  output: string | null;
  structured_output: string | null;
  details: string | null;
  control: string | null;
}

/** The part of `window.playground` this page object calls; every method returns plain JSON. */
interface PlaygroundWindowApi {
  ready: Promise<void>;
  execute(name: string, args: unknown, options: PlaygroundExecuteOptions): Promise<ToolResult>;
  executeCall(raw: unknown, options: PlaygroundExecuteOptions): Promise<ToolResult>;
  declarations(provider: DeclarationFormat): Promise<unknown[]>;
  register(spec: AnyToolSpec, mode: ExposureMode): Promise<ToolSpec>;
  setMode(name: string, mode: ExposureMode): Promise<{ name: string; mode: ExposureMode }>;
  files(): Promise<Record<string, PlaygroundFile>>;
  reset(scenario?: PlaygroundScenario): Promise<ToolResult[]>;
}

/** `window`, as seen by the functions this page object evaluates in the page. */
type PlaygroundWindow = { playground: PlaygroundWindowApi };
type Method = Exclude<keyof PlaygroundWindowApi, 'ready'>;

const NO_BASE_URL =
  'The playground fixture has no URL to open: set use.baseURL in playwright.config.ts to the address of ' +
  'the playground (or of your page that sets window.playground), or pass an absolute path to goto().';

/** How long `goto` waits for the page to define `window.playground`. */
const API_TIMEOUT_MS = 30_000;

/** The URL `goto` opens: `path` against `baseURL`, the embed query, the scenario hash. */
async function playgroundUrl(options: PlaygroundGotoOptions, baseURL: string | undefined): Promise<URL> {
  let url: URL;
  try {
    url = new URL(options.path ?? '', baseURL);
  } catch {
    throw new Error(NO_BASE_URL);
  }
  if (options.embed) {
    url.searchParams.set('embed', '1');
    if (Array.isArray(options.embed)) url.searchParams.set('panels', options.embed.join(','));
  }
  if (options.scenario) url.hash = await scenarioHash(options.scenario);
  return url;
}

const withoutHash = (href: string): string => href.replace(/#.*$/, '');

export class PlaygroundPage {
  readonly page: Page;
  readonly #baseURL: string | undefined;
  readonly #errors: string[] = [];

  /** Starts collecting console errors and uncaught page errors at once, so `goto` misses none. */
  constructor(page: Page, baseURL?: string) {
    this.page = page;
    this.#baseURL = baseURL;
    page.on('console', (message) => {
      if (message.type() === 'error') this.#errors.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => this.#errors.push(`pageerror: ${error.message}`));
  }

  /**
   * Calls one method of `window.playground` in the page. The function is serialized into the page, so
   * it refers to nothing outside itself; the method is applied to its object, as the page defined it.
   */
  #call<Result>(method: Method, args: readonly unknown[]): Promise<Result> {
    return this.page.evaluate(
      ([name, values]) => {
        const target = (window as unknown as PlaygroundWindow).playground;
        return Reflect.apply(target[name], target, values) as Promise<unknown>;
      },
      [method, args] as const,
    ) as Promise<Result>;
  }

  /**
   * Opens the page (a fresh load, even when only the scenario differs) and resolves once
   * `window.playground.ready` has: the backend is up and a scenario from the URL has been applied.
   */
  async goto(options: PlaygroundGotoOptions = {}): Promise<void> {
    const url = await playgroundUrl(options, this.#baseURL);
    // A change of the hash alone would not reload the page, and the page reads its scenario on load.
    if (withoutHash(this.page.url()) === withoutHash(url.href)) await this.page.goto('about:blank');
    await this.page.goto(url.href);
    try {
      await this.page.waitForFunction(() => 'playground' in window, undefined, { timeout: API_TIMEOUT_MS });
    } catch {
      throw new Error(
        `${url.href} set no window.playground within ${API_TIMEOUT_MS / 1000} s. Point use.baseURL at ` +
          'the playground, or at a page of yours that sets window.playground.',
      );
    }
    await this.page.evaluate(() => (window as unknown as PlaygroundWindow).playground.ready);
  }

  /** Calls a tool by name, as the model (or a codemode script) would; never throws for a failed call. */
  execute(name: string, args: unknown = {}, options: PlaygroundExecuteOptions = {}): Promise<ToolResult> {
    return this.#call('execute', [name, args, options]);
  }

  /** Runs a tool call exactly as a model API returned it (OpenAI, Anthropic, Gemini or MCP form). */
  executeCall(raw: unknown, options: PlaygroundExecuteOptions = {}): Promise<ToolResult> {
    return this.#call('executeCall', [raw, options]);
  }

  /** The declarations the model gets next: catalog form (default) or a provider's format. */
  declarations(provider: DeclarationFormat = 'catalog'): Promise<unknown[]> {
    return this.#call('declarations', [provider]);
  }

  /** The names of the declarations the model gets next. */
  async declaredNames(): Promise<string[]> {
    const specs = (await this.declarations('catalog')) as ToolSpec[];
    return specs.map((spec) => spec.name);
  }

  /** Registers a spec in any format (the page answers it with an echo); resolves with its catalog form. */
  register(spec: AnyToolSpec, mode: ExposureMode): Promise<ToolSpec> {
    return this.#call('register', [spec, mode]);
  }

  setMode(name: string, mode: ExposureMode): Promise<{ name: string; mode: ExposureMode }> {
    return this.#call('setMode', [name, mode]);
  }

  /** Every file under the workspace root: path → text (or `{ base64 }` for binary files). */
  files(): Promise<Record<string, PlaygroundFile>> {
    return this.#call('files', []);
  }

  /** Back to the page's start, or to `scenario` (its calls re-run); resolves with those calls' results. */
  reset(scenario?: PlaygroundScenario): Promise<ToolResult[]> {
    return this.#call('reset', [scenario]);
  }

  /** The channels of the call the page shows (the latest one), as rendered. */
  async channels(): Promise<RenderedChannels> {
    // A result reaches the page's stores before React paints it: let two frames pass.
    await this.page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    const read = async (testId: string): Promise<string | null> => {
      const channel = this.page.getByTestId(testId);
      if ((await channel.count()) === 0) return null;
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text (line breaks, no hidden nodes) is the point.
      return channel.innerText();
    };
    return {
      output: await read('channel-output'),
      structured_output: await read('channel-structured'),
      details: await read('channel-details'),
      control: await read('channel-control'),
    };
  }

  /** Console errors (`console: …`) and uncaught page errors (`pageerror: …`) since the fixture started. */
  consoleErrors(): string[] {
    return [...this.#errors];
  }
}
