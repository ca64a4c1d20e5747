/**
 * The TypeScript API codemode shows the model: the exact description, its regeneration when the catalog
 * or a session changes, identifiers for awkward names, JSON Schema → TypeScript, and a compiler run over
 * the declarations of the built-ins and of an awkward catalog. The built-in result shapes are checked
 * against what the real built-in tools return, through codemode.
 * Reaches inside: schemaToType and the summary helpers (firstSentence, summaryParagraph, MAX_SENTENCE_CHARS)
 * are parts of the declaration generator, exported by no entry, checked form by form; registerBuiltinTools
 * (the built-ins on a bare createCoreSuite, without createToolSuite's spill and shell description) is
 * exported by no entry either.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Validator } from '@cfworker/json-schema';
import { afterAll, describe, expect, it } from 'vitest';
import {
  assignIdentifiers,
  BRIEF_HEADER,
  CODEMODE_PREAMBLE,
  createInProcessRunner,
  DEFAULT_DECLARATION_BUDGET,
  describeCodemodeTool,
  enableCodemode,
  estimateTokens,
  generateCodemodeTypes,
} from '../../src/codemode/index.ts';
import { schemaToType } from '../../src/codemode/schema-to-type.ts';
import { firstSentence, MAX_SENTENCE_CHARS, summaryParagraph } from '../../src/codemode/summary.ts';
import {
  BUILTIN_OUTPUT_SCHEMAS,
  BUILTIN_SPECS,
  BUILTIN_TOOL_NAMES,
  type BuiltinToolName,
  createCoreSuite,
  createToolSuite,
  type JsonSchema,
  type ToolSpec,
  type Workspace,
} from '../../src/index.ts';
import { registerBuiltinTools } from '../../src/tools/index.ts';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';
import { createCodemodeFixture } from './fixture.ts';

const runner = createInProcessRunner();
const ROOT = resolve(import.meta.dirname, '../..');

const DESCRIBE_DECLARATION = `  /** The full declaration of a tool (identifier or catalog name) as TypeScript text, every comment whole. */
  $describe(name: string): Promise<string>;`;

const FIXTURE_DECLARATIONS = `declare const tools: {
${DESCRIBE_DECLARATION}
  /** Look up a key. */
  lookup(args: {
    /** The key. */
    key: string;
  }): Promise<{
    key: string;
    value: string;
  }>;
  /** Add two numbers. */
  add(args: {
    a: number;
    b: number;
  }): Promise<{
    sum: number;
  }>;
  /** Wait a few milliseconds. */
  wait(args: {
    ms: number;
  }): Promise<unknown>;
  /** Never finishes. */
  hang(args?: {}): Promise<unknown>;
  /** Always fails. */
  fail(args?: {}): Promise<unknown>;
  /** Returns text only. */
  note(args?: {}): Promise<unknown>;
  /** Returns \`size\` characters. */
  blob(args: {
    size: number;
  }): Promise<unknown>;
  /** Save a file. */
  save(args: {
    path: string;
    content: string;
  }): Promise<unknown>;
  /** Publish a post. */
  publish(args: {
    text: string;
  }): Promise<unknown>;
};`;

const ARCHIVE_DECLARATION = `  /** Search old records by date. */
  archive(args: {
    date: string;
  }): Promise<{
    date: string;
    records: number;
  }>;
};`;

describe('the registered codemode spec', () => {
  it('has the fixed preamble, then the declarations of what scripts may call, word for word', () => {
    expect(CODEMODE_PREAMBLE).toBe(
      "Run a JavaScript script that calls tools and returns only what you need, so intermediate results stay out of the conversation. `code` is the body of an async function: call tools with `await tools.name({...})`, run independent calls together with `Promise.all`, and `return` a JSON value. A call resolves to the tool's structured result (to its text when it has none) and throws an Error with the tool's error text when it fails; catch it to carry on. You get back the returned value as JSON plus the console.log lines, cut at 2000 lines or 50 KB. Plain JavaScript only (no TypeScript syntax, imports, network or timers). Tool calls are not undone when a script fails later. The declarations below are abridged (comments shortened; tools after `// Brief:` show only required arguments). `console.log(await tools.$describe(\"name\"))` prints a tool's full declaration, every argument documented: read it, then call the tool in your next script.",
    );
    expect(BRIEF_HEADER).toBe(
      '// Brief: required arguments only (`& More`: it takes optional ones too), then the first sentence of the description.',
    );
    const { suite } = createCodemodeFixture(runner);
    const registered = suite.get('codemode');
    expect(registered?.mode).toBe('model_only');
    expect(registered?.spec).toEqual({
      name: 'codemode',
      description: `${CODEMODE_PREAMBLE}\n\n\`\`\`ts\n${FIXTURE_DECLARATIONS}\n\`\`\``,
      parameters: {
        type: 'object',
        properties: {
          code: {
            type: 'string',
            minLength: 1,
            description:
              'The body of an async JavaScript function: call tools with await tools.name({...}) and return the result.',
          },
          timeout: {
            type: 'number',
            exclusiveMinimum: 0,
            maximum: 60,
            description: 'Seconds before the script is stopped. Default: 10, at most 60.',
          },
        },
        required: ['code'],
        additionalProperties: false,
      },
      effects: ['exec'],
    });
    expect(suite.declarations().map((spec) => spec.name)).toEqual([
      'lookup',
      'wait',
      'hang',
      'fail',
      'note',
      'blob',
      'save',
      'publish',
      'secret',
      'tool_search',
      'codemode',
    ]);
  });

  it('is regenerated when the catalog changes', () => {
    const { suite } = createCodemodeFixture(runner);
    const description = () => suite.get('codemode')?.spec.description ?? '';
    suite.register(
      { name: 'my-tool', description: 'Late.', parameters: { type: 'object', properties: {} } },
      'codemode',
    );
    expect(description()).toContain(
      '  /** Tool "my-tool". Late. */\n  my_tool(args?: Record<string, unknown>): Promise<unknown>;\n};',
    );
    suite.setMode('lookup', 'hidden');
    expect(description()).not.toContain('lookup(');
    suite.setMode('lookup', 'model_only');
    expect(description()).not.toContain('lookup(');
    suite.setMode('lookup', 'direct');
    expect(description()).toContain('lookup(');
    suite.unregister('my-tool');
    expect(description()).toBe(`${CODEMODE_PREAMBLE}\n\n\`\`\`ts\n${FIXTURE_DECLARATIONS}\n\`\`\``);
  });

  it('shows deferred tools for the session that activated them; handle.declarations carries that text', () => {
    const { suite, codemode, session } = createCodemodeFixture(runner);
    const other = suite.createSession();
    session.activate(['archive']);
    const withArchive = FIXTURE_DECLARATIONS.replace(/\n};$/, `\n${ARCHIVE_DECLARATION}`);
    expect(codemode.types(session)).toBe(withArchive);
    expect(codemode.types(other)).toBe(FIXTURE_DECLARATIONS);
    expect(codemode.description(session)).toBe(`${CODEMODE_PREAMBLE}\n\n\`\`\`ts\n${withArchive}\n\`\`\``);
    const declared = codemode.declarations(session);
    expect(declared.map((spec) => spec.name)).toEqual(suite.declarations(session).map((spec) => spec.name));
    expect(declared.find((spec) => spec.name === 'codemode')?.description).toBe(
      codemode.description(session),
    );
    // The registered spec is the session-less view.
    expect(suite.get('codemode')?.spec.description).toBe(codemode.description());
    expect(codemode.tools(session).map((entry) => entry.name)).toContain('archive');
  });

  it('dispose unregisters codemode and stops following the catalog', () => {
    const { suite, codemode } = createCodemodeFixture(runner);
    codemode.dispose();
    expect(suite.get('codemode')).toBeUndefined();
    suite.register({ name: 'later', description: 'x', parameters: { type: 'object' } }, 'direct');
    expect(suite.get('codemode')).toBeUndefined();
    codemode.dispose();
  });

  it('refuses a second codemode and out-of-range options, to the host', () => {
    const { suite } = createCodemodeFixture(runner);
    expect(() => enableCodemode(suite, { runner })).toThrow(
      'browser-agent-tools: a tool named "codemode" is already registered. Pass { replace: true } to replace it, or unregister it first.',
    );
    const fresh = createCoreSuite();
    expect(() => enableCodemode(fresh, { runner, maxCalls: 0 })).toThrow(
      'browser-agent-tools: enableCodemode: maxCalls must be a positive integer, got 0.',
    );
    expect(() => enableCodemode(fresh, { runner, defaultTimeoutSeconds: 90 })).toThrow(
      'browser-agent-tools: enableCodemode: defaultTimeoutSeconds (90) must not exceed maxTimeoutSeconds (60).',
    );
    expect(fresh.get('codemode')).toBeUndefined();
  });
});

describe('identifiers', () => {
  it('keeps valid names, makes the others valid, and never collides', () => {
    const names = [
      'my-tool',
      'my_tool',
      '3d',
      'class',
      'a.b',
      'a_b',
      'a:b',
      'then',
      '_3d',
      'x-1',
      'x_1_2',
      'x.1',
    ];
    expect([...assignIdentifiers(names)]).toEqual([
      ['my_tool', 'my_tool'],
      ['class', 'class'],
      ['a_b', 'a_b'],
      ['_3d', '_3d'],
      ['x_1_2', 'x_1_2'],
      ['my-tool', 'my_tool_2'],
      ['3d', '_3d_2'],
      ['a.b', 'a_b_2'],
      ['a:b', 'a_b_3'],
      ['then', 'then_'],
      ['x-1', 'x_1'],
      ['x.1', 'x_1_3'],
    ]);
  });
});

describe('JSON Schema to TypeScript', () => {
  const type = (schema: unknown): string => schemaToType(schema, { docs: 'none' });

  it('renders scalars, enums, consts, unions, nullables and arrays', () => {
    expect(type({ type: 'integer' })).toBe('number');
    expect(type({ enum: ['a', "it's", 'b|c', 2, null] })).toBe('"a" | "it\'s" | "b|c" | 2 | null');
    expect(type({ const: true })).toBe('true');
    expect(type({ type: ['string', 'null'] })).toBe('string | null');
    expect(type({ type: 'string', nullable: true })).toBe('string | null');
    expect(type({ type: 'array', items: { type: ['string', 'number'] } })).toBe('(string | number)[]');
    expect(type({ type: 'array', items: { enum: ['x|y'] } })).toBe('"x|y"[]');
    expect(type({ type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false })).toBe(
      '[string, number]',
    );
    expect(type({ anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'boolean' } }] })).toBe(
      'string | boolean[]',
    );
    expect(type({})).toBe('unknown');
    expect(type({ type: 'string', format: 'date-time' })).toBe('string');
  });

  it('renders objects: optional keys, quoted keys, index signatures, intersections', () => {
    expect(
      type({
        type: 'object',
        properties: { 'file-name': { type: 'string' }, ok: { type: 'boolean' } },
        required: ['ok'],
      }),
    ).toBe('{\n  "file-name"?: string;\n  ok: boolean;\n}');
    expect(type({ type: 'object', additionalProperties: { type: 'number' } })).toBe(
      '{\n  [key: string]: number;\n}',
    );
    expect(type({ type: 'object', properties: {}, additionalProperties: false })).toBe('{}');
    expect(type({ type: 'object' })).toBe('Record<string, unknown>');
    expect(
      type({
        allOf: [
          { type: 'object', properties: { a: { type: 'string' } } },
          { type: 'object', properties: { b: { type: 'number' } } },
        ],
      }),
    ).toBe('{\n  a?: string;\n} & {\n  b?: number;\n}');
  });

  it('resolves local $refs and stops at cycles and depth', () => {
    const tree = {
      $ref: '#/$defs/node',
      $defs: {
        node: {
          type: 'object',
          properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } },
        },
      },
    };
    expect(type(tree)).toBe('{\n  children?: unknown[];\n}');
    expect(type({ $ref: 'https://example.com/schema.json' })).toBe('unknown');
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 12; level += 1) deep = { type: 'array', items: deep };
    expect(type(deep)).toBe('unknown[][][][][][][][][]');
  });

  it('writes descriptions as JSDoc and defuses a comment end inside them', () => {
    expect(
      schemaToType({
        type: 'object',
        properties: { a: { type: 'string', description: 'Ends */ here.\nSecond line.' } },
      }),
    ).toBe('{\n  /**\n   * Ends *\\/ here.\n   * Second line.\n   */\n  a?: string;\n}');
  });
});

describe('JSON Schema to TypeScript: shortened comments and the brief form', () => {
  const nested = {
    type: 'object',
    properties: {
      a: { type: 'string', description: 'First sentence. Second sentence.' },
      b: {
        type: 'object',
        description: 'An object, e.g. options. More.',
        properties: { c: { type: 'string', description: 'Nested: never shown.' } },
      },
      d: {
        type: 'array',
        items: { type: 'object', properties: { e: { type: 'number', description: 'No.' } } },
      },
    },
    required: ['a'],
  };

  it("docs 'top' keeps the first sentence of the outermost properties' descriptions only", () => {
    expect(schemaToType(nested, { docs: 'top' })).toBe(
      '{\n  /** First sentence. */\n  a: string;\n  /** An object, e.g. options. */\n  b?: {\n    c?: string;\n  };\n  d?: {\n    e?: number;\n  }[];\n}',
    );
    expect(schemaToType(nested, { docs: 'none' })).not.toContain('/**');
    expect(schemaToType(nested)).toContain('/** Nested: never shown. */');
  });

  it('brief renders objects as object and widens enums of more than four values', () => {
    const brief = (schema: unknown): string => schemaToType(schema, { brief: true });
    expect(brief(nested)).toBe('object');
    expect(brief(nested.properties.d)).toBe('object[]');
    expect(brief({ type: ['object', 'null'] })).toBe('object | null');
    expect(brief({ enum: ['a', 'b', 'c', 'd'] })).toBe('"a" | "b" | "c" | "d"');
    expect(brief({ enum: ['a', 'b', 'c', 'd', 'e'] })).toBe('string');
    expect(brief({ enum: ['a', 1, null, 'b', true] })).toBe('string | number | null | boolean');
    expect(
      brief({ type: 'array', prefixItems: [{ type: 'string' }, { type: 'object' }], items: false }),
    ).toBe('[string, object]');
  });
});

describe('first sentences and summary paragraphs', () => {
  it('end at . ! or ? before a space or the end, not after e.g., inside backticks or in a number', () => {
    expect(firstSentence('Gets a thing. Then more.')).toBe('Gets a thing.');
    expect(firstSentence('Is it there? Yes.')).toBe('Is it there?');
    expect(firstSentence('Sends items, e.g. files, i.e. blobs, at once. Then.')).toBe(
      'Sends items, e.g. files, i.e. blobs, at once.',
    );
    expect(firstSentence('Matches `a. b` exactly. More.')).toBe('Matches `a. b` exactly.');
    expect(firstSentence('Needs version 1.5 or later. More.')).toBe('Needs version 1.5 or later.');
    expect(firstSentence('List all teams')).toBe('List all teams');
    expect(firstSentence('Sets the limit. All organizations\nunder it follow.')).toBe('Sets the limit.');
    expect(firstSentence('Wraps a long\n  line without a full stop')).toBe(
      'Wraps a long line without a full stop',
    );
    expect(firstSentence('')).toBe('');
  });

  it('skip block-quote asides, reduce links to their text and cut long sentences at a word', () => {
    expect(firstSentence('> [!NOTE]\n> In preview.\n\nReturns tasks. More.')).toBe('Returns tasks.');
    expect(firstSentence('> [!NOTE]\n> The `:slug` is the short name. Find it in settings.')).toBe(
      'The `:slug` is the short name.',
    );
    expect(firstSentence('See [the docs](https://example.com/a.b). Then.')).toBe('See the docs.');
    const long = firstSentence(`Searches ${'every word of the archive and '.repeat(8)}more.`);
    expect(long).toBe(
      'Searches every word of the archive and every word of the archive and every word of the archive and every word of the archive and every word of the archive and…',
    );
    expect(long.length).toBeLessThanOrEqual(MAX_SENTENCE_CHARS);
    expect(summaryParagraph('> [!NOTE]\n> a\n\nFirst [p](https://x.y).\nline two\n\nSecond.')).toBe(
      'First p.\nline two',
    );
    expect(summaryParagraph('> [!WARNING]\n> Closing down.')).toBe('Closing down.');
  });
});

/** A catalog that shows every part of the brief form. */
const BUDGET_CATALOG: ToolSpec[] = [
  {
    name: 'first',
    description:
      'Declared in full. Its first paragraph shows.\n\nThe second paragraph only shows in $describe.',
    parameters: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'What to look for. Only this first sentence shows.' },
        options: {
          type: 'object',
          description: 'Nested options, e.g. depth. Cut to one sentence.',
          properties: { depth: { type: 'integer', description: 'Nested comments are left out.' } },
        },
      },
      required: ['query'],
    },
    outputSchema: { type: 'object', properties: { hits: { type: 'integer' } }, required: ['hits'] },
  },
  {
    name: 'repos-get',
    description:
      '> [!NOTE]\n> This endpoint is in preview.\n\nGets a [repository](https://example.com/repos) by owner and name. Returns 404 when it is private.',
    parameters: {
      type: 'object',
      properties: { owner: { type: 'string' }, repo: { type: 'string' }, per_page: { type: 'integer' } },
      required: ['owner', 'repo'],
    },
    outputSchema: { type: 'object', properties: { id: { type: 'integer' } } },
  },
  {
    name: 'bulk',
    description: 'Sends items, e.g. files or notes, in one call. Each item is checked first.',
    parameters: {
      type: 'object',
      properties: {
        items: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } },
        level: { enum: ['a', 'b', 'c', 'd', 'e'] },
        mode: { enum: ['fast', 'safe'] },
        'dry-run': { type: 'boolean' },
      },
      required: ['items', 'level', 'mode', 'dry-run'],
    },
  },
  { name: 'ping', description: '', parameters: { type: 'object', properties: {} } },
  {
    name: 'search',
    description: `Searches ${'every word of the archive and '.repeat(6)}the index`,
    parameters: { type: 'object', properties: { q: { type: 'string' } } },
  },
];

const FIRST_IN_FULL = `  /** Declared in full. Its first paragraph shows. */
  first(args: {
    /** What to look for. */
    query: string;
    /** Nested options, e.g. depth. */
    options?: {
      depth?: number;
    };
  }): Promise<{
    hits: number;
  }>;`;

const BRIEF_LINES = `  repos_get(args: { owner: string; repo: string } & More): Promise<unknown>; // Gets a repository by owner and name.
  bulk(args: { items: object[]; level: string; mode: "fast" | "safe"; "dry-run": boolean }): Promise<unknown>; // Sends items, e.g. files or notes, in one call.
  ping(args?: {}): Promise<unknown>;
  search(args?: More): Promise<unknown>; // Searches every word of the archive and every word of the archive and every word of the archive and every word of the archive and every word of the archive and…`;

const REPOS_GET_DESCRIBED = `/**
 * Tool "repos-get".
 *
 * > [!NOTE]
 * > This endpoint is in preview.
 *
 * Gets a [repository](https://example.com/repos) by owner and name. Returns 404 when it is private.
 */
repos_get(args: {
  owner: string;
  repo: string;
  per_page?: number;
}): Promise<{
  id?: number;
}>;`;

describe('the declaration budget', () => {
  it('declares tools in full while the budget lasts, then the rest in brief, word for word', () => {
    const types = generateCodemodeTypes(BUDGET_CATALOG, { budget: 1, countTokens: () => 1 });
    expect(types.text).toBe(
      `type More = Record<string, unknown>;\ndeclare const tools: {\n${DESCRIBE_DECLARATION}\n${FIRST_IN_FULL}\n  ${BRIEF_HEADER}\n${BRIEF_LINES}\n};`,
    );
    expect(types.tools.map((entry) => [entry.identifier, entry.brief])).toEqual([
      ['first', false],
      ['repos_get', true],
      ['bulk', true],
      ['ping', true],
      ['search', true],
    ]);
  });

  it('is a prefix in catalog order: after the first tool that does not fit, every tool is brief', () => {
    const costs: Record<string, number> = { first: 5, repos_get: 1 };
    const types = generateCodemodeTypes(BUDGET_CATALOG, {
      budget: 4,
      countTokens: (text) => costs[/\n {2}(\w+)\(args/.exec(`\n${text}`)?.[1] ?? ''] ?? 1,
    });
    expect(types.tools.map((entry) => entry.brief)).toEqual([true, true, true, true, true]);
  });

  it('counts characters / 4 by default, 4000 of them; Infinity declares all in full, 0 none', () => {
    expect(DEFAULT_DECLARATION_BUDGET).toBe(4000);
    expect([estimateTokens(''), estimateTokens('abcd'), estimateTokens('abcde')]).toEqual([0, 1, 2]);
    const cost = estimateTokens(FIRST_IN_FULL);
    const fits = generateCodemodeTypes(BUDGET_CATALOG, { budget: cost });
    expect(fits.tools.map((entry) => entry.brief)).toEqual([false, true, true, true, true]);
    const short = generateCodemodeTypes(BUDGET_CATALOG, { budget: cost - 1 });
    expect(short.tools.map((entry) => entry.brief)).toEqual([true, true, true, true, true]);
    expect(generateCodemodeTypes(BUDGET_CATALOG).tools.every((entry) => !entry.brief)).toBe(true);
    const all = generateCodemodeTypes(BUDGET_CATALOG, { budget: Number.POSITIVE_INFINITY });
    expect(all.text.startsWith(`declare const tools: {\n${DESCRIBE_DECLARATION}\n${FIRST_IN_FULL}\n`)).toBe(
      true,
    );
    expect(all.text).not.toContain('More');
    expect(generateCodemodeTypes([]).text).toBe(`declare const tools: {\n${DESCRIBE_DECLARATION}\n};`);
    const brief = generateCodemodeTypes(BUDGET_CATALOG.slice(3, 4), { budget: 0 });
    expect(brief.text).toBe(
      `declare const tools: {\n${DESCRIBE_DECLARATION}\n  ${BRIEF_HEADER}\n  ping(args?: {}): Promise<unknown>;\n};`,
    );
  });

  it('$describe gives the whole description and every comment', () => {
    const [, reposGet] = generateCodemodeTypes(BUDGET_CATALOG, { budget: 0 }).tools;
    if (!reposGet) throw new Error('no repos_get');
    expect(describeCodemodeTool(reposGet)).toBe(REPOS_GET_DESCRIBED);
  });

  it('enableCodemode takes declarationBudget and countTokens; fullTypes declares every tool whole', () => {
    const suite = createCoreSuite();
    for (const spec of BUDGET_CATALOG) suite.register(spec, 'codemode');
    const codemode = enableCodemode(suite, { runner, declarationBudget: 1, countTokens: () => 1 });
    const types = generateCodemodeTypes(BUDGET_CATALOG, { budget: 1, countTokens: () => 1 }).text;
    expect(codemode.types()).toBe(types);
    expect(suite.get('codemode')?.spec.description).toBe(
      `${CODEMODE_PREAMBLE}\n\n\`\`\`ts\n${types}\n\`\`\``,
    );
    expect(codemode.tools().map((entry) => entry.brief)).toEqual([false, true, true, true, true]);
    const indent = (text: string) =>
      text
        .split('\n')
        .map((line) => `  ${line}`)
        .join('\n');
    expect(codemode.fullTypes()).toBe(
      `declare const tools: {\n${DESCRIBE_DECLARATION}\n${codemode
        .tools()
        .map((entry) => indent(describeCodemodeTool(entry)))
        .join('\n')}\n};`,
    );
    expect(codemode.fullTypes()).toContain(indent(REPOS_GET_DESCRIBED));
  });

  it('refuses a budget that is not a number of tokens, to the host', () => {
    const fresh = createCoreSuite();
    for (const budget of [-1, Number.NaN]) {
      expect(() => enableCodemode(fresh, { runner, declarationBudget: budget })).toThrow(
        `browser-agent-tools: enableCodemode: declarationBudget must be a number of tokens, 0 or more (Infinity declares every tool in full), got ${budget}.`,
      );
    }
    expect(fresh.get('codemode')).toBeUndefined();
    expect(() => generateCodemodeTypes([], { budget: -5 })).toThrow(
      'browser-agent-tools: generateCodemodeTypes: budget must be a number of tokens, 0 or more (Infinity declares every tool in full), got -5.',
    );
  });
});

const AWKWARD: ToolSpec[] = [
  {
    name: 'my-tool',
    description: 'Dashes in the name.\n\nThis second paragraph is not shown.',
    parameters: {
      type: 'object',
      properties: {
        'file-name': { type: 'string', description: 'Has a */ inside.' },
        nested: {
          type: 'object',
          properties: {
            deep: {
              type: 'array',
              items: {
                type: 'object',
                properties: { x: { type: ['integer', 'null'] }, tag: { enum: ['a', 'b|c', "it's"] } },
                required: ['x'],
              },
            },
          },
        },
      },
      required: ['file-name'],
    },
    outputSchema: {
      type: 'object',
      properties: { tree: { $ref: '#/$defs/node' } },
      required: ['tree'],
      $defs: {
        node: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/$defs/node' } },
          },
          required: ['name'],
        },
      },
    },
  },
  { name: 'my_tool', description: 'Underscores.', parameters: { type: 'object', properties: {} } },
  {
    name: '3d',
    description: 'Starts with a digit.',
    parameters: { type: 'object', properties: { n: { type: 'number' } } },
  },
  { name: 'class', description: 'A reserved word.', parameters: { type: 'object', properties: {} } },
  { name: 'a.b', description: 'A dot.', parameters: { type: 'object', properties: {} } },
  {
    name: 'a_b',
    description: 'Collides with a.b once sanitised.',
    parameters: { type: 'object', properties: {} },
  },
  {
    name: 'then',
    description: 'Would make tools a thenable.',
    parameters: { type: 'object', properties: {} },
  },
  {
    name: 'shapes',
    description: 'Tuples, maps, intersections and unions.',
    parameters: {
      type: 'object',
      properties: {
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false },
        counts: { type: 'object', additionalProperties: { type: 'integer' } },
        both: {
          allOf: [
            { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
            { type: 'object', properties: { b: { type: 'number' } } },
          ],
        },
        either: {
          oneOf: [{ type: 'string' }, { type: 'object', properties: { k: { const: 1 } }, required: ['k'] }],
        },
      },
      required: ['pair'],
    },
  },
];

const USAGE = `export {};
async function main(): Promise<void> {
  const made = await tools.my_tool_2({ 'file-name': 'a', nested: { deep: [{ x: 1, tag: 'b|c' }, { x: null }] } });
  const rootName: string = made.tree.name;
  const childName: string | undefined = made.tree.children?.[0] ? 'child' : undefined;
  await tools.my_tool();
  await tools._3d({ n: 3 });
  await tools.class();
  await tools.a_b_2();
  await tools.a_b();
  await tools.then_();
  await tools.shapes({ pair: ['x', 1], counts: { a: 1 }, both: { a: 'x', b: 2 }, either: { k: 1 } });
  // @ts-expect-error: file-name is required
  await tools.my_tool_2({});
  // @ts-expect-error: the tuple is [string, number]
  await tools.shapes({ pair: [1, 'x'] });

  const file = await tools.read({ path: 'a.txt', offset: 1, limit: 10 });
  if ('content' in file) {
    const lines: number = file.total_lines;
    const body: string = file.content;
    void [lines, body];
  } else {
    const mime: string = file.mime_type;
    void mime;
  }
  const written = await tools.write({ path: 'a.txt', content: 'x' });
  const created: boolean = written.created;
  const edited = await tools.edit({ path: 'a.txt', edits: [{ oldText: 'x', newText: 'y' }] });
  const replaced: number = edited.replacements;
  const ran = await tools.bash({ command: 'ls', timeout: 5 });
  const exit: number = ran.exit_code;
  const found = await tools.grep({ pattern: 'x', outputMode: 'content' });
  const line: number | undefined = found.matches?.[0]?.line;
  const paths: string[] = (await tools.find({ pattern: '**/*.ts' })).paths;
  const listing = await tools.ls();
  const kind: 'file' | 'directory' | 'symlink' | 'other' | undefined = listing.entries[0]?.type;
  // @ts-expect-error: path must be a string
  await tools.read({ path: 1 });
  // @ts-expect-error: grep has no such output mode
  await tools.grep({ pattern: 'x', outputMode: 'lines' });
  void [rootName, childName, created, replaced, exit, line, paths, kind];
}
void main;
`;

/** The same calls against the budgeted form, where the awkward tools are declared in brief. */
const USAGE_BRIEF = `export {};
async function main(): Promise<void> {
  const full: string = await tools.$describe('my-tool');
  const made: unknown = await tools.my_tool_2({ 'file-name': 'a', nested: { deep: [{ x: 1, tag: 'b|c' }] } });
  await tools.my_tool();
  await tools._3d();
  await tools._3d({ n: 3 });
  await tools.then_();
  await tools.shapes({ pair: ['x', 1], counts: { a: 1 } });
  // @ts-expect-error: file-name is required
  await tools.my_tool_2({ nested: {} });
  // @ts-expect-error: the tuple is [string, number]
  await tools.shapes({ pair: [1, 'x'] });
  // @ts-expect-error: $describe takes a name
  await tools.$describe();
  const text: string = (await tools.read({ path: 'a.txt' })).path;
  void [full, made, text];
}
void main;
`;

describe('the declarations compile with TypeScript', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** Runs tsc (strict) over `files`; returns its exit status and output. */
  const compile = (files: Record<string, string>): { status: number; output: string } => {
    const dir = mkdtempSync(join(tmpdir(), 'codemode-types-'));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          lib: ['ES2022'],
          types: [],
          strict: true,
          noUncheckedIndexedAccess: true,
          noEmit: true,
          skipLibCheck: false,
        },
        files: Object.keys(files),
      }),
    );
    try {
      execFileSync(join(ROOT, 'node_modules/.bin/tsc'), ['-p', join(dir, 'tsconfig.json')], {
        encoding: 'utf8',
      });
      return { status: 0, output: '' };
    } catch (error) {
      const failure = error as { status?: number; stdout?: string; stderr?: string };
      return { status: failure.status ?? 1, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
    }
  };

  const awkwardSuite = () => {
    const suite = createCoreSuite<Workspace>();
    registerBuiltinTools(suite);
    for (const spec of AWKWARD) suite.register(spec, 'codemode');
    return suite;
  };

  it('for the built-ins and a catalog of awkward names and nested schemas, in full', () => {
    const codemode = enableCodemode(awkwardSuite(), { runner });
    const types = codemode.types();
    expect(codemode.tools().map((entry) => [entry.name, entry.identifier, entry.brief])).toEqual([
      ['read', 'read', false],
      ['write', 'write', false],
      ['edit', 'edit', false],
      ['bash', 'bash', false],
      ['grep', 'grep', false],
      ['find', 'find', false],
      ['ls', 'ls', false],
      ['my-tool', 'my_tool_2', false],
      ['my_tool', 'my_tool', false],
      ['3d', '_3d', false],
      ['class', 'class', false],
      ['a.b', 'a_b_2', false],
      ['a_b', 'a_b', false],
      ['then', 'then_', false],
      ['shapes', 'shapes', false],
    ]);
    expect(types).toContain('  /** Tool "my-tool". Dashes in the name. */\n  my_tool_2(args: {');
    expect(types).not.toContain('second paragraph');
    expect(compile({ 'tools.d.ts': `${types}\n`, 'usage.ts': USAGE })).toEqual({ status: 0, output: '' });
  });

  it('in the editor form (fullTypes), with every tool as $describe gives it', () => {
    const codemode = enableCodemode(awkwardSuite(), { runner });
    const full = codemode.fullTypes();
    expect(full).toContain(
      '  /**\n   * Tool "my-tool".\n   *\n   * Dashes in the name.\n   *\n   * This second paragraph is not shown.\n   */',
    );
    const described = codemode
      .tools()
      .map((entry) => describeCodemodeTool(entry, BUILTIN_OUTPUT_SCHEMAS))
      .join('\n');
    expect(
      compile({
        'tools.d.ts': `${full}\n`,
        'usage.ts': USAGE,
        'described.d.ts': `declare const described: {\n${described}\n};\n`,
      }),
    ).toEqual({ status: 0, output: '' });
  });

  it('in brief: every tool after the budget on one line, called with required and optional arguments', () => {
    const suite = awkwardSuite();
    const codemode = enableCodemode(suite, { runner, declarationBudget: 0 });
    const types = codemode.types();
    expect(codemode.tools().every((entry) => entry.brief)).toBe(true);
    expect(types).toBe(`type More = Record<string, unknown>;
declare const tools: {
${DESCRIBE_DECLARATION}
  ${BRIEF_HEADER}
  read(args: { path: string } & More): Promise<unknown>; // Read a text file or an image from the workspace.
  write(args: { path: string; content: string } & More): Promise<unknown>; // Create a file or overwrite it with the given content.
  edit(args: { path: string } & More): Promise<unknown>; // Replace exact text in a file.
  bash(args: { command: string } & More): Promise<unknown>; // Run a shell command in the workspace and return its combined stdout and stderr.
  grep(args: { pattern: string } & More): Promise<unknown>; // Search file contents with a regular expression, or a plain string with literal: true.
  find(args: { pattern: string } & More): Promise<unknown>; // Find files by glob pattern, e.g. "*.ts" (a pattern without / matches names at any depth) or "src/**/test_*.py".
  ls(args?: More): Promise<unknown>; // List a directory: entries sorted alphabetically, directories end in /, dotfiles included.
  my_tool_2(args: { "file-name": string } & More): Promise<unknown>; // Dashes in the name.
  my_tool(args?: {}): Promise<unknown>; // Underscores.
  _3d(args?: More): Promise<unknown>; // Starts with a digit.
  class(args?: {}): Promise<unknown>; // A reserved word.
  a_b_2(args?: {}): Promise<unknown>; // A dot.
  a_b(args?: {}): Promise<unknown>; // Collides with a.b once sanitised.
  then_(args?: {}): Promise<unknown>; // Would make tools a thenable.
  shapes(args: { pair: [string, number] } & More): Promise<unknown>; // Tuples, maps, intersections and unions.
};`);
    // A budget (counted by the host's counter: one per declaration here) that only the built-ins fit.
    const partial = enableCodemode(awkwardSuite(), {
      runner,
      declarationBudget: BUILTIN_TOOL_NAMES.length,
      countTokens: () => 1,
    });
    expect(partial.tools().map((entry) => entry.brief)).toEqual([
      ...BUILTIN_TOOL_NAMES.map(() => false),
      ...AWKWARD.map(() => true),
    ]);
    expect(compile({ 'tools.d.ts': `${partial.types()}\n`, 'usage.ts': USAGE_BRIEF })).toEqual({
      status: 0,
      output: '',
    });
  });
});

describe('the built-ins result shapes', () => {
  it('match what the real built-in tools return to a script', async () => {
    const workspace = await createJustBashWorkspace({
      files: { 'src/a.ts': 'export const a = 1;\n', 'notes.md': 'alpha\nbeta\n' },
    });
    const suite = createToolSuite({ workspace, builtins: [...BUILTIN_TOOL_NAMES] });
    enableCodemode(suite, { runner });
    const code = `return {
      read: await tools.read({ path: 'notes.md' }),
      write: await tools.write({ path: 'out/b.txt', content: 'one\\ntwo\\n' }),
      edit: await tools.edit({ path: 'out/b.txt', oldText: 'two', newText: 'three' }),
      bash: await tools.bash({ command: 'echo hi' }),
      grep: await tools.grep({ pattern: 'alpha' }),
      grep_files: await tools.grep({ pattern: 'a', outputMode: 'files_with_matches' }),
      grep_count: await tools.grep({ pattern: 'a', outputMode: 'count' }),
      find: await tools.find({ pattern: '**/*.ts' }),
      ls: await tools.ls(),
    };`;
    const result = await suite.execute('codemode', { code, timeout: 30 });
    expect(result.is_error, result.output).toBe(false);
    const returned = result.structured_output.result as Record<string, unknown>;
    const problems: string[] = [];
    for (const [key, value] of Object.entries(returned)) {
      const tool = key.replace(/_.*$/, '');
      const schema = BUILTIN_OUTPUT_SCHEMAS[tool as BuiltinToolName] as JsonSchema;
      const verdict = new Validator(schema as never, '2020-12', false).validate(value);
      if (!verdict.valid) problems.push(`${key}: ${verdict.errors.map((error) => error.error).join('; ')}`);
      // Every key a built-in returns is declared (its shape has no index signature).
      const declared = Object.keys(
        ((schema.anyOf as JsonSchema[] | undefined)?.[0] ?? schema).properties as Record<string, unknown>,
      );
      for (const field of Object.keys(value as object)) {
        if (!declared.includes(field)) problems.push(`${key}: undeclared field ${field}`);
      }
    }
    expect(problems).toEqual([]);
    expect(Object.keys(returned)).toHaveLength(9);
  });

  it('are typed for every built-in name', () => {
    expect(Object.keys(BUILTIN_OUTPUT_SCHEMAS).sort()).toEqual([...BUILTIN_TOOL_NAMES].sort());
    const types = generateCodemodeTypes(
      BUILTIN_TOOL_NAMES.map((name) => BUILTIN_SPECS[name]),
      { outputSchemas: BUILTIN_OUTPUT_SCHEMAS },
    );
    expect(types.text).not.toContain('Promise<unknown>');
  });

  it('come from the schema each built-in brings to the catalog, which its declaration does not show', () => {
    const suite = createCoreSuite<Workspace>();
    registerBuiltinTools(suite);
    expect(suite.list().map((tool) => tool.outputSchema)).toEqual(
      BUILTIN_TOOL_NAMES.map((name) => BUILTIN_OUTPUT_SCHEMAS[name]),
    );
    expect(suite.declarations().map((spec) => spec.outputSchema)).toEqual(
      BUILTIN_TOOL_NAMES.map(() => undefined),
    );
    const types = enableCodemode(suite, { runner }).types();
    expect(types).not.toContain('Promise<unknown>');
    expect(types).toContain('bytes_written: number');
  });
});
