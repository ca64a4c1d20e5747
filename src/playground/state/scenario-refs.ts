/**
 * References between the calls of a scenario. A call's arguments often hold a value an earlier call
 * generated (the spill file of a long bash output: `.tool-output/bash-<timestamp>-1.log`). Copied into
 * a permalink, that value names a file the re-run never creates, because the re-run spills under a new
 * timestamp. So a permalink holds `{{previous.details.spilled_path}}` (the call just before) or
 * `{{calls.3.details.spilled_path}}` (the third call, counted from 1) instead, and the re-run puts in
 * what its own calls generated.
 */

/** A recorded call as far as references go: its arguments and its result's details. */
export interface ReferencedCall {
  readonly args: unknown;
  readonly details: Readonly<Record<string, unknown>>;
}

/** Details whose values are generated per run (paths of files a tool created), so they are referenced. */
const isGeneratedKey = (key: string): boolean => key === 'spilled_path' || key.endsWith('_path');

const REFERENCE = /\{\{(previous|calls\.(\d+))\.details\.([A-Za-z0-9_]+)\}\}/g;

/** Maps every string inside `value` (objects and arrays copied, the rest kept). */
function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)]));
  }
  return value;
}

/** `[reference, generated value]` pairs of the calls before `index`, the nearest call first. */
function generatedBefore(calls: readonly ReferencedCall[], index: number): [string, string][] {
  const pairs: [string, string][] = [];
  for (let earlier = index - 1; earlier >= 0; earlier--) {
    const name = earlier === index - 1 ? 'previous' : `calls.${earlier + 1}`;
    for (const [key, value] of Object.entries(calls[earlier]?.details ?? {})) {
      if (isGeneratedKey(key) && typeof value === 'string' && value.length > 0)
        pairs.push([`{{${name}.details.${key}}}`, value]);
    }
  }
  return pairs;
}

/** The arguments of every call with the values earlier calls generated replaced by references. */
export function referenceGenerated(calls: readonly ReferencedCall[]): unknown[] {
  return calls.map((call, index) => {
    const pairs = generatedBefore(calls, index);
    if (pairs.length === 0) return call.args;
    return mapStrings(call.args, (text) =>
      pairs.reduce((result, [reference, value]) => result.split(value).join(reference), text),
    );
  });
}

/**
 * `args` with its references filled in from the details of the calls re-run so far (`done`, oldest
 * first). A reference to a call or a detail that does not exist stays as written, so the tool reports
 * the path it could not find.
 */
export function resolveReferences(
  args: unknown,
  done: readonly Readonly<Record<string, unknown>>[],
): unknown {
  return mapStrings(args, (text) =>
    text.replace(REFERENCE, (reference, which: string, number: string | undefined, key: string) => {
      const details = which === 'previous' ? done.at(-1) : done[Number(number) - 1];
      const value = details?.[key];
      return typeof value === 'string' ? value : reference;
    }),
  );
}
