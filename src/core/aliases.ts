/**
 * How a call made in another agent's terms reaches a tool: its name resolved through the aliases the
 * registered tools declare, and its arguments repaired by the tool's own repairs (see `ToolRepairs`).
 * The tables themselves belong to the tools; this file only applies them. Pure functions; the
 * pipeline's translate step (`pipeline/translate.ts`) applies them, before anything else runs.
 */

import { copyRecord } from './own.ts';
import type { PayloadRedirect, PeerAdapter, ToolRepairs } from './types.ts';

/** How a called name resolved. */
export interface ResolvedName {
  /** The registered tool to run. */
  name: string;
  /** The alias the model used, when it used one. */
  alias?: string;
}

/** Finds the registered tool an alias names: exact, or with `ignoreCase` matching any case. */
export type AliasLookup = (alias: string, ignoreCase: boolean) => string | undefined;

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

/** A repair that cannot produce arguments for the tool; the message is shown to the model. */
export class AliasRepairError extends Error {}

/** Raw arguments as `execute` should extract them: the tool's `rawPayload` hook, if any, decides. */
export function rawPayload(repairs: ToolRepairs | undefined, resolved: ResolvedName, raw: unknown): unknown {
  return repairs?.rawPayload ? repairs.rawPayload(raw, resolved.alias) : raw;
}

/** The adapter that takes a call made under `resolved.alias` over, if the tool has one for it. */
export function peerAdapter(
  repairs: ToolRepairs | undefined,
  resolved: ResolvedName,
  args: Record<string, unknown>,
): PeerAdapter | undefined {
  return repairs?.adapter?.(resolved.alias, args);
}

/**
 * Where a call's payload sends it, when that is not the resolved tool (a patch sent as a shell command,
 * say): the tool to run and its arguments, as the tool's `redirect` hook says. `undefined` when the
 * call stays with the resolved tool and the arguments as sent.
 */
export function redirectByPayload(
  repairs: ToolRepairs | undefined,
  resolved: ResolvedName,
  args: Record<string, unknown>,
): PayloadRedirect | undefined {
  return repairs?.redirect?.(args, resolved.alias);
}

/**
 * Renames aliased parameters to the canonical ones the tool's schema declares, drops parameters that
 * carry nothing, and runs the tool's own `repair` (end lines, millisecond timeouts, argv arrays, ...).
 * `properties` is the tool's schema `properties`. Without repairs, only spellings that differ from a
 * declared parameter in case, `_` or `-` are renamed.
 */
export function repairArguments(
  repairs: ToolRepairs | undefined,
  args: Record<string, unknown>,
  properties: Record<string, unknown>,
  alias?: string,
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

  repairs?.repair?.(out, has, alias);
  return out;
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
