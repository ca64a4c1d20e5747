/**
 * How a call made in another agent's terms reaches a tool: its name resolved through the aliases the
 * registered tools declare, and its arguments repaired by the data of the tool's own repairs (see
 * `ToolRepairs`): renames, drops and conversions. The tables belong to the tools; this file only
 * applies them. Pure functions; the pipeline's translate step (`pipeline/translate.ts`) calls them.
 */

import { copyRecord } from './own.ts';
import { isPlainObject } from './results.ts';
import type { ArgumentConversion, ToolRepairs } from './types.ts';

/** How a called name resolved. */
interface ResolvedName {
  /** The registered tool to run. */
  name: string;
  /** The alias the model used, when it used one. */
  alias?: string;
}

/** Finds the registered tool an alias names: exact, or with `ignoreCase` matching any case. */
type AliasLookup = (alias: string, ignoreCase: boolean) => string | undefined;

/**
 * Resolves a called name against the registered names: exact, then the aliases, then a
 * case-insensitive match. Returns `undefined` when nothing fits. An alias never shadows a tool that is
 * registered under that exact name.
 */
export function resolveToolName(
  called: string,
  isRegistered: (name: string) => boolean,
  aliasOf: AliasLookup = () => undefined,
): ResolvedName | undefined {
  if (isRegistered(called)) return { name: called };
  const aliased = aliasOf(called, false);
  if (aliased && isRegistered(aliased)) return { name: aliased, alias: called };
  const lower = called.toLowerCase();
  if (lower !== called) {
    if (isRegistered(lower)) return { name: lower, alias: called };
    const lowerAliased = aliasOf(lower, true);
    if (lowerAliased && isRegistered(lowerAliased)) return { name: lowerAliased, alias: called };
  }
  return undefined;
}

/**
 * Renames aliased parameters to the canonical ones the tool's schema declares, repairs the object
 * items of its array parameters the same way, drops parameters that carry nothing and applies its
 * conversions (end lines, millisecond timeouts, ...). `properties` is the tool's schema `properties`.
 * Without repairs, only spellings that differ from a declared parameter in case, `_` or `-` are renamed.
 */
export function repairArguments(
  repairs: ToolRepairs | undefined,
  args: Record<string, unknown>,
  properties: Record<string, unknown>,
): Record<string, unknown> {
  const out = copyRecord(args);
  const has = (key: string): boolean => Object.hasOwn(properties, key);

  for (const [canonical, names] of Object.entries(repairs?.parameters ?? {})) {
    if (!has(canonical)) continue;
    for (const name of names) {
      if (name === canonical || has(name) || !(name in out)) continue;
      if (out[canonical] === undefined) out[canonical] = out[name];
      delete out[name];
    }
  }
  renameBySpelling(out, properties);

  for (const key of repairs?.drop ?? []) if (!has(key)) delete out[key];
  for (const key of repairs?.dropWhenFalsy ?? []) if (!has(key) && !out[key]) delete out[key];

  convertArguments(repairs?.convert ?? [], out, has);
  if (repairs?.items) repairItems(repairs, out, has);
  return out;
}

/** Each object item of the array parameters `repairs.items` names, repaired as the tool's arguments are. */
function repairItems(
  repairs: ToolRepairs,
  out: Record<string, unknown>,
  has: (key: string) => boolean,
): void {
  for (const [key, itemParameters] of Object.entries(repairs.items ?? {})) {
    const items = out[key];
    if (!has(key) || !Array.isArray(items)) continue;
    const properties = Object.fromEntries(itemParameters.map((name) => [name, true]));
    // The items take the tool's renames and conversions, not its items again: they nest no deeper.
    const itemRepairs: ToolRepairs = { ...repairs, items: {} };
    out[key] = items.map((item) =>
      isPlainObject(item) ? repairArguments(itemRepairs, item, properties) : item,
    );
  }
}

/** Applies `conversions` to `out` in place, in order; `has` says whether the schema declares a parameter. */
export function convertArguments(
  conversions: readonly ArgumentConversion[],
  out: Record<string, unknown>,
  has: (key: string) => boolean,
): void {
  for (const conversion of conversions) {
    const sources = typeof conversion.from === 'string' ? [conversion.from] : conversion.from;
    const targets = 'start' in conversion ? [conversion.to, conversion.start] : [conversion.to];
    if (!targets.every(has)) continue;
    for (const from of sources) {
      if (!Object.hasOwn(out, from) || (from !== conversion.to && has(from))) continue;
      const value = out[from];
      // A value of another type than the conversion reads stays, for validation to name.
      if (conversion.kind === 'template' && typeof value !== 'string') continue;
      if (conversion.kind === 'range' && !Array.isArray(value)) continue;
      if (from !== conversion.to) delete out[from];
      convertValue(conversion, value, out);
    }
  }
}

/** Sets what `conversion` makes of the value the call sent (already taken out of `out`). */
function convertValue(conversion: ArgumentConversion, value: unknown, out: Record<string, unknown>): void {
  const { to } = conversion;
  const number = Number(value);
  switch (conversion.kind) {
    case 'scale':
      // In place (a peer's own unit for the parameter) the sent value is the one converted.
      if (value !== undefined && Number.isFinite(number) && (conversion.from === to || out[to] === undefined))
        out[to] = number / conversion.divisor;
      return;
    case 'negate':
      setUnlessSent(out, to, !truthy(value));
      return;
    case 'flag':
      if (truthy(value)) setUnlessSent(out, to, conversion.value);
      return;
    case 'above':
      if (number > conversion.above) setUnlessSent(out, to, conversion.value);
      return;
    case 'template':
      setUnlessSent(out, to, conversion.template.replace('{}', String(value)));
      return;
    case 'max':
      if (Number.isFinite(number)) out[to] = Math.max(Number(out[to] ?? 0) || 0, number);
      return;
    case 'lastLine': {
      const start = out[conversion.start] === undefined ? 1 : Number(out[conversion.start]);
      if (Number.isFinite(number) && Number.isFinite(start) && number >= start)
        setUnlessSent(out, to, number - start + 1);
      return;
    }
    case 'range':
      convertRange(value, conversion.start, to, out);
      return;
  }
}

/** An alias never overrides a canonical value the call also sent. */
function setUnlessSent(out: Record<string, unknown>, key: string, value: unknown): void {
  if (out[key] === undefined) out[key] = value;
}

/** `[first, last]`: `start` = first, `to` = the lines from first to last (none for a last of -1). */
function convertRange(value: unknown, start: string, to: string, out: Record<string, unknown>): void {
  const [first, last] = (value as unknown[]).map(Number);
  if (first !== undefined && Number.isFinite(first)) setUnlessSent(out, start, first);
  if (first !== undefined && last !== undefined && last >= first) setUnlessSent(out, to, last - first + 1);
}

/** Whether another agent's flag is set: `true`, `"true"` or `1`. */
function truthy(value: unknown): boolean {
  return value === true || value === 'true' || value === 1;
}

/** `ignore_case` → `ignoreCase`, `Path` → `path`: any key that differs from a declared one only in case, `_` or `-`. */
function renameBySpelling(out: Record<string, unknown>, properties: Record<string, unknown>): void {
  let bySpelling: Map<string, string> | undefined;
  for (const key of Object.keys(out)) {
    if (Object.hasOwn(properties, key)) continue;
    // Built only when a key is not declared: most calls spell every key as declared.
    bySpelling ??= new Map(Object.keys(properties).map((name) => [spelling(name), name]));
    const target = bySpelling.get(spelling(key));
    if (target && out[target] === undefined) {
      out[target] = out[key];
      delete out[key];
    }
  }
}

function spelling(key: string): string {
  return key.toLowerCase().replace(/[_-]/g, '');
}
