/**
 * What a script in one session may call, and how it is declared: the tools the suite lets caller
 * `codemode` call in that session, their TypeScript declarations within the budget, and the answer
 * of `tools.$describe(name)`. Computed from the catalog on every use, so a session that activates a
 * deferred tool, or a catalog change, shows at once.
 */
import { specWithOutputSchema } from '../core/result-schema.ts';
import { closestNames } from '../core/similar.ts';
import type { JsonValue, ToolSession, ToolSpec, ToolSuite } from '../core/types.ts';
import {
  type CodemodeToolEntry,
  type CodemodeTypes,
  describeCodemodeTool,
  findCodemodeTool,
  generateCodemodeTypes,
  renderCodemodeDescription,
} from './declarations.ts';
import { describeMissMessage, describeNotStringMessage } from './messages.ts';
import type { CodemodeSettings } from './settings.ts';

/** The model-visible name of the tool. */
export const CODEMODE_TOOL_NAME = 'codemode';

/** The specs of every tool a script in `session` may call; never codemode itself. */
export function callableSpecs<W>(suite: ToolSuite<W>, session: ToolSession | undefined): ToolSpec[] {
  return suite
    .list()
    .filter((tool) => tool.spec.name !== CODEMODE_TOOL_NAME)
    .filter((tool) => suite.isCallable(tool.spec.name, 'codemode', session))
    .map(specWithOutputSchema);
}

/** The declarations as the description shows them: budgeted, abridged. */
export function sessionTypes<W>(
  suite: ToolSuite<W>,
  settings: CodemodeSettings,
  session: ToolSession | undefined,
): CodemodeTypes {
  const { outputSchemas, declarationBudget: budget, countTokens } = settings;
  return generateCodemodeTypes(callableSpecs(suite, session), {
    outputSchemas,
    budget,
    ...(countTokens ? { countTokens } : {}),
  });
}

/** The codemode tool description for `session`: the preamble and the declarations. */
export function sessionDescription<W>(
  suite: ToolSuite<W>,
  settings: CodemodeSettings,
  session: ToolSession | undefined,
): string {
  return renderCodemodeDescription(sessionTypes(suite, settings, session).text, settings.preamble);
}

/**
 * What `tools.$describe(args.name)` resolves to in `session`: the tool's full declaration, or why
 * there is none (not a string, not loaded yet, model-only, unknown with the closest names).
 */
export function describeForScript<W>(
  suite: ToolSuite<W>,
  settings: CodemodeSettings,
  args: JsonValue,
  entries: readonly CodemodeToolEntry[],
  session: ToolSession | undefined,
): string {
  const request = typeof args === 'object' && args !== null && !Array.isArray(args) ? args : {};
  if (typeof request.name !== 'string') {
    const type =
      typeof request.type === 'string' && /^[a-z]{1,9}$/.test(request.type) ? request.type : 'value';
    return describeNotStringMessage(type, entries[0]?.identifier ?? 'name');
  }
  const requested = request.name;
  const entry = findCodemodeTool(entries, requested);
  if (entry) return describeCodemodeTool(entry, settings.outputSchemas);
  const registered = suite.get(requested.trim());
  if (registered && registered.mode === 'deferred') {
    const searchable = suite.isCallable('tool_search', 'model', session);
    return describeMissMessage(requested, { kind: 'not_loaded', tool: registered.spec.name, searchable });
  }
  if (
    registered &&
    registered.mode !== 'hidden' &&
    !suite.isCallable(registered.spec.name, 'codemode', session)
  ) {
    return describeMissMessage(requested, { kind: 'model_only', tool: registered.spec.name });
  }
  const closest = closestNames(
    requested,
    entries.map((candidate) => candidate.identifier),
  );
  return describeMissMessage(requested, { kind: 'unknown', closest });
}

/**
 * `[key, catalog name]` pairs of the `tools` object a script gets: every identifier, and the catalog
 * names too (`tools['my-tool']`), except `then`, which would make `tools` a thenable.
 */
export function scriptToolNames(entries: readonly CodemodeToolEntry[]): [string, string][] {
  const toolNames: [string, string][] = entries.map((entry) => [entry.identifier, entry.name]);
  for (const entry of entries)
    if (entry.identifier !== entry.name && entry.name !== 'then') toolNames.push([entry.name, entry.name]);
  return toolNames;
}
