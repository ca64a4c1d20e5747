/**
 * Scenarios: what a permalink, an exported session and `window.playground.reset()` carry (starting
 * files, registered tools and modes, calls, the MCP servers connected, the backend), their validation (they come
 * from URLs and files, so they are untrusted), and their compressed form for the URL hash
 * (`deflate-raw` + base64url).
 */

import {
  type Caller,
  EXPOSURE_MODES,
  type ExposureMode,
  normalizeSpec,
  type ToolSpec,
} from 'browser-agent-tools';
import { errorMessage, formatSize, nextTask } from '../../shared/index.ts';
import { parseRecorded, type RecordedResult } from './replay-check.ts';

/** A file's content: UTF-8 text, or bytes as base64. */
export type ScenarioFile = string | { base64: string };

/**
 * One call: by name with arguments, or raw, exactly as a model API returned it; with what its result
 * was when the link was made, so the replay can say whether it got the same.
 */
export type ScenarioCall = (
  | { name: string; arguments?: unknown; caller?: Caller }
  | { raw: unknown; caller?: Caller }
) & { recorded?: RecordedResult };

/**
 * An MCP server connected when the link was made, so a replay that misses its tools can offer to
 * connect it. Never its headers: a link is shared, and they hold tokens.
 */
export interface ScenarioServer {
  /** An http(s) URL without user name, password, query or fragment, any of which may hold a secret. */
  url: string;
  /** Put in front of its tool names when it was connected. */
  prefix?: string;
  /** Names of the tools it put in the catalog (with the prefix). */
  tools: string[];
}

/**
 * Where a link's calls ran: the embedded shell, a WebContainer, or a host's own workspace. A replay on
 * another one says its results may differ (a shell's programs and their output are not the same).
 */
export type ScenarioBackend = 'embedded' | 'webcontainer' | 'host';
const SCENARIO_BACKENDS: readonly ScenarioBackend[] = ['embedded', 'webcontainer', 'host'];

/** Everything needed to rebuild the playground's state and re-run its calls. */
export interface Scenario {
  version: 1;
  /** Files the workspace starts with, relative to its root. Absent: the demo project. */
  files?: Record<string, ScenarioFile>;
  /** Tools registered on top of the built-ins and the demo catalog (answered by the echo implementation). */
  tools?: { spec: ToolSpec; mode: ExposureMode }[];
  /**
   * Modes of built-in, demo, host and MCP tools that differ from their defaults (a registered tool's
   * mode is in `tools`): a tool declared another way gives the model other declarations.
   */
  modes?: Record<string, ExposureMode>;
  /** Calls re-run in order after the rest is in place. */
  calls?: ScenarioCall[];
  /** Provider format shown in the declarations panel. */
  provider?: string;
  /** MCP servers connected when the link was made (a replay does not connect them unasked). */
  servers?: ScenarioServer[];
  /** The backend the calls ran on. Absent (links made before it was recorded): not known. */
  backend?: ScenarioBackend;
}

/** Key of the scenario in the URL hash: `#scenario=<data>`. */
export const HASH_KEY = 'scenario';
/** The most a compressed scenario may expand to. */
const MAX_SCENARIO_BYTES = 8 * 1024 * 1024;
/** The most characters of link data read (Chromium drops URLs past 2 MB; chat apps cut far sooner). */
const MAX_LINK_CHARS = 1024 * 1024;
/** The most files and calls a scenario may hold. */
const MAX_FILES = 2_000;
const MAX_CALLS = 500;
/** The most MCP servers a scenario names, characters of a server's URL, and tools of one server. */
export const MAX_SERVERS = 32;
export const MAX_SERVER_URL = 2048;
export const MAX_SERVER_TOOLS = 1000;
/** The most changed modes a scenario names (a catalog rarely has more tools than that). */
const MAX_MODES = 2000;
/** The characters and length of a tool name (or prefix) `register` accepts (src/core/normalize.ts). */
const NAME = /^[A-Za-z0-9_.:-]{1,128}$/;

/** Why a scenario was refused. The message is shown to the user. */
export class ScenarioError extends Error {
  override name = 'ScenarioError';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isMode = (value: unknown): value is ExposureMode =>
  typeof value === 'string' && (EXPOSURE_MODES as readonly string[]).includes(value);

const isCaller = (value: unknown): value is Caller => value === 'model' || value === 'codemode';

/**
 * A relative path inside the workspace, normalised (`./a//b` → `a/b`), or an error: absolute paths,
 * `..`, backslashes and NUL are refused.
 */
export function scenarioPath(path: string): string {
  if (path.includes('\0') || path.includes('\\'))
    throw new ScenarioError(`File path ${JSON.stringify(path)} is not allowed.`);
  const parts = path.split('/').filter((part) => part !== '' && part !== '.');
  if (path.startsWith('/') || parts.length === 0 || parts.includes('..')) {
    throw new ScenarioError(
      `File path ${JSON.stringify(path)} must be relative to the workspace, without "..".`,
    );
  }
  return parts.join('/');
}

/** Checks an untrusted value and returns a clean scenario (new objects; unknown keys dropped). */
export function parseScenario(value: unknown): Scenario {
  if (!isRecord(value)) throw new ScenarioError('A scenario must be a JSON object.');
  if (value.version !== 1)
    throw new ScenarioError(
      `Unknown scenario version ${JSON.stringify(value.version)}; this page reads version 1.`,
    );
  const scenario: Scenario = { version: 1 };

  if (value.files !== undefined) {
    if (!isRecord(value.files)) throw new ScenarioError('"files" must be an object of path → content.');
    const entries = Object.entries(value.files);
    if (entries.length > MAX_FILES)
      throw new ScenarioError(`A scenario may hold at most ${MAX_FILES} files.`);
    scenario.files = Object.fromEntries(
      entries.map(([path, content]): [string, ScenarioFile] => {
        if (typeof content === 'string') return [scenarioPath(path), content];
        if (isRecord(content) && typeof content.base64 === 'string')
          return [scenarioPath(path), { base64: content.base64 }];
        throw new ScenarioError(`File ${JSON.stringify(path)} must be text or { "base64": "…" }.`);
      }),
    );
  }

  if (value.tools !== undefined) {
    if (!Array.isArray(value.tools)) throw new ScenarioError('"tools" must be a list of { spec, mode }.');
    scenario.tools = value.tools.map((entry, index) => {
      if (!isRecord(entry) || !isMode(entry.mode)) {
        throw new ScenarioError(
          `Tool ${index + 1} needs a "spec" and a "mode" (${EXPOSURE_MODES.join(', ')}).`,
        );
      }
      try {
        return { spec: normalizeSpec(entry.spec as object), mode: entry.mode };
      } catch (error) {
        throw new ScenarioError(`Tool ${index + 1}: ${errorMessage(error)}`);
      }
    });
  }

  if (value.modes !== undefined) scenario.modes = modesOf(value.modes);

  if (value.calls !== undefined) {
    if (!Array.isArray(value.calls)) throw new ScenarioError('"calls" must be a list.');
    if (value.calls.length > MAX_CALLS)
      throw new ScenarioError(`A scenario may hold at most ${MAX_CALLS} calls.`);
    scenario.calls = value.calls.map((call, index): ScenarioCall => {
      if (!isRecord(call)) throw new ScenarioError(`Call ${index + 1} must be an object.`);
      const caller = isCaller(call.caller) ? { caller: call.caller } : {};
      const recorded = call.recorded === undefined ? {} : { recorded: recordedOf(call.recorded, index) };
      if ('raw' in call) return { raw: call.raw, ...caller, ...recorded };
      if (typeof call.name !== 'string')
        throw new ScenarioError(`Call ${index + 1} needs a "name" or a "raw" call.`);
      return { name: call.name, arguments: call.arguments, ...caller, ...recorded };
    });
  }

  if (typeof value.provider === 'string') scenario.provider = value.provider;
  if (value.servers !== undefined) scenario.servers = serversOf(value.servers);
  if (value.backend !== undefined) {
    if (!SCENARIO_BACKENDS.includes(value.backend as ScenarioBackend))
      throw new ScenarioError(`"backend" must be one of ${SCENARIO_BACKENDS.join(', ')}.`);
    scenario.backend = value.backend as ScenarioBackend;
  }
  return scenario;
}

/**
 * The changed modes of a link, checked: bounded in count and name length, known modes only. A name is
 * checked before it is quoted in a message, so a hostile one never fills the page's notice.
 */
function modesOf(value: unknown): Record<string, ExposureMode> {
  const entries = isRecord(value) ? Object.entries(value) : null;
  if (!entries || entries.length > MAX_MODES)
    throw new ScenarioError(`"modes" must be an object of tool name → mode, at most ${MAX_MODES}.`);
  return Object.fromEntries(
    entries.map(([name, mode], index): [string, ExposureMode] => {
      if (!isName(name))
        throw new ScenarioError(
          `Mode ${index + 1}: the tool name must be 1 to 128 letters, digits, "_", ".", ":" or "-".`,
        );
      if (!isMode(mode))
        throw new ScenarioError(
          `Mode of ${JSON.stringify(name)} must be one of ${EXPOSURE_MODES.join(', ')}.`,
        );
      return [name, mode];
    }),
  );
}

/**
 * Whether a link may name `url` as an MCP server's: http(s), without user name, password, query or
 * fragment (the page never writes them: they may hold credentials). The length is checked first.
 */
function isServerUrl(url: unknown): url is string {
  if (typeof url !== 'string' || url.length > MAX_SERVER_URL) return false;
  try {
    const { protocol, username, password, search, hash } = new URL(url);
    return /^https?:$/.test(protocol) && !(username || password || search || hash);
  } catch {
    return false;
  }
}

const isName = (name: unknown): name is string => typeof name === 'string' && NAME.test(name);

/** The MCP servers of a link, checked: a bad entry makes the whole link unreadable, saying why. */
function serversOf(value: unknown): ScenarioServer[] {
  if (!Array.isArray(value) || value.length > MAX_SERVERS)
    throw new ScenarioError(`"servers" must be a list of at most ${MAX_SERVERS} MCP servers.`);
  return value.map((server: unknown, index): ScenarioServer => {
    const fail = (why: string) => new ScenarioError(`MCP server ${index + 1}: ${why}`);
    if (!isRecord(server) || !isServerUrl(server.url))
      throw fail(
        `"url" must be an http or https URL of at most ${MAX_SERVER_URL} characters, without user name, password, query or fragment.`,
      );
    const { url, tools, prefix } = server;
    if (!Array.isArray(tools) || tools.length > MAX_SERVER_TOOLS || !tools.every(isName))
      throw fail(`"tools" must be a list of at most ${MAX_SERVER_TOOLS} tool names.`);
    if (prefix !== undefined && !isName(prefix)) throw fail('"prefix" must be a tool name prefix.');
    return { url, ...(prefix ? { prefix } : {}), tools: [...tools] };
  });
}

/** A call's recorded result, checked; throws saying which call's record is wrong, and how. */
function recordedOf(value: unknown, index: number): RecordedResult {
  const recorded = parseRecorded(value);
  if (typeof recorded === 'string') throw new ScenarioError(`Call ${index + 1}: ${recorded}`);
  return recorded;
}

/** Base64url without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of base64url (or plain base64) text. Throws `ScenarioError` on anything else. */
export function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_\-+/]*={0,2}$/.test(text))
    throw new ScenarioError(
      'The link data is not base64url. The link was cut or changed when it was copied: copy the whole link again.',
    );
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

async function readAll(stream: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > max) {
      await reader.cancel();
      throw new ScenarioError(`The scenario expands to more than ${formatSize(max)}.`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/** The scenario as compact JSON, deflated (`deflate-raw`) and base64url-encoded. */
export async function encodeScenario(scenario: Scenario): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(scenario));
  const compressed = await readAll(
    streamOf(json).pipeThrough(
      new CompressionStream('deflate-raw') as unknown as TransformStream<Uint8Array, Uint8Array>,
    ),
    Number.POSITIVE_INFINITY,
  );
  return toBase64Url(compressed);
}

/**
 * Reverses {@link encodeScenario} and validates the result. Throws `ScenarioError` with a reason.
 * A link may expand to 8 MB: it is decompressed and decoded a megabyte at a time, and parsed and
 * checked in tasks of their own, so opening one never holds the page in one long task.
 */
export async function decodeScenario(data: string): Promise<Scenario> {
  if (data.length > MAX_LINK_CHARS) {
    throw new ScenarioError(
      `The link holds ${formatSize(data.length)} of data; this page reads links up to ${formatSize(MAX_LINK_CHARS)}. Share a large session as a file instead (Export session).`,
    );
  }
  const bytes = fromBase64Url(data);
  let json: string;
  try {
    json = await readText(
      streamOf(bytes).pipeThrough(
        new DecompressionStream('deflate-raw') as unknown as TransformStream<Uint8Array, Uint8Array>,
      ),
      MAX_SCENARIO_BYTES,
    );
  } catch (error) {
    if (error instanceof ScenarioError) throw error;
    throw new ScenarioError('The link data is damaged: it does not decompress.');
  }
  await nextTask();
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new ScenarioError('The link data is damaged: it is not JSON.');
  }
  await nextTask();
  return parseScenario(value);
}

/** Bytes decoded between two tasks while a link is read. */
const DECODE_SLICE_BYTES = 1024 * 1024;

/**
 * The UTF-8 text of `stream`, at most `max` bytes of it: decoded as it arrives (never joined into one
 * buffer first), giving the page a task after each {@link DECODE_SLICE_BYTES}.
 */
async function readText(stream: ReadableStream<Uint8Array>, max: number): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let total = 0;
  let sliceEnd = DECODE_SLICE_BYTES;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > max) {
      await reader.cancel();
      throw new ScenarioError(`The scenario expands to more than ${formatSize(max)}.`);
    }
    parts.push(decoder.decode(value, { stream: true }));
    if (total >= sliceEnd) {
      sliceEnd = total + DECODE_SLICE_BYTES;
      await nextTask();
    }
  }
  parts.push(decoder.decode());
  return parts.join('');
}

/** The scenario data in a URL hash (`#scenario=…`), or `null` when there is none. */
export function scenarioDataFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const data = params.get(HASH_KEY);
  return data === null || data === '' ? null : data;
}

/** Decodes file content of a scenario into what a workspace writes. */
export function fileBytes(content: ScenarioFile): string | Uint8Array {
  return typeof content === 'string' ? content : fromBase64Url(content.base64);
}
