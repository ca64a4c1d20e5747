/**
 * The TypeScript API a codemode script sees: `declare const tools: { name(args): Promise<Result> }`,
 * generated from catalog specs, and the identifiers scripts call tools by. Model-facing text: the
 * preamble and the shape of the declarations are asserted word for word in tests/codemode.
 * Imports only `../core/` and this room.
 */
import { isPlainObject } from '../core/index.ts';
import type { JsonSchema, ToolSpec } from '../core/types.ts';
import { jsDoc, schemaToType } from './schema-to-type.ts';

/**
 * The fixed text in front of the declarations. It never names a tool, so it only changes when the
 * library does.
 */
export const CODEMODE_PREAMBLE: string = [
  'Run a JavaScript script that calls tools and returns only what you need, so intermediate results stay out of the conversation.',
  '`code` is the body of an async function: call tools with `await tools.name({...})`, run independent calls together with `Promise.all`, and `return` a JSON value.',
  "A call resolves to the tool's structured result (to its text when it has none) and throws an Error with the tool's error text when it fails; catch it to carry on.",
  'You get back the returned value as JSON plus the console.log lines, cut at 2000 lines or 50 KB.',
  'Plain JavaScript only (no TypeScript syntax, imports, network or timers). Tool calls are not undone when a script fails later.',
].join(' ');

/** One tool as a script sees it. */
export interface CodemodeToolEntry {
  /** The identifier scripts use: `tools.<identifier>(...)`. */
  identifier: string;
  /** The catalog name the call goes to. */
  name: string;
  /** The catalog spec the declaration was generated from. */
  spec: ToolSpec;
}

/** Options of {@link generateCodemodeTypes}. */
export interface CodemodeTypesOptions {
  /**
   * Result schemas for tools whose spec has no `outputSchema`, keyed by tool name (codemode passes the
   * built-ins' shapes here). Default: none, so such tools resolve to `unknown`.
   */
  outputSchemas?: Readonly<Record<string, JsonSchema>>;
}

/** What {@link generateCodemodeTypes} returns. */
export interface CodemodeTypes {
  /** The `declare const tools: {...};` block, valid TypeScript on its own. */
  text: string;
  /** Every tool in the block, in catalog order. */
  tools: CodemodeToolEntry[];
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Names that must not be tool identifiers: `then` would make `tools.then` a thenable (so `await tools`
 * and `Promise.resolve(tools)` misbehave).
 */
const RESERVED = new Set(['then']);

/**
 * Assigns each catalog name an identifier. Names that already are identifiers keep them (reserved words
 * included: `tools.class(...)` is a valid property access); the others get every character outside
 * `[A-Za-z0-9_$]` replaced by `_` and a `_` in front of a leading digit. A collision takes the first free
 * `_2`, `_3`, ... suffix, in list order, so the same catalog always gives the same identifiers.
 */
export function assignIdentifiers(names: readonly string[]): Map<string, string> {
  const assigned = new Map<string, string>();
  const taken = new Set<string>();
  for (const name of names) {
    if (IDENTIFIER.test(name) && !RESERVED.has(name) && !taken.has(name)) {
      assigned.set(name, name);
      taken.add(name);
    }
  }
  for (const name of names) {
    if (assigned.has(name)) continue;
    let base = name.replace(/[^A-Za-z0-9_$]/g, '_');
    if (base === '' || /^[0-9]/.test(base)) base = `_${base}`;
    if (RESERVED.has(base)) base = `${base}_`;
    let identifier = base;
    for (let suffix = 2; taken.has(identifier); suffix += 1) identifier = `${base}_${suffix}`;
    assigned.set(name, identifier);
    taken.add(identifier);
  }
  return assigned;
}

/** The first paragraph of a description: what the JSDoc of a tool shows. */
function firstParagraph(description: string): string {
  return (
    description
      .trim()
      .split(/\n\s*\n/)[0]
      ?.trim() ?? ''
  );
}

/**
 * Generates the declarations of `specs`, in their order. Argument types come from `parameters`, result
 * types from `outputSchema`, else from `options.outputSchemas`, else `unknown`. Each tool's JSDoc is
 * the first paragraph of its description, preceded by its catalog name when the identifier differs.
 */
export function generateCodemodeTypes(
  specs: readonly ToolSpec[],
  options: CodemodeTypesOptions = {},
): CodemodeTypes {
  const identifiers = assignIdentifiers(specs.map((spec) => spec.name));
  const tools: CodemodeToolEntry[] = [];
  const members: string[] = [];
  for (const spec of specs) {
    const identifier = identifiers.get(spec.name) ?? spec.name;
    tools.push({ identifier, name: spec.name, spec });
    const summary = firstParagraph(spec.description);
    const doc = identifier === spec.name ? summary : `Tool "${spec.name}".${summary ? ` ${summary}` : ''}`;
    const parameters = spec.parameters;
    const required = Array.isArray(parameters.required) && parameters.required.length > 0;
    const args = schemaToType(parameters, { indent: '  ' });
    const outputSchema = spec.outputSchema ?? options.outputSchemas?.[spec.name];
    const result = isPlainObject(outputSchema)
      ? schemaToType(outputSchema, { docs: false, indent: '  ' })
      : 'unknown';
    members.push(
      `${jsDoc(doc, '  ')}  ${identifier}(args${required ? '' : '?'}: ${args}): Promise<${result}>;`,
    );
  }
  const text =
    members.length === 0 ? 'declare const tools: {};' : `declare const tools: {\n${members.join('\n')}\n};`;
  return { text, tools };
}

/** The codemode tool's description: the preamble and the declarations in a `ts` code block. */
export function renderCodemodeDescription(types: string, preamble: string = CODEMODE_PREAMBLE): string {
  return `${preamble}\n\n\`\`\`ts\n${types}\n\`\`\``;
}
