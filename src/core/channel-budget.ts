/**
 * The budget of a result's other two channels: `structured_output` and `details` travel to programs,
 * to the page, to codemode scripts and over the edge, so they are held to a size as `output` is. A
 * channel whose JSON is over the limit is spilled whole (where `read` can page through it, when the
 * caller can call `read`) and replaced: `structured_output` by a marker that says so (its `error`
 * kept), `details` by the entries that fit, in order, and a marker naming the ones left out. The model
 * reads a notice in `output` for `structured_output`; `details` is the host's. Imports shared only.
 */
import { formatSize, utf8Length } from '../shared/index.ts';
import type { JsonObject, SpillRequest, ToolDetails, ToolResult } from './types.ts';

/** Bytes of JSON each of `structured_output` and `details` may hold unless the budget says otherwise: 1 MiB. */
export const DEFAULT_MAX_CHANNEL_BYTES: number = 1024 * 1024;

type Spill = ((request: SpillRequest) => Promise<string | undefined>) | undefined;

/** What a spill of one channel gave: where it went, or why it could not go. */
interface Spilled {
  path?: string;
  failure?: string;
}

/**
 * `result` with `structured_output` and `details` within `maxBytes` each (JSON, UTF-8). Unchanged
 * (the same object) when both fit, which is nearly always: a cheap upper bound decides that before
 * anything is serialised.
 */
export async function fitChannels(
  result: ToolResult,
  maxBytes: number,
  request: Omit<SpillRequest, 'text'>,
  spill: Spill,
): Promise<ToolResult> {
  const structuredBytes = jsonBytesOver(result.structured_output, maxBytes);
  const detailsBytes = jsonBytesOver(result.details, maxBytes);
  if (structuredBytes === undefined && detailsBytes === undefined) return result;
  const fitted: ToolResult = { ...result };
  if (structuredBytes !== undefined) {
    const spilled = await spillJson(result.structured_output, request, spill);
    fitted.structured_output = structuredMarker(result.structured_output, structuredBytes, maxBytes, spilled);
    fitted.output = `${result.output}\n\n${structuredNotice(request.tool, structuredBytes, maxBytes, spilled)}`;
  }
  if (detailsBytes !== undefined) {
    const spilled = await spillJson(result.details, request, spill);
    fitted.details = detailsWithin(result.details, detailsBytes, maxBytes, spilled);
  }
  return fitted;
}

/** The JSON size of `value` in UTF-8 bytes when it is over `maxBytes`, else `undefined`. */
function jsonBytesOver(value: unknown, maxBytes: number): number | undefined {
  if (jsonUpperBound(value, maxBytes) <= maxBytes) return undefined;
  const bytes = exactJsonBytes(value);
  return bytes > maxBytes ? bytes : undefined;
}

/** `value`'s JSON size in UTF-8 bytes; a value JSON cannot hold (a cycle, a BigInt) counts as infinite. */
function exactJsonBytes(value: unknown): number {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? 0 : utf8Length(text);
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * An upper bound of `value`'s JSON size in bytes (a string's character may take 6 bytes, as `\u0000`),
 * stopping as soon as it passes `stopAt`: most results are small, and a bound is cheaper than JSON.
 */
function jsonUpperBound(value: unknown, stopAt: number): number {
  let total = 0;
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length > 0 && total <= stopAt) {
    const item = stack.pop();
    if (typeof item === 'string') total += 6 * item.length + 2;
    else if (item === null || typeof item !== 'object') total += 24;
    else if (seen.has(item)) total += 24;
    else {
      seen.add(item);
      total += 2;
      if (Array.isArray(item)) {
        total += item.length;
        for (const entry of item) stack.push(entry);
      } else {
        for (const [key, entry] of Object.entries(item)) {
          total += 6 * key.length + 4;
          stack.push(entry);
        }
      }
    }
  }
  return total;
}

async function spillJson(
  value: unknown,
  request: Omit<SpillRequest, 'text'>,
  spill: Spill,
): Promise<Spilled> {
  if (!spill) return {};
  try {
    // Indented, so that `read` pages through it by lines.
    const path = await spill({ ...request, text: JSON.stringify(value, null, 2) });
    return path === undefined ? {} : { path };
  } catch (error) {
    return {
      failure: (error instanceof Error ? error.message : String(error)).split('\n')[0]?.slice(0, 500),
    };
  }
}

function truncation(totalBytes: number, maxBytes: number, spilled: Spilled): JsonObject {
  const marker: JsonObject = { total_bytes: totalBytes, limit_bytes: maxBytes };
  if (spilled.path !== undefined) marker.spilled_path = spilled.path;
  return marker;
}

/** What stands for a `structured_output` over the limit: the marker, and the result's `error` if it had one. */
function structuredMarker(
  structured: JsonObject,
  totalBytes: number,
  maxBytes: number,
  spilled: Spilled,
): JsonObject {
  const marker: JsonObject = { structured_output_truncated: truncation(totalBytes, maxBytes, spilled) };
  const error = structured.error;
  if (error !== undefined && jsonBytesOver(error, 16 * 1024) === undefined) marker.error = error;
  return marker;
}

/** The line `output` gains when `structured_output` was cut. */
function structuredNotice(tool: string, totalBytes: number, maxBytes: number, spilled: Spilled): string {
  const head = `[structured_output was cut: its JSON is ${formatSize(totalBytes)}, over the ${formatSize(maxBytes)} limit.`;
  if (spilled.path !== undefined)
    return `${head} The full JSON is in ${spilled.path}: read it for the rest.]`;
  if (spilled.failure !== undefined) {
    return `${head} It could not be saved (${spilled.failure}); call ${tool} again in a way that returns less.]`;
  }
  return `${head} The rest is not kept; call ${tool} again in a way that returns less.]`;
}

/** `details` entries in order while they fit, then a `details_truncated` marker naming the ones left out. */
function detailsWithin(
  details: ToolDetails,
  totalBytes: number,
  maxBytes: number,
  spilled: Spilled,
): ToolDetails {
  const kept: ToolDetails = { duration_ms: details.duration_ms };
  const dropped: string[] = [];
  // Room for the marker itself, with a few hundred names of dropped keys.
  let room = maxBytes - 16 * 1024;
  for (const [key, value] of Object.entries(details)) {
    const size = jsonBytesOver(value, room) === undefined ? exactJsonBytes(value) : room + 1;
    if (size + key.length + 4 <= room) {
      kept[key] = value;
      room -= size + key.length + 4;
    } else dropped.push(key);
  }
  kept.details_truncated = {
    ...truncation(totalBytes, maxBytes, spilled),
    dropped_keys: dropped.slice(0, 200),
  };
  return kept;
}
