/**
 * The dependency rules of the source tree (docs/contributing.md, docs/architecture.md), checked on
 * every import in src/. Each violation names the file, the import and the rule it breaks.
 * Reaches inside: the repairs tables of the built-ins and of tool_search (*_REPAIRS, TOOL_SEARCH_REPAIRS)
 * hold the peer aliases core must not spell out, and no entry exports them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { CODEMODE_TOOL_NAME } from '../../src/codemode/index.ts';
import { BUILTIN_TOOL_NAMES, TOOL_SEARCH_NAME } from '../../src/index.ts';
import { TOOL_SEARCH_REPAIRS } from '../../src/search/tool-search.ts';
import {
  BASH_REPAIRS,
  EDIT_REPAIRS,
  FIND_REPAIRS,
  GREP_REPAIRS,
  LS_REPAIRS,
  READ_REPAIRS,
  WRITE_REPAIRS,
} from '../../src/tools/index.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');

/** Which rooms each room may import (relative imports only; npm packages are checked separately). */
const ALLOWED_ROOMS: Record<string, readonly string[]> = {
  // The shared helpers (UTF-8 sizes, byte cuts, formatted sizes, error messages) import nothing, so
  // every room may use them, the playground included: they are pure functions, not the library.
  shared: ['shared'],
  core: ['core', 'shared'],
  search: ['search', 'core', 'shared'],
  providers: ['providers', 'core', 'shared'],
  tools: ['tools', 'core', 'workspace/workspace.ts', 'shared'],
  codemode: ['codemode', 'core', 'shared'],
  agent: ['agent', 'core', 'providers', 'shared'],
  'workspace/workspace.ts': ['workspace/workspace.ts', 'core', 'shared'],
  // The shell room holds what both backends run scripts with (just-bash's runner); it knows no backend.
  'workspace/shell': ['workspace/shell', 'core', 'workspace/workspace.ts', 'shared'],
  'workspace/just-bash': [
    'workspace/just-bash',
    'core',
    'workspace/workspace.ts',
    'workspace/shell',
    'shared',
  ],
  'workspace/webcontainer': [
    'workspace/webcontainer',
    'core',
    'workspace/workspace.ts',
    'workspace/shell',
    'shared',
  ],
  root: ['root', 'core', 'tools', 'search', 'providers', 'workspace/workspace.ts', 'shared'],
  // The MCP server entry composes the suite exactly as a consumer does, through the root entry
  // (createToolSuite, toProviderTools and the types are all public there), so what it serves is what the
  // package exports. It reaches into no room statically: the embedded workspace, sized to each session's
  // share of the memory budget, is loaded lazily (LAZY_ROOMS), and codemode and the playground stay out
  // of the worker.
  edge: ['edge', 'root', 'shared'],
  // The MCP bridge mounts remote tools on a suite through the public surface only, like any host.
  mcp: ['mcp', 'root', 'shared'],
  // Adapters to agent SDKs: each renders the public suite for one SDK, which only it may import.
  'ai-sdk': ['ai-sdk', 'root', 'shared'],
  'openai-agents': ['openai-agents', 'root', 'shared'],
  langchain: ['langchain', 'root', 'shared'],
  // The conformance suite backend authors run (`browser-agent-tools/testing`): it builds suites through
  // the public surface and checks paths with the seam's own confinement function.
  testing: ['testing', 'root', 'workspace/workspace.ts', 'shared'],
  // The Playwright fixture (`browser-agent-tools/playwright`) drives a page from the test runner: it
  // needs the public types only (results, specs, modes) and runs none of the library itself.
  playwright: ['playwright', 'root', 'shared'],
  playground: ['playground', 'shared'],
};

/** Node built-ins a room may use: the testing entry runs under a Node test runner and hashes files. */
const NODE_BUILTINS_ALLOWED: Record<string, readonly string[]> = { testing: ['node:crypto'] };

const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/** The room a path under src/ belongs to. */
function roomOf(path: string): string {
  const parts = path.split('/');
  if (parts.length === 1) return 'root';
  if (parts[0] === 'workspace') return `workspace/${parts[1]}`;
  return parts[0] ?? 'root';
}

/** Rooms a room may load lazily with `import()` on top of its static rules. */
const LAZY_ROOMS: Record<string, readonly string[]> = {
  root: ['workspace/just-bash'],
  // The MCP handler gives every session an embedded workspace limited to its share of the budget, which
  // createToolSuite's default workspace (just-bash's own 128 MiB limit) cannot be told.
  edge: ['workspace/just-bash'],
};

/** Agent SDKs (optional peer dependencies) and the one adapter room that may import each. */
const ADAPTER_SDKS: readonly (readonly [RegExp, string])[] = [
  [/^ai(\/|$)/, 'ai-sdk'],
  [/^@openai\/agents(-[a-z]+)?(\/|$)/, 'openai-agents'],
  [/^@langchain\//, 'langchain'],
  // The test runner the fixture extends; in any other room it would tie the library to a test run.
  [/^@playwright\/test(\/|$)/, 'playwright'],
];

/** Import specifiers of a module: static imports, re-exports and dynamic imports. */
function importsOf(source: string): { specifier: string; dynamic: boolean }[] {
  const found: { specifier: string; dynamic: boolean }[] = [];
  const staticPatterns = [
    /\bimport\s+(?:type\s+)?[^'"]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bexport\s+(?:type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
  ];
  for (const pattern of staticPatterns) {
    for (const match of source.matchAll(pattern))
      if (match[1]) found.push({ specifier: match[1], dynamic: false });
  }
  for (const match of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    if (match[1]) found.push({ specifier: match[1], dynamic: true });
  }
  return found;
}

/** Violations of the rules for one file (path relative to src/). */
function violations(file: string, source: string): string[] {
  const found: string[] = [];
  const room = roomOf(file);
  const library = room !== 'playground';
  for (const { specifier, dynamic } of importsOf(source)) {
    if (specifier.startsWith('.')) {
      const target = relative(SRC, resolve(SRC, dirname(file), specifier));
      if (target.startsWith('..')) {
        found.push(`${file}: "${specifier}" leaves src/`);
        continue;
      }
      const targetRoom = roomOf(target);
      const allowed = ALLOWED_ROOMS[room] ?? [room];
      if (dynamic && LAZY_ROOMS[room]?.includes(targetRoom)) continue;
      if (!allowed.includes(targetRoom)) {
        found.push(
          `${file}: "${specifier}" reaches ${targetRoom}, but ${room} may only import ${allowed.join(', ')}`,
        );
      }
      continue;
    }
    if (room === 'shared') {
      found.push(
        `${file}: "${specifier}" is a package; the shared helpers import nothing, so every room can use them`,
      );
    }
    const nodeBuiltin = specifier.startsWith('node:') || NODE_BUILTINS.has(specifier.split('/')[0] ?? '');
    if (library && nodeBuiltin && !NODE_BUILTINS_ALLOWED[room]?.includes(specifier)) {
      found.push(`${file}: "${specifier}" is a Node built-in; library code runs in browsers and workers`);
    }
    if (library && room !== 'testing' && /^vitest(\/|$)/.test(specifier)) {
      found.push(`${file}: "${specifier}" is the test runner; only the testing entry may import it`);
    }
    if (library && /^react(-dom)?(\/|$)/.test(specifier)) {
      found.push(`${file}: "${specifier}" is React; only the playground may use it`);
    }
    if (room === 'root' && /^(just-bash|@webcontainer\/api|quickjs-emscripten|@jitl\/)/.test(specifier)) {
      found.push(`${file}: "${specifier}" is a backend or QuickJS; the root entry must stay light`);
    }
    if (room === 'root' && /^gpt-tokenizer/.test(specifier)) {
      found.push(`${file}: "${specifier}" is the tokenizer table; it belongs behind the providers subpath`);
    }
    if (library && room !== 'edge' && room !== 'mcp' && /^@modelcontextprotocol\/sdk(\/|$)/.test(specifier)) {
      found.push(`${file}: "${specifier}" is the MCP SDK; only the edge and mcp entries may use it`);
    }
    const sdkRoom = ADAPTER_SDKS.find(([pattern]) => pattern.test(specifier))?.[1];
    if (library && sdkRoom !== undefined && room !== sdkRoom) {
      found.push(`${file}: "${specifier}" is an optional peer; only the ${sdkRoom} entry may import it`);
    }
    if (library && /^@modelcontextprotocol\/sdk\/client\/stdio(\.js)?$/.test(specifier)) {
      found.push(
        `${file}: "${specifier}" is the stdio transport (node:child_process); load it through a computed specifier so browser bundles never see it`,
      );
    }
    if (room === 'edge' && /^(just-bash|@webcontainer\/api|quickjs-emscripten|@jitl\/)/.test(specifier)) {
      found.push(
        `${file}: "${specifier}" is a backend or QuickJS; the edge entry gets its workspace through createToolSuite`,
      );
    }
  }
  if (library && usesNodeGlobals(file, source)) {
    found.push(`${file}: uses Buffer or process, which browsers and workers do not have`);
  }
  return found;
}

type AstNode = { type: string; [key: string]: unknown };
const isAstNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';
const NODE_GLOBALS = new Set(['Buffer', 'process']);
const nameOf = (node: unknown): unknown => (isAstNode(node) ? node.name : undefined);

/**
 * Whether code (parsed, so text in comments and strings does not count: a script that runs in a
 * container's Node may say `process.env`) reads `Buffer.x` or `process.x`, directly or on
 * `globalThis`.
 */
function usesNodeGlobals(file: string, source: string): boolean {
  const lang = file.endsWith('.tsx') ? 'tsx' : 'ts';
  const stack: unknown[] = [parseAst(source, { lang }, file)];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isAstNode(node)) continue;
    if (node.type === 'MemberExpression') {
      const object = node.object;
      if (isAstNode(object) && object.type === 'Identifier' && NODE_GLOBALS.has(String(object.name)))
        return true;
      if (nameOf(object) === 'globalThis' && NODE_GLOBALS.has(String(nameOf(node.property)))) return true;
    }
    for (const child of Object.values(node)) {
      if (Array.isArray(child)) stack.push(...child);
      else if (isAstNode(child)) stack.push(child);
    }
  }
  return false;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [relative(SRC, path)] : [];
  });
}

/** The names of the tools the suite ships: `core` must know none of them (a tool owns its name). */
const SHIPPED_TOOL_NAMES = [...BUILTIN_TOOL_NAMES, TOOL_SEARCH_NAME, CODEMODE_TOOL_NAME];
/** The names other agents give those tools, which belong to each tool's own repairs. */
const SHIPPED_ALIASES = [
  READ_REPAIRS,
  WRITE_REPAIRS,
  EDIT_REPAIRS,
  BASH_REPAIRS,
  GREP_REPAIRS,
  FIND_REPAIRS,
  LS_REPAIRS,
  TOOL_SEARCH_REPAIRS,
].flatMap((repairs) => repairs.aliases ?? []);

const escapeRegExp = (name: string): string => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A quoted tool name or alias, or a tool name as an object key (`{ bash: ... }`). */
const TOOL_NAME_IN_CODE = new RegExp(
  `(['"\`])(${[...SHIPPED_TOOL_NAMES, ...SHIPPED_ALIASES].map(escapeRegExp).join('|')})\\1|(?:^|[{,])\\s*(${SHIPPED_TOOL_NAMES.join('|')})\\s*:`,
  'gm',
);
/**
 * `codemode` is also an exposure mode and a caller, words of core's own contract (`ExposureMode`,
 * `Caller`): a line that speaks of a mode or a caller, a `case` of a switch over modes, and the
 * entry of the `EXPOSURE_MODES` list use the word, not the tool.
 */
const CONTRACT_USE_OF_CODEMODE = /\b(mode|caller|Caller|ExposureMode)\b|^\s*case\s|^\s*'codemode',?\s*$/;

/** Tool names and aliases a core module's code (not its comments) spells out, one entry per hit. */
function toolNamesIn(file: string, source: string): string[] {
  // Comments go, their line breaks stay, so a hit's line number is the file's.
  const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, (comment) => comment.replace(/[^\n]/g, ''));
  return code
    .split('\n')
    .flatMap((line, index) =>
      // A line that names another effect too names the effect `read`, not the tool.
      /'(fs_write|net_read)'/.test(line) ? [] : [[line, index] as const],
    )
    .flatMap(([line, index]) =>
      [...line.matchAll(TOOL_NAME_IN_CODE)]
        .filter((match) => !(match[2] === CODEMODE_TOOL_NAME && CONTRACT_USE_OF_CODEMODE.test(line)))
        .map((match) => `${file}:${index + 1}: ${match[0].replace(/^[{,]/, '').trim()}`),
    );
}

/** The files of src/ that `file` imports statically (type-only imports too), by path relative to src/. */
function localImports(file: string, source: string): string[] {
  return importsOf(source)
    .filter(({ specifier, dynamic }) => !dynamic && specifier.startsWith('.'))
    .map(({ specifier }) => relative(SRC, join(SRC, dirname(file), specifier)));
}

/**
 * The import circles among `files` (each as the files around it, first file the smallest name), found
 * by a depth-first walk: a file reached again while it is still being walked closes a circle.
 */
function importCircles(files: readonly string[], read: (file: string) => string): string[][] {
  const known = new Set(files);
  const edges = new Map(
    files.map((file) => [file, localImports(file, read(file)).filter((to) => known.has(to))]),
  );
  const state = new Map<string, 'walking' | 'done'>();
  const path: string[] = [];
  const circles = new Map<string, string[]>();
  const walk = (file: string): void => {
    state.set(file, 'walking');
    path.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'walking') {
        const circle = path.slice(path.indexOf(next));
        const start = circle.indexOf([...circle].sort()[0] as string);
        const turned = [...circle.slice(start), ...circle.slice(0, start)];
        circles.set(turned.join(' → '), turned);
      } else if (!state.has(next)) walk(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) walk(file);
  return [...circles.values()];
}

describe('architecture', () => {
  it('every import in src/ follows the room rules', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((file) => violations(file, readFileSync(join(SRC, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('no module of src/ imports itself through others (type-only imports count)', () => {
    const files = sourceFiles(SRC);
    const circles = importCircles(files, (file) => readFileSync(join(SRC, file), 'utf8'));
    expect(circles.map((circle) => circle.join(' → '))).toEqual([]);
  });

  it('the circle check finds a circle of two and one of three', () => {
    const sources: Record<string, string> = {
      'a.ts': "import { b } from './b.ts';",
      'b.ts': "import type { A } from './a.ts';",
      'c/x.ts': "export { y } from './y.ts';",
      'c/y.ts': "import { z } from '../z.ts';",
      'z.ts': "import { x } from './c/x.ts'; import('./a.ts');",
    };
    const circles = importCircles(Object.keys(sources), (file) => sources[file] ?? '');
    expect(circles.map((circle) => circle.join(' → '))).toEqual(['a.ts → b.ts', 'c/x.ts → c/y.ts → z.ts']);
  });

  it('the playground imports the library by package name, never by path', () => {
    const found = sourceFiles(SRC)
      .filter((file) => roomOf(file) === 'playground')
      .flatMap((file) => violations(file, readFileSync(join(SRC, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('core names no tool the suite ships, nor any alias of one', () => {
    const core = sourceFiles(SRC).filter((file) => roomOf(file) === 'core');
    expect(core.length).toBeGreaterThan(10);
    const found = core.flatMap((file) => toolNamesIn(file, readFileSync(join(SRC, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('the tool name check catches names and aliases in code, and not in comments or contract words', () => {
    expect(
      toolNamesIn(
        'core/x.ts',
        [
          "if (tool === 'read') repair();",
          'const t = { bash: 1 };',
          "const alias = 'str_replace_based_edit_tool';",
          "suite.get('tool_search');",
          "if (name === 'codemode') return;",
        ].join('\n'),
      ),
    ).toEqual([
      "core/x.ts:1: 'read'",
      'core/x.ts:2: bash:',
      "core/x.ts:3: 'str_replace_based_edit_tool'",
      "core/x.ts:4: 'tool_search'",
      "core/x.ts:5: 'codemode'",
    ]);
    expect(
      toolNamesIn(
        'core/x.ts',
        [
          "// calls 'grep'",
          '/** `edit` */',
          "const e = ['read', 'fs_write'];",
          "if (tool.mode === 'codemode' && caller === 'model') return;",
          "  case 'codemode':",
          "  'codemode',",
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  describe('the checker itself catches each kind of violation', () => {
    it('the shared helpers importing a room or a package, while every room may import them', () => {
      expect(violations('shared/index.ts', "import { x } from '../core/index.ts';")).toEqual([
        'shared/index.ts: "../core/index.ts" reaches core, but shared may only import shared',
      ]);
      expect(violations('shared/index.ts', "import { x } from 'picomatch';")).toEqual([
        'shared/index.ts: "picomatch" is a package; the shared helpers import nothing, so every room can use them',
      ]);
      for (const file of [
        'core/budget.ts',
        'tools/output.ts',
        'edge/fetch-handler.ts',
        'playground/state/text.ts',
      ]) {
        const up = '../'.repeat(file.split('/').length - 1);
        expect(violations(file, `import { utf8Length } from '${up}shared/index.ts';`)).toEqual([]);
      }
    });

    it('core importing another room', () => {
      expect(violations('core/suite.ts', "import { x } from '../search/index.ts';")).toEqual([
        'core/suite.ts: "../search/index.ts" reaches search, but core may only import core, shared',
      ]);
    });
    it('node:* and bare Node built-ins in library code', () => {
      expect(
        violations('tools/read.ts', "import { readFile } from 'node:fs';\nimport path from 'path';"),
      ).toEqual([
        'tools/read.ts: "node:fs" is a Node built-in; library code runs in browsers and workers',
        'tools/read.ts: "path" is a Node built-in; library code runs in browsers and workers',
      ]);
    });
    it('vitest outside the testing entry, and Node built-ins beyond node:crypto inside it', () => {
      expect(violations('tools/x.ts', "import { expect } from 'vitest';")).toEqual([
        'tools/x.ts: "vitest" is the test runner; only the testing entry may import it',
      ]);
      expect(
        violations(
          'testing/x.ts',
          "import { expect } from 'vitest';\nimport { createHash } from 'node:crypto';",
        ),
      ).toEqual([]);
      expect(violations('testing/x.ts', "import { readFile } from 'node:fs';")).toEqual([
        'testing/x.ts: "node:fs" is a Node built-in; library code runs in browsers and workers',
      ]);
    });
    it('React outside the playground, and Buffer/process', () => {
      expect(
        violations('search/x.ts', "import { useState } from 'react';\nconst b = Buffer.from('x');"),
      ).toEqual([
        'search/x.ts: "react" is React; only the playground may use it',
        'search/x.ts: uses Buffer or process, which browsers and workers do not have',
      ]);
      expect(violations('tools/x.ts', 'const path = globalThis.process.env.PATH;')).toEqual([
        'tools/x.ts: uses Buffer or process, which browsers and workers do not have',
      ]);
      // Text for another runtime (a `node -e` script) and comments are not code that runs here.
      expect(
        violations('workspace/webcontainer/x.ts', 'const script = `process.stdout.write(x)`; // process.env'),
      ).toEqual([]);
    });
    it('a dynamic import of a backend from the root entry', () => {
      expect(violations('index.ts', "const m = await import('just-bash');")).toEqual([
        'index.ts: "just-bash" is a backend or QuickJS; the root entry must stay light',
      ]);
    });
    it('a static import of a backend from the root entry (only a lazy import() is allowed)', () => {
      expect(
        violations('create-tool-suite.ts', "import { x } from './workspace/just-bash/index.ts';"),
      ).toEqual([
        'create-tool-suite.ts: "./workspace/just-bash/index.ts" reaches workspace/just-bash, but root may only import root, core, tools, search, providers, workspace/workspace.ts, shared',
      ]);
      expect(violations('create-tool-suite.ts', "await import('./workspace/just-bash/index.ts');")).toEqual(
        [],
      );
    });
    it('tools importing a concrete backend', () => {
      expect(violations('tools/bash.ts', "import { x } from '../workspace/just-bash/index.ts';")).toEqual([
        'tools/bash.ts: "../workspace/just-bash/index.ts" reaches workspace/just-bash, but tools may only import tools, core, workspace/workspace.ts, shared',
      ]);
    });
    it('the edge entry reaching past the root entry, or loading a backend itself', () => {
      expect(violations('edge/mcp-server.ts', "import { x } from '../core/index.ts';")).toEqual([
        'edge/mcp-server.ts: "../core/index.ts" reaches core, but edge may only import edge, root, shared',
      ]);
      expect(violations('edge/fetch-handler.ts', "import { createToolSuite } from '../index.ts';")).toEqual(
        [],
      );
      expect(violations('edge/worker-entry.ts', "import { Bash } from 'just-bash';")).toEqual([
        'edge/worker-entry.ts: "just-bash" is a backend or QuickJS; the edge entry gets its workspace through createToolSuite',
      ]);
      const backend = '../workspace/just-bash/just-bash-workspace.ts';
      expect(violations('edge/fetch-handler.ts', `const m = await import('${backend}');`)).toEqual([]);
      expect(
        violations('edge/fetch-handler.ts', `import { createJustBashWorkspace } from '${backend}';`),
      ).toEqual([
        `edge/fetch-handler.ts: "${backend}" reaches workspace/just-bash, but edge may only import edge, root, shared`,
      ]);
    });
    it('a backend importing another backend, or the shell room importing a backend', () => {
      expect(
        violations('workspace/webcontainer/x.ts', "import { x } from '../just-bash/run-command.ts';"),
      ).toEqual([
        'workspace/webcontainer/x.ts: "../just-bash/run-command.ts" reaches workspace/just-bash, but workspace/webcontainer may only import workspace/webcontainer, core, workspace/workspace.ts, workspace/shell, shared',
      ]);
      expect(
        violations('workspace/webcontainer/x.ts', "import { x } from '../shell/run-command.ts';"),
      ).toEqual([]);
      expect(violations('workspace/shell/x.ts', "import { x } from '../webcontainer/index.ts';")).toEqual([
        'workspace/shell/x.ts: "../webcontainer/index.ts" reaches workspace/webcontainer, but workspace/shell may only import workspace/shell, core, workspace/workspace.ts, shared',
      ]);
    });
    it('the MCP SDK outside the edge entry', () => {
      expect(
        violations('search/x.ts', "import { Server } from '@modelcontextprotocol/sdk/server/index.js';"),
      ).toEqual([
        'search/x.ts: "@modelcontextprotocol/sdk/server/index.js" is the MCP SDK; only the edge and mcp entries may use it',
      ]);
      expect(
        violations('mcp/x.ts', "import { Client } from '@modelcontextprotocol/sdk/client/index.js';"),
      ).toEqual([]);
      expect(
        violations('mcp/x.ts', "const m = await import('@modelcontextprotocol/sdk/client/stdio.js');"),
      ).toEqual([
        'mcp/x.ts: "@modelcontextprotocol/sdk/client/stdio.js" is the stdio transport (node:child_process); load it through a computed specifier so browser bundles never see it',
      ]);
      expect(
        violations('edge/x.ts', "import { Server } from '@modelcontextprotocol/sdk/server/index.js';"),
      ).toEqual([]);
    });
    it('the mcp entry reaching past the root entry', () => {
      expect(violations('mcp/mount.ts', "import { x } from '../core/index.ts';")).toEqual([
        'mcp/mount.ts: "../core/index.ts" reaches core, but mcp may only import mcp, root, shared',
      ]);
    });
    it('an agent SDK outside its adapter entry', () => {
      expect(violations('index.ts', "import { jsonSchema } from 'ai';")).toEqual([
        'index.ts: "ai" is an optional peer; only the ai-sdk entry may import it',
      ]);
      expect(violations('mcp/x.ts', "import { tool } from '@openai/agents';")).toEqual([
        'mcp/x.ts: "@openai/agents" is an optional peer; only the openai-agents entry may import it',
      ]);
      expect(violations('core/x.ts', "const m = await import('@langchain/core/tools');")).toEqual([
        'core/x.ts: "@langchain/core/tools" is an optional peer; only the langchain entry may import it',
      ]);
      expect(violations('ai-sdk/index.ts', "import { jsonSchema } from 'ai';")).toEqual([]);
      expect(violations('langchain/index.ts', "import { x } from '../core/index.ts';")).toEqual([
        'langchain/index.ts: "../core/index.ts" reaches core, but langchain may only import langchain, root, shared',
      ]);
    });
    it('@playwright/test outside the playwright entry, and that entry reaching past the root entry', () => {
      expect(violations('testing/x.ts', "import { expect } from '@playwright/test';")).toEqual([
        'testing/x.ts: "@playwright/test" is an optional peer; only the playwright entry may import it',
      ]);
      expect(violations('playwright/index.ts', "import { test } from '@playwright/test';")).toEqual([]);
      expect(violations('playwright/x.ts', "import type { ToolResult } from '../index.ts';")).toEqual([]);
      expect(violations('playwright/x.ts', "import { x } from '../core/results.ts';")).toEqual([
        'playwright/x.ts: "../core/results.ts" reaches core, but playwright may only import playwright, root, shared',
      ]);
      expect(violations('playwright/x.ts', "import { readFile } from 'node:fs';")).toEqual([
        'playwright/x.ts: "node:fs" is a Node built-in; library code runs in browsers and workers',
      ]);
    });
    it('the playground reaching into src by path', () => {
      expect(violations('playground/main.tsx', "import { createToolSuite } from '../index.ts';")).toEqual([
        'playground/main.tsx: "../index.ts" reaches root, but playground may only import playground, shared',
      ]);
    });
  });
});
