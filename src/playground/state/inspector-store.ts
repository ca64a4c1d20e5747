/**
 * What the MCP panel shows of one connected server beyond its tools, as MCP Inspector does: its
 * resources (listed page by page, read) and resource templates, its prompts (listed, got with
 * arguments), and the level of the log messages it sends (`logging/setLevel`). Every request goes
 * through the server's SDK `Client`; a failure becomes words with the next step, never a throw.
 * Everything the server sends is untrusted and kept as plain data for the panel to draw as text.
 * Framework-free.
 */

import { errorMessage } from '../../shared/index.ts';
import { createStore, type Subscribable } from './store.ts';

/** The client requests the inspector makes (structural: the SDK's `Client` has them all). */
export interface InspectedClient {
  getServerCapabilities(): Record<string, unknown> | undefined;
  listResources(params?: { cursor?: string }): Promise<{ resources: unknown[]; nextCursor?: string }>;
  listResourceTemplates(params?: {
    cursor?: string;
  }): Promise<{ resourceTemplates: unknown[]; nextCursor?: string }>;
  readResource(params: { uri: string }): Promise<{ contents: unknown[] }>;
  listPrompts(params?: { cursor?: string }): Promise<{ prompts: unknown[]; nextCursor?: string }>;
  getPrompt(params: {
    name: string;
    arguments?: Record<string, string>;
  }): Promise<{ description?: string; messages: unknown[] }>;
  setLoggingLevel(level: LogLevel): Promise<unknown>;
}

/** Turns one content block of a prompt message into text (the MCP entry's `contentBlockText`). */
type BlockText = (block: unknown) => string;

/** MCP's log levels, least severe first. */
export const LOG_LEVELS = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

interface ResourceItem {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

interface TemplateItem {
  uriTemplate: string;
  name: string;
  description?: string;
  mimeType?: string;
}

interface PromptArgument {
  name: string;
  description?: string;
  required: boolean;
}

export interface PromptItem {
  name: string;
  title?: string;
  description?: string;
  arguments: PromptArgument[];
}

/** One list the server pages through: what came so far, whether more pages wait, and why it failed. */
export interface Listing<T> {
  readonly phase: 'idle' | 'loading' | 'loaded' | 'failed';
  readonly items: readonly T[];
  /** The cursor of the next page, when the server said there is one. */
  readonly nextCursor?: string;
  readonly error?: string;
}

/** One content of a read resource: its text, or for a blob its size (the base64 is kept to copy). */
export interface ContentView {
  uri: string;
  mimeType?: string;
  text?: string;
  blobBase64?: string;
  blobBytes?: number;
}

interface Reading {
  readonly uri: string;
  readonly phase: 'loading' | 'done' | 'failed';
  readonly contents: readonly ContentView[];
  readonly error?: string;
}

/** One message of a prompt: its role and its content as text. */
interface PromptMessageView {
  role: string;
  text: string;
}

export interface PromptRun {
  readonly name: string;
  readonly arguments: Readonly<Record<string, string>>;
  readonly phase: 'loading' | 'done' | 'failed';
  readonly description?: string;
  readonly messages: readonly PromptMessageView[];
  readonly error?: string;
}

interface InspectorState {
  /** Which of these the server declared in its capabilities. */
  readonly offers: { readonly resources: boolean; readonly prompts: boolean; readonly logging: boolean };
  readonly resources: Listing<ResourceItem>;
  readonly templates: Listing<TemplateItem>;
  readonly prompts: Listing<PromptItem>;
  readonly reading: Reading | null;
  readonly prompt: PromptRun | null;
  /** The level last set with `logging/setLevel` (null: the server's own default). */
  readonly logLevel: LogLevel | null;
  readonly logLevelError: string | null;
}

export interface InspectorStore {
  readonly store: Subscribable<InspectorState>;
  /** Lists the resources (the first page, or with `more` the next one) and the resource templates. */
  listResources(more?: boolean): Promise<void>;
  readResource(uri: string): Promise<void>;
  listPrompts(more?: boolean): Promise<void>;
  getPrompt(name: string, args: Record<string, string>): Promise<void>;
  setLogLevel(level: LogLevel): Promise<void>;
}

const EMPTY: Listing<never> = { phase: 'idle', items: [] };

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** `{ key: value }` for each defined value: optional fields stay absent, not `undefined`. */
function defined<T extends object>(fields: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as never;
}

function resourceOf(raw: unknown): ResourceItem {
  const item = (raw ?? {}) as Record<string, unknown>;
  return {
    uri: String(item.uri),
    name: text(item.name) ?? String(item.uri),
    ...defined({
      title: text(item.title),
      description: text(item.description),
      mimeType: text(item.mimeType),
    }),
  };
}

function templateOf(raw: unknown): TemplateItem {
  const item = (raw ?? {}) as Record<string, unknown>;
  return {
    uriTemplate: String(item.uriTemplate),
    name: text(item.name) ?? String(item.uriTemplate),
    ...defined({ description: text(item.description), mimeType: text(item.mimeType) }),
  };
}

function promptOf(raw: unknown): PromptItem {
  const item = (raw ?? {}) as Record<string, unknown>;
  const args = Array.isArray(item.arguments) ? item.arguments : [];
  return {
    name: String(item.name),
    ...defined({ title: text(item.title), description: text(item.description) }),
    arguments: args.map((arg: Record<string, unknown>) => ({
      name: String(arg?.name),
      required: arg?.required === true,
      ...defined({ description: text(arg?.description) }),
    })),
  };
}

/** Decoded size of a base64 string, without decoding it. */
function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

function contentOf(raw: unknown): ContentView {
  const item = (raw ?? {}) as Record<string, unknown>;
  const view: ContentView = { uri: String(item.uri), ...defined({ mimeType: text(item.mimeType) }) };
  if (typeof item.text === 'string') view.text = item.text;
  else if (typeof item.blob === 'string') {
    view.blobBase64 = item.blob;
    view.blobBytes = base64Bytes(item.blob);
  }
  return view;
}

/** Why a request failed, in words, with the next step. */
function explainRequestError(what: string, error: unknown): string {
  // The SDK puts "MCP error -32602: " in front of a server's message that may already start with it.
  const message = errorMessage(error)
    .replace(/^(MCP error -?\d+: )\1+/, '$1')
    .replace(/\.$/, '');
  return `${what} failed: ${message}. Check the request and the server's log messages in this panel, then try again.`;
}

export interface InspectorOptions {
  client: InspectedClient;
  blockText: BlockText;
}

export function createInspectorStore({ client, blockText }: InspectorOptions): InspectorStore {
  const capabilities = client.getServerCapabilities() ?? {};
  const handle = createStore<InspectorState, { type: 'changed' }>({
    offers: {
      resources: capabilities.resources !== undefined,
      prompts: capabilities.prompts !== undefined,
      logging: capabilities.logging !== undefined,
    },
    resources: EMPTY,
    templates: EMPTY,
    prompts: EMPTY,
    reading: null,
    prompt: null,
    logLevel: null,
    logLevelError: null,
  });
  const listing = createListing(handle);

  return {
    store: handle.store,
    async listResources(more = false) {
      await Promise.all([
        listing('resources', 'resources/list', more, async (cursor) => {
          const page = await client.listResources(cursor === undefined ? undefined : { cursor });
          return { items: page.resources.map(resourceOf), nextCursor: page.nextCursor };
        }),
        more
          ? Promise.resolve()
          : listing('templates', 'resources/templates/list', false, async (cursor) => {
              const page = await client.listResourceTemplates(cursor === undefined ? undefined : { cursor });
              return { items: page.resourceTemplates.map(templateOf), nextCursor: page.nextCursor };
            }),
      ]);
    },
    async readResource(uri) {
      handle.set({ reading: { uri, phase: 'loading', contents: [] } });
      try {
        const result = await client.readResource({ uri });
        const contents = (Array.isArray(result.contents) ? result.contents : []).map(contentOf);
        if (handle.get().reading?.uri === uri) handle.set({ reading: { uri, phase: 'done', contents } });
      } catch (error) {
        const message = explainRequestError(`resources/read of ${uri}`, error);
        if (handle.get().reading?.uri === uri) {
          handle.set({ reading: { uri, phase: 'failed', contents: [], error: message } });
        }
      }
    },
    listPrompts: (more = false) =>
      listing('prompts', 'prompts/list', more, async (cursor) => {
        const page = await client.listPrompts(cursor === undefined ? undefined : { cursor });
        return { items: page.prompts.map(promptOf), nextCursor: page.nextCursor };
      }),
    async getPrompt(name, args) {
      const base = { name, arguments: { ...args }, messages: [] };
      handle.set({ prompt: { ...base, phase: 'loading' } });
      try {
        const result = await client.getPrompt({ name, arguments: args });
        const messages = (Array.isArray(result.messages) ? result.messages : []).map((raw) => {
          const message = (raw ?? {}) as Record<string, unknown>;
          return { role: String(message.role), text: blockText(message.content) };
        });
        handle.set({
          prompt: { ...base, phase: 'done', messages, ...defined({ description: text(result.description) }) },
        });
      } catch (error) {
        handle.set({
          prompt: { ...base, phase: 'failed', error: explainRequestError(`prompts/get of ${name}`, error) },
        });
      }
    },
    async setLogLevel(level) {
      try {
        await client.setLoggingLevel(level);
        handle.set({ logLevel: level, logLevelError: null });
      } catch (error) {
        handle.set({ logLevelError: explainRequestError(`logging/setLevel to ${level}`, error) });
      }
    },
  };
}

type ListKey = 'resources' | 'templates' | 'prompts';
type Page<T> = { items: T[]; nextCursor: string | undefined };

/**
 * Loads one page of a list into `key`: the first page afresh, or with `more` the page after the last
 * one, appended. A failure keeps what was listed and says why.
 */
function createListing(handle: ReturnType<typeof createStore<InspectorState, { type: 'changed' }>>) {
  return async <T>(
    key: ListKey,
    method: string,
    more: boolean,
    fetchPage: (cursor: string | undefined) => Promise<Page<T>>,
  ): Promise<void> => {
    const before = handle.get()[key] as Listing<T>;
    const cursor = more ? before.nextCursor : undefined;
    const kept = more ? before.items : [];
    handle.set({ [key]: { phase: 'loading', items: kept } });
    try {
      const page = await fetchPage(cursor);
      const items = [...kept];
      // One by one: a page of 200,000 items spread as arguments would overflow the stack.
      for (const item of page.items) items.push(item);
      const next = page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor };
      handle.set({ [key]: { phase: 'loaded', items, ...next } });
    } catch (error) {
      const next = before.nextCursor === undefined || !more ? {} : { nextCursor: before.nextCursor };
      handle.set({
        [key]: { phase: 'failed', items: kept, ...next, error: explainRequestError(method, error) },
      });
    }
  };
}
