/**
 * The TypeScript API a codemode script sees: `declare const tools: { name(args): Promise<Result> }`,
 * generated from catalog specs, and the identifiers scripts call tools by. Model-facing text: the
 * preamble and the shape of the declarations are asserted word for word in tests/codemode.
 * Imports only `../core/` and this room.
 */
import { UsageError } from '../core/errors.ts';
import { isPlainObject } from '../core/index.ts';
import type { JsonSchema, ToolSpec } from '../core/types.ts';
import { DESCRIBE_FUNCTION } from './guest-prelude.ts';
import { jsDoc, propertyKey, schemaToType } from './schema-to-type.ts';
import { firstSentence, summaryParagraph } from './summary.ts';

export { DESCRIBE_FUNCTION };

/**
 * Default of {@link CodemodeTypesOptions.budget}: about 4000 tokens of full declarations in the
 * description (the built-ins and the first tools of a catalog); the rest are declared in brief.
 */
export const DEFAULT_DECLARATION_BUDGET = 4000;

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
  `The declarations below are abridged (comments shortened; tools after \`// Brief:\` show only required arguments). \`console.log(await tools.${DESCRIBE_FUNCTION}("name"))\` prints a tool's full declaration, every argument documented: read it, then call the tool in your next script.`,
].join(' ');

/** The comment that opens the brief declarations, in the `tools` block. */
export const BRIEF_HEADER =
  '// Brief: required arguments only (`& More`: it takes optional ones too), then the first sentence of the description.';

/** The declaration of the describe function, first in the `tools` block. */
const DESCRIBE_MEMBER = `  /** The full declaration of a tool (identifier or catalog name) as TypeScript text, every comment whole. */
  ${DESCRIBE_FUNCTION}(name: string): Promise<string>;`;

/** The type brief declarations use for the optional arguments they leave out. */
const MORE_TYPE = 'type More = Record<string, unknown>;';

/** One tool as a script sees it. */
export interface CodemodeToolEntry {
  /** The identifier scripts use: `tools.<identifier>(...)`. */
  identifier: string;
  /** The catalog name the call goes to. */
  name: string;
  /** The catalog spec the declaration was generated from. */
  spec: ToolSpec;
  /**
   * Whether the tool is declared in brief (one line: required arguments, first sentence) because the
   * full declarations before it used up the budget. `tools.$describe` gives its full declaration.
   */
  brief: boolean;
}

/** Counts the tokens of a text, for the budget. */
export type TokenCounter = (text: string) => number;

/**
 * The default {@link TokenCounter}: characters / 4, rounded up. It slightly overestimates code and
 * English (o200k averages about 4.5 characters per token on these declarations), so a budget holds.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Options of {@link generateCodemodeTypes}. */
export interface CodemodeTypesOptions {
  /**
   * Result schemas for tools whose spec has no `outputSchema`, keyed by tool name (codemode passes the
   * built-ins' shapes here). Default: none, so such tools resolve to `unknown`.
   */
  outputSchemas?: Readonly<Record<string, JsonSchema>>;
  /**
   * Tokens the full declarations may take. In catalog order, tools are declared in full (their
   * description's summary paragraph, the first sentence of each top-level argument's description,
   * argument and result types) while the running total stays within the budget; from the first tool
   * that does not fit, every tool is declared in brief on one line. `Infinity` declares every tool in
   * full; `0` every tool in brief. Default: {@link DEFAULT_DECLARATION_BUDGET}.
   */
  budget?: number;
  /** Counts the tokens of one declaration for the budget. Default: {@link estimateTokens}. */
  countTokens?: TokenCounter;
  /**
   * Declares every tool as {@link describeCodemodeTool} does (every comment whole), ignoring the budget:
   * for an editor's completion and hover, not for the model. Default: `false`.
   */
  full?: boolean;
}

/** What {@link generateCodemodeTypes} returns. */
export interface CodemodeTypes {
  /** The declarations (`declare const tools: {...};`, after `type More` when a brief one uses it), valid TypeScript on its own. */
  text: string;
  /** Every tool in the block, in catalog order. */
  tools: CodemodeToolEntry[];
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Names that must not be tool identifiers: `then` would make `tools.then` a thenable (so `await tools`
 * and `Promise.resolve(tools)` misbehave), and `$describe` is the describe function.
 */
const RESERVED = new Set(['then', DESCRIBE_FUNCTION]);

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

/**
 * Throws `UsageError` unless `budget` is a number of tokens: `0` or more, `Infinity` allowed. `where`
 * names the function and option in the message.
 */
export function checkBudget(where: string, budget: number): void {
  if (typeof budget !== 'number' || Number.isNaN(budget) || budget < 0) {
    throw new UsageError(
      `${where} must be a number of tokens, 0 or more (Infinity declares every tool in full), got ${String(budget)}.`,
    );
  }
}

/**
 * The result type of a spec: from `outputSchema`, else from `outputSchemas` (own keys only: a tool named
 * `__proto__` must not get `Object.prototype` as its schema), else `unknown`.
 */
function resultType(
  spec: ToolSpec,
  outputSchemas: Readonly<Record<string, JsonSchema>> | undefined,
  indent: string,
): string {
  const outputSchema =
    spec.outputSchema ??
    (outputSchemas && Object.hasOwn(outputSchemas, spec.name) ? outputSchemas[spec.name] : undefined);
  return isPlainObject(outputSchema) ? schemaToType(outputSchema, { docs: 'none', indent }) : 'unknown';
}

/** `?` when a call may leave the arguments out (no argument is required). */
function optionalMark(parameters: JsonSchema): string {
  return Array.isArray(parameters.required) && parameters.required.length > 0 ? '' : '?';
}

/**
 * The catalog name in front of a tool's comment, when scripts call it by another identifier: on the
 * same line, or a paragraph of its own before a description of several lines.
 */
function withName(identifier: string, name: string, text: string): string {
  if (identifier === name) return text;
  const label = `Tool "${name}".`;
  if (text === '') return label;
  return text.includes('\n') ? `${label}\n\n${text}` : `${label} ${text}`;
}

/**
 * The full declaration of one tool (its comment and method signature), indented by `indent`:
 * `detail` `'summary'` is what the description shows (the summary paragraph of the description, the
 * first sentence of each top-level argument's description); `'complete'` has every comment whole.
 */
function fullMember(
  entry: { identifier: string; name: string; spec: ToolSpec },
  outputSchemas: Readonly<Record<string, JsonSchema>> | undefined,
  detail: 'summary' | 'complete',
  indent: string,
): string {
  const { spec } = entry;
  const text = detail === 'complete' ? spec.description.trim() : summaryParagraph(spec.description);
  const args = schemaToType(spec.parameters, { docs: detail === 'complete' ? 'all' : 'top', indent });
  const result = resultType(spec, outputSchemas, indent);
  return `${jsDoc(withName(entry.identifier, entry.name, text), indent)}${indent}${entry.identifier}(args${optionalMark(spec.parameters)}: ${args}): Promise<${result}>;`;
}

/**
 * The brief declaration of one tool, on one line: its required arguments with one-line types,
 * `& More` when it takes optional ones, `Promise<unknown>`, and the first sentence of its description.
 */
function briefMember(entry: { identifier: string; spec: ToolSpec }): { line: string; more: boolean } {
  const parameters = entry.spec.parameters;
  const properties = isPlainObject(parameters.properties) ? parameters.properties : {};
  const required = Array.isArray(parameters.required)
    ? [...new Set(parameters.required.filter((key): key is string => typeof key === 'string'))]
    : [];
  const fields = required.map(
    (key) => `${propertyKey(key)}: ${schemaToType(properties[key], { brief: true }, parameters)}`,
  );
  const more =
    Object.keys(properties).some((key) => !required.includes(key)) ||
    isPlainObject(parameters.additionalProperties) ||
    isPlainObject(parameters.patternProperties) ||
    ['anyOf', 'oneOf', 'allOf', '$ref'].some((key) => key in parameters);
  const known = fields.length > 0 ? `{ ${fields.join('; ')} }` : '';
  const args = known && more ? `${known} & More` : known || (more ? 'More' : '{}');
  const sentence = firstSentence(entry.spec.description);
  const line = `  ${entry.identifier}(args${fields.length > 0 ? '' : '?'}: ${args}): Promise<unknown>;${sentence ? ` // ${sentence}` : ''}`;
  return { line, more };
}

/**
 * Generates the declarations of `specs`, in their order: the describe function first, then each tool
 * in full while {@link CodemodeTypesOptions.budget} lasts, then the rest in brief after
 * {@link BRIEF_HEADER}. Argument types come from `parameters`, result types from `outputSchema`, else
 * from `options.outputSchemas`, else `unknown`. A tool's comment starts with its catalog name when
 * scripts call it by another identifier.
 */
export function generateCodemodeTypes(
  specs: readonly ToolSpec[],
  options: CodemodeTypesOptions = {},
): CodemodeTypes {
  const budget = options.full ? Number.POSITIVE_INFINITY : (options.budget ?? DEFAULT_DECLARATION_BUDGET);
  checkBudget('generateCodemodeTypes: budget', budget);
  const countTokens = options.countTokens ?? estimateTokens;
  const identifiers = assignIdentifiers(specs.map((spec) => spec.name));
  const tools: CodemodeToolEntry[] = [];
  const members: string[] = [DESCRIBE_MEMBER];
  const briefLines: string[] = [];
  let spent = 0;
  let needsMore = false;
  for (const spec of specs) {
    const entry = { identifier: identifiers.get(spec.name) ?? spec.name, name: spec.name, spec };
    if (briefLines.length === 0) {
      const member = fullMember(entry, options.outputSchemas, options.full ? 'complete' : 'summary', '  ');
      const cost = budget === Number.POSITIVE_INFINITY ? 0 : countTokens(member);
      if (spent + cost <= budget) {
        spent += cost;
        members.push(member);
        tools.push({ ...entry, brief: false });
        continue;
      }
    }
    const { line, more } = briefMember(entry);
    if (briefLines.length === 0) briefLines.push(`  ${BRIEF_HEADER}`);
    briefLines.push(line);
    needsMore ||= more;
    tools.push({ ...entry, brief: true });
  }
  const block = `declare const tools: {\n${[...members, ...briefLines].join('\n')}\n};`;
  return { text: needsMore ? `${MORE_TYPE}\n${block}` : block, tools };
}

/**
 * The full declaration of one tool as `tools.$describe` returns it: its whole description and every
 * argument's whole description as comments, argument and result types. A method signature, as in the
 * `tools` block, without indentation.
 */
export function describeCodemodeTool(
  entry: Pick<CodemodeToolEntry, 'identifier' | 'name' | 'spec'>,
  outputSchemas?: Readonly<Record<string, JsonSchema>>,
): string {
  return fullMember(entry, outputSchemas, 'complete', '');
}

/**
 * The entry `tools.$describe(requested)` means: by identifier, else by catalog name, else by either
 * after a leading `tools.` and trailing `()`.
 */
export function findCodemodeTool(
  entries: readonly CodemodeToolEntry[],
  requested: string,
): CodemodeToolEntry | undefined {
  const candidates = [
    requested.trim(),
    requested
      .trim()
      .replace(/^tools\./, '')
      .replace(/\(\)$/, ''),
  ];
  for (const candidate of candidates) {
    const found =
      entries.find((entry) => entry.identifier === candidate) ??
      entries.find((entry) => entry.name === candidate);
    if (found) return found;
  }
  return undefined;
}

/** The codemode tool's description: the preamble and the declarations in a `ts` code block. */
export function renderCodemodeDescription(types: string, preamble: string = CODEMODE_PREAMBLE): string {
  return `${preamble}\n\n\`\`\`ts\n${types}\n\`\`\``;
}
