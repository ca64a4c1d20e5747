import { describe, expect, it } from 'vitest';
import { createToolSuite, type ToolSuite } from '../../src/index.ts';

/** A suite whose built-ins echo the arguments they received, so aliases and repairs are observable. */
function echoSuite(): ToolSuite {
  const suite = createToolSuite();
  for (const tool of suite.list()) {
    if (tool.spec.name === 'tool_search') continue;
    suite.register(
      tool.spec,
      tool.mode,
      (args, context) => ({ output: context.toolName, structured_output: { args } as never }),
      {
        replace: true,
      },
    );
  }
  return suite;
}

async function call(suite: ToolSuite, name: string, args: unknown): Promise<[string, unknown]> {
  const result = await suite.execute(name, args);
  if (result.is_error) return ['error', result.output];
  return [result.output, result.structured_output.args];
}

describe('tool-name aliases of other agents resolve to the canonical tool', () => {
  const table: Record<string, string[]> = {
    read: ['Read', 'read_file', 'view'],
    write: ['Write', 'write_file', 'write_to_file', 'create_file', 'create'],
    edit: [
      'Edit',
      'edit_file',
      'replace',
      'str_replace',
      'str_replace_editor',
      'replace_in_file',
      'MultiEdit',
      'multiedit',
    ],
    bash: [
      'Bash',
      'shell',
      'shell_command',
      'exec_command',
      'run_shell_command',
      'execute_command',
      'run_terminal_cmd',
    ],
    grep: ['Grep', 'grep_search', 'search_file_content', 'grep_files'],
    find: ['Glob', 'glob', 'file_search', 'search_files', 'directory_tree'],
    ls: ['LS', 'list_directory', 'list_dir', 'list_files', 'list'],
  };
  const minimal: Record<string, Record<string, unknown>> = {
    read: { path: 'a.txt' },
    write: { path: 'a.txt', content: 'x' },
    edit: { path: 'a.txt', oldText: 'a', newText: 'b' },
    bash: { command: 'ls' },
    grep: { pattern: 'x' },
    find: { pattern: '*.ts' },
    ls: {},
  };
  for (const [canonical, aliases] of Object.entries(table)) {
    for (const alias of aliases) {
      it(`${alias} → ${canonical}`, async () => {
        expect(await call(echoSuite(), alias, minimal[canonical])).toEqual([canonical, expect.anything()]);
      });
    }
  }

  it('tool_search aliases', async () => {
    const suite = createToolSuite();
    for (const alias of [
      'ToolSearch',
      'tool_search_tool_regex',
      'tool_search_tool_bm25',
      'search_tool_bm25',
      'search_tools',
      'search_available_tools',
    ]) {
      const result = await suite.execute(alias, { query: 'files' });
      expect(result.is_error).toBe(false);
      expect(result.structured_output.query).toBe('files');
    }
  });

  it('case-insensitive fallback, and an alias never shadows a registered tool', async () => {
    const suite = echoSuite();
    expect((await call(suite, 'READ', { path: 'a' }))[0]).toBe('read');
    suite.register(
      { name: 'shell', parameters: { type: 'object', properties: {} } },
      'direct',
      () => 'my own shell',
    );
    expect((await suite.execute('shell', {})).output).toBe('my own shell');
  });

  it('an alias of a tool that is not registered is an unknown tool', async () => {
    const suite = createToolSuite({ builtins: ['ls'] });
    expect((await suite.execute('Read', { path: 'a' })).output).toBe(
      'Unknown tool "Read". Available tools: ls.',
    );
  });
});

describe('parameter aliases', () => {
  it('path aliases for every file tool', async () => {
    const suite = echoSuite();
    for (const key of [
      'file_path',
      'filePath',
      'absolute_path',
      'target_file',
      'targetFile',
      'notebook_path',
      'dir_path',
      'directory',
      'relative_workspace_path',
    ]) {
      expect(await call(suite, 'read', { [key]: 'src/a.ts' })).toEqual(['read', { path: 'src/a.ts' }]);
      expect(await call(suite, 'ls', { [key]: 'src' })).toEqual(['ls', { path: 'src' }]);
    }
  });

  it('read: offset and limit aliases, end lines and view_range', async () => {
    const suite = echoSuite();
    expect(await call(suite, 'read_file', { file_path: 'a', start_line: 10, end_line: 19 })).toEqual([
      'read',
      { path: 'a', offset: 10, limit: 10 },
    ]);
    expect(
      await call(suite, 'read', {
        target_file: 'a',
        start_line_one_indexed: 5,
        end_line_one_indexed_inclusive: 5,
      }),
    ).toEqual(['read', { path: 'a', offset: 5, limit: 1 }]);
    expect(await call(suite, 'read', { path: 'a', startLine: 3, endLine: 4 })).toEqual([
      'read',
      { path: 'a', offset: 3, limit: 2 },
    ]);
    expect(await call(suite, 'read', { path: 'a', line_limit: 7 })).toEqual([
      'read',
      { path: 'a', limit: 7 },
    ]);
    expect(await call(suite, 'read', { path: 'a', end_line: 20 })).toEqual([
      'read',
      { path: 'a', limit: 20 },
    ]);
    expect(await call(suite, 'read', { path: 'a', view_range: [3, 8] })).toEqual([
      'read',
      { path: 'a', offset: 3, limit: 6 },
    ]);
    expect(await call(suite, 'read', { path: 'a', view_range: [3, -1] })).toEqual([
      'read',
      { path: 'a', offset: 3 },
    ]);
  });

  it('write: content aliases', async () => {
    expect(await call(echoSuite(), 'create_file', { path: 'a', file_text: 'hi' })).toEqual([
      'write',
      { path: 'a', content: 'hi' },
    ]);
  });

  it('edit: old/new text aliases, replace_all, expected_replacements, MultiEdit arrays', async () => {
    const suite = echoSuite();
    for (const [oldKey, newKey] of [
      ['old_string', 'new_string'],
      ['oldString', 'newString'],
      ['old_str', 'new_str'],
      ['search', 'replace'],
      ['oldText', 'replacement'],
    ]) {
      expect(
        await call(suite, 'edit', { path: 'a', [oldKey as string]: 'x', [newKey as string]: 'y' }),
      ).toEqual(['edit', { path: 'a', oldText: 'x', newText: 'y' }]);
    }
    expect(
      await call(suite, 'Edit', { file_path: 'a', old_string: 'x', new_string: 'y', replace_all: true }),
    ).toEqual(['edit', { path: 'a', oldText: 'x', newText: 'y', replaceAll: true }]);
    expect(
      await call(suite, 'replace', {
        file_path: 'a',
        old_string: 'x',
        new_string: 'y',
        expected_replacements: 3,
      }),
    ).toEqual(['edit', { path: 'a', oldText: 'x', newText: 'y', replaceAll: true }]);
    expect(
      await call(suite, 'replace', {
        file_path: 'a',
        old_string: 'x',
        new_string: 'y',
        allow_multiple: true,
        instruction: 'fix it',
      }),
    ).toEqual(['edit', { path: 'a', oldText: 'x', newText: 'y', replaceAll: true }]);
    expect(
      await call(suite, 'MultiEdit', {
        file_path: 'a',
        edits: [
          { old_string: 'a', new_string: 'b' },
          { old_string: 'c', new_string: 'd', replace_all: 'true' },
        ],
      }),
    ).toEqual([
      'edit',
      {
        path: 'a',
        edits: [
          { oldText: 'a', newText: 'b' },
          { oldText: 'c', newText: 'd', replaceAll: true },
        ],
      },
    ]);
  });

  it('edit: edits sent as a JSON string, and Cline SEARCH/REPLACE blocks', async () => {
    const suite = echoSuite();
    expect(await call(suite, 'edit', { path: 'a', edits: '[{"oldText":"a","newText":"b"}]' })).toEqual([
      'edit',
      { path: 'a', edits: [{ oldText: 'a', newText: 'b' }] },
    ]);
    const diff =
      '<<<<<<< SEARCH\nconst a = 1;\n=======\nconst a = 2;\n>>>>>>> REPLACE\n<<<<<<< SEARCH\nfoo()\n=======\nbar()\n>>>>>>> REPLACE';
    expect(await call(suite, 'replace_in_file', { path: 'src/a.ts', diff })).toEqual([
      'edit',
      {
        path: 'src/a.ts',
        edits: [
          { oldText: 'const a = 1;', newText: 'const a = 2;' },
          { oldText: 'foo()', newText: 'bar()' },
        ],
      },
    ]);
  });

  it('Anthropic text-editor tool dispatches on command', async () => {
    const suite = echoSuite();
    expect(
      await call(suite, 'str_replace_based_edit_tool', { command: 'view', path: 'a', view_range: [1, 10] }),
    ).toEqual(['read', { path: 'a', offset: 1, limit: 10 }]);
    expect(
      await call(suite, 'str_replace_based_edit_tool', { command: 'create', path: 'a', file_text: 'hi' }),
    ).toEqual(['write', { path: 'a', content: 'hi', overwrite: false }]);
    expect(
      await call(suite, 'str_replace_editor', {
        command: 'str_replace',
        path: 'a',
        old_str: 'x',
        new_str: 'y',
      }),
    ).toEqual(['edit', { path: 'a', oldText: 'x', newText: 'y' }]);
    expect(await call(suite, 'str_replace_based_edit_tool', { command: 'rename', path: 'a' })).toEqual([
      'error',
      'The text-editor command "rename" is not supported. Use one of: view, create, str_replace, insert.',
    ]);
  });

  it('search_files: Cline (regex) searches contents, the MCP server (pattern) searches names', async () => {
    const suite = echoSuite();
    expect(await call(suite, 'search_files', { path: 'src', regex: 'TODO', file_pattern: '*.ts' })).toEqual([
      'grep',
      { path: 'src', pattern: 'TODO', glob: '*.ts' },
    ]);
    expect(
      await call(suite, 'search_files', { path: 'src', pattern: '*.ts', excludePatterns: ['dist'] }),
    ).toEqual(['find', { path: 'src', pattern: '*.ts', ignore: ['dist'] }]);
  });

  it('Codex apply_patch: the whole patch goes to edit, parsed; one that cannot be read never runs', async () => {
    const suite = echoSuite();
    const update =
      '*** Begin Patch\n*** Update File: src/a.ts\n@@ function main\n const a = 1;\n-const b = 2;\n+const b = 3;\n*** End Patch';
    expect(await call(suite, 'apply_patch', { input: update })).toEqual([
      'edit',
      {
        patch: {
          hunks: [
            {
              type: 'update',
              path: 'src/a.ts',
              patchLine: 2,
              chunks: [
                {
                  context: 'function main',
                  endOfFile: false,
                  patchLine: 3,
                  lines: [
                    { kind: ' ', text: 'const a = 1;' },
                    { kind: '-', text: 'const b = 2;' },
                    { kind: '+', text: 'const b = 3;' },
                  ],
                },
              ],
            },
          ],
        },
      },
    ]);
    const several = '*** Begin Patch\n*** Add File: a\n+a\n*** Delete File: x\n*** End Patch';
    expect(await call(suite, 'apply_patch', { input: several })).toEqual([
      'edit',
      {
        patch: {
          hunks: [
            { type: 'add', path: 'a', content: 'a\n', patchLine: 2 },
            { type: 'delete', path: 'x', patchLine: 4 },
          ],
        },
      },
    ]);
    expect(
      await call(suite, 'apply_patch', { input: '*** Begin Patch\n*** Update File: x\n*** End Patch' }),
    ).toEqual([
      'error',
      "apply_patch: The update of x (line 2 of the patch) has no changes: give them as '@@' hunks of ' ', '-' and '+' lines, or leave the section out. Nothing was changed; fix it and send the whole patch again.",
    ]);
    expect(await call(suite, 'apply_patch', {})).toEqual([
      'error',
      'apply_patch needs the patch text in "input". Or call edit with path, oldText and newText.',
    ]);
  });

  it('bash: cmd, argv arrays, workdir, timeout_ms and Claude-style millisecond timeouts', async () => {
    const suite = echoSuite();
    expect(await call(suite, 'bash', { cmd: 'ls -la' })).toEqual(['bash', { command: 'ls -la' }]);
    expect(
      await call(suite, 'shell', { command: ['bash', '-lc', 'npm test'], workdir: 'pkg', timeout_ms: 5000 }),
    ).toEqual(['bash', { command: 'npm test', cwd: 'pkg', timeout: 5 }]);
    expect(await call(suite, 'shell', { command: ['grep', '-rn', "it's here", 'src dir'] })).toEqual([
      'bash',
      { command: `grep -rn 'it'\\''s here' 'src dir'` },
    ]);
    expect(
      await call(suite, 'Bash', { command: 'sleep 1', timeout: 120000, description: 'Wait a second' }),
    ).toEqual(['bash', { command: 'sleep 1', timeout: 120 }]);
    expect(await call(suite, 'bash', { command: 'sleep 1', timeout: 12 })).toEqual([
      'bash',
      { command: 'sleep 1', timeout: 12 },
    ]);
    expect(await call(suite, 'bash', { command: 'ls', run_in_background: false })).toEqual([
      'bash',
      { command: 'ls' },
    ]);
    const background = await suite.execute('bash', { command: 'server', run_in_background: true });
    expect(background.output).toBe(
      'Invalid arguments for bash:\n- run_in_background: not a parameter of this tool (parameters: command, timeout, cwd).\nReceived: {"command":"server","run_in_background":true}\nFix the arguments and call bash again.',
    );
  });

  it('grep: regex/include/-i/-C/-A/-B/head_limit/output_mode/case_sensitive/names_only/type', async () => {
    const suite = echoSuite();
    expect(
      await call(suite, 'Grep', {
        pattern: 'x',
        include: '*.ts',
        '-i': true,
        '-C': 2,
        head_limit: 5,
        output_mode: 'count',
        '-n': true,
      }),
    ).toEqual([
      'grep',
      { pattern: 'x', glob: '*.ts', ignoreCase: true, context: 2, limit: 5, outputMode: 'count' },
    ]);
    expect(await call(suite, 'search_files', { regex: 'x', file_pattern: '*.py', path: 'src' })).toEqual([
      'grep',
      { pattern: 'x', glob: '*.py', path: 'src' },
    ]);
    expect(
      await call(suite, 'grep_search', {
        query: 'x',
        case_sensitive: false,
        names_only: true,
        dir_path: 'lib',
      }),
    ).toEqual(['grep', { pattern: 'x', ignoreCase: true, outputMode: 'files_with_matches', path: 'lib' }]);
    expect(await call(suite, 'Grep', { pattern: 'x', '-A': 3, '-B': 1, type: 'ts' })).toEqual([
      'grep',
      { pattern: 'x', context: 3, glob: '*.ts' },
    ]);
    expect(await call(suite, 'grep', { pattern: 'x', fixed_strings: true, ignore_case: 'true' })).toEqual([
      'grep',
      { pattern: 'x', literal: true, ignoreCase: true },
    ]);
  });

  it('find: Glob pattern/path, Cursor file_search query becomes a glob', async () => {
    const suite = echoSuite();
    expect(await call(suite, 'Glob', { pattern: '**/*.ts', path: 'src' })).toEqual([
      'find',
      { pattern: '**/*.ts', path: 'src' },
    ]);
    expect(await call(suite, 'file_search', { query: 'button' })).toEqual([
      'find',
      { pattern: '**/*button*' },
    ]);
    expect(
      await call(suite, 'glob', { pattern: '*.md', dir_path: 'docs', respect_git_ignore: true }),
    ).toEqual(['find', { pattern: '*.md', path: 'docs' }]);
  });

  it('the remaining aliases of other agents, one by one', async () => {
    const suite = echoSuite();
    const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ['bash', { command: 'ls', directory: 'src' }, { command: 'ls', cwd: 'src' }],
      ['bash', { command: 'ls', dir_path: 'src' }, { command: 'ls', cwd: 'src' }],
      ['bash', { command: 'ls', is_background: false, background: false }, { command: 'ls' }],
      ['grep', { pattern: 'x', include_pattern: '*.md' }, { pattern: 'x', glob: '*.md' }],
      ['grep', { pattern: 'x', total_max_matches: 9 }, { pattern: 'x', limit: 9 }],
      ['grep', { pattern: 'x', max_matches_per_file: 4 }, { pattern: 'x', limit: 4 }],
      ['grep', { pattern: 'x', before: 2, after: 1 }, { pattern: 'x', context: 2 }],
      ['ls', { path: 'src', ignore: ['*.log'] }, { path: 'src', ignore: ['*.log'] }],
      ['ls', { dir_path: 'src', ignore: '*.log' }, { path: 'src', ignore: ['*.log'] }],
    ];
    for (const [tool, args, expected] of cases)
      expect(await call(suite, tool, args)).toEqual([tool, expected]);
  });

  it('tool_search: pattern and maxResults', async () => {
    const suite = createToolSuite();
    const result = await suite.execute('tool_search_tool_regex', { pattern: 'files', maxResults: 2 });
    expect(result.is_error).toBe(false);
    expect((result.structured_output.matches as unknown[]).length).toBeLessThanOrEqual(2);
  });

  it('an alias never overrides a canonical value that is also present', async () => {
    expect(await call(echoSuite(), 'read', { path: 'a', file_path: 'b' })).toEqual(['read', { path: 'a' }]);
  });
});

describe('defensive argument extraction', () => {
  it('arguments as a JSON string, and double-encoded', async () => {
    const suite = echoSuite();
    expect(await call(suite, 'read', '{"path":"a.txt","offset":2}')).toEqual([
      'read',
      { path: 'a.txt', offset: 2 },
    ]);
    expect(await call(suite, 'read', JSON.stringify(JSON.stringify({ path: 'a.txt' })))).toEqual([
      'read',
      { path: 'a.txt' },
    ]);
  });

  it('wrapped in input, arguments, args or parameters', async () => {
    const suite = echoSuite();
    for (const key of ['input', 'arguments', 'args', 'parameters']) {
      expect(await call(suite, 'read', { [key]: { path: 'a' } })).toEqual(['read', { path: 'a' }]);
      expect(await call(suite, 'read', { [key]: '{"path":"a"}' })).toEqual(['read', { path: 'a' }]);
    }
  });

  it('an envelope key the schema declares is left alone', async () => {
    const suite = createToolSuite({ builtins: false });
    suite.register(
      { name: 'run', parameters: { type: 'object', properties: { input: { type: 'object' } } } },
      'direct',
      (args) => ({ output: 'ok', structured_output: { args } as never }),
    );
    expect((await suite.execute('run', { input: { a: 1 } })).structured_output).toEqual({
      args: { input: { a: 1 } },
    });
  });

  it('numbers and booleans sent as strings, nulls for optionals dropped', async () => {
    const suite = echoSuite();
    expect(await call(suite, 'read', { path: 'a', offset: '10', limit: ' 5 ' })).toEqual([
      'read',
      { path: 'a', offset: 10, limit: 5 },
    ]);
    expect(await call(suite, 'grep', { pattern: 'x', ignoreCase: 'TRUE', literal: 'false' })).toEqual([
      'grep',
      { pattern: 'x', ignoreCase: true, literal: false },
    ]);
    expect(await call(suite, 'read', { path: 'a', offset: null, limit: null })).toEqual([
      'read',
      { path: 'a' },
    ]);
  });

  it('a command sent as an argv array', async () => {
    expect(await call(echoSuite(), 'bash', { command: ['ls', '-la', 'my dir'] })).toEqual([
      'bash',
      { command: "ls -la 'my dir'" },
    ]);
  });

  it('arguments that still do not fit never run: every problem listed, input echoed', async () => {
    let ran = false;
    const suite = createToolSuite();
    suite.register(
      suite.list()[0]?.spec ?? { name: 'x' },
      'direct',
      () => {
        ran = true;
        return 'ran';
      },
      { replace: true },
    );
    const result = await suite.execute('read', { offset: 'ten', limit: 0, colour: 'red' });
    expect(ran).toBe(false);
    expect(result.is_error).toBe(true);
    expect(result.output).toBe(
      [
        'Invalid arguments for read:',
        '- path: required but missing.',
        '- offset: expected integer, got string "ten".',
        '- limit: must be at least 1, got number 0.',
        '- colour: not a parameter of this tool (parameters: path, offset, limit).',
        'Received: {"offset":"ten","limit":0,"colour":"red"}',
        'Fix the arguments and call read again.',
      ].join('\n'),
    );
    expect(result.structured_output).toMatchObject({ error: { code: 'INVALID_ARGUMENTS', tool: 'read' } });
  });

  it('nested problems name their location; enums list their values', async () => {
    const suite = echoSuite();
    const result = await suite.execute('edit', { path: 'a', edits: [{ oldText: 'x' }] });
    expect(result.output).toBe(
      'Invalid arguments for edit:\n- edits[0].newText: required but missing.\nReceived: {"path":"a","edits":[{"oldText":"x"}]}\nFix the arguments and call edit again.',
    );
    const mode = await suite.execute('grep', { pattern: 'x', outputMode: 'lines' });
    expect(mode.output.split('\n')[1]).toBe(
      '- outputMode: must be one of ["content","files_with_matches","count"], got string "lines".',
    );
  });

  it('unparseable JSON and non-object arguments', async () => {
    const suite = echoSuite();
    const broken = await suite.execute('read', '{"path": "a"');
    expect(broken.output).toMatch(
      /^Invalid arguments for read:\n- the arguments are not valid JSON \(.+\)\. Send one JSON object\.\nReceived: \{"path": "a"\nFix the arguments and call read again\.$/,
    );
    expect((await suite.execute('read', [1, 2])).output).toBe(
      'Invalid arguments for read:\n- the arguments must be a JSON object, got an array.\nReceived: [1,2]\nFix the arguments and call read again.',
    );
  });

  it('a long echo is cut', async () => {
    const result = await echoSuite().execute('read', { path: 5, content: 'x'.repeat(2000) });
    expect(result.output).toContain('… (2023 characters)');
  });
});

describe('executeCall: raw calls in every format', () => {
  const suite = echoSuite();
  const cases: [string, unknown][] = [
    [
      'openai chat',
      { id: 'call_1', type: 'function', function: { name: 'read', arguments: '{"path":"a"}' } },
    ],
    [
      'openai responses',
      { type: 'function_call', call_id: 'call_1', name: 'read', arguments: '{"path":"a"}' },
    ],
    ['anthropic', { type: 'tool_use', id: 'toolu_1', name: 'read', input: { path: 'a' } }],
    ['gemini wrapped', { functionCall: { name: 'read', args: { path: 'a' } } }],
    ['gemini bare', { name: 'read', args: { path: 'a' } }],
    ['mcp params', { name: 'read', arguments: { path: 'a' } }],
    [
      'mcp request',
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'read', arguments: { path: 'a' } } },
    ],
    ['plain', { name: 'read', arguments: '{"path":"a"}' }],
  ];
  for (const [format, raw] of cases) {
    it(format, async () => {
      const result = await suite.executeCall(raw);
      expect(result.is_error).toBe(false);
      expect(result.structured_output).toEqual({ args: { path: 'a' } });
    });
  }

  it('aliases and repairs apply to raw calls too', async () => {
    const result = await suite.executeCall({
      type: 'tool_use',
      id: 't',
      name: 'Read',
      input: { file_path: 'a', offset: '3' },
    });
    expect(result.structured_output).toEqual({ args: { path: 'a', offset: 3 } });
  });

  it('a raw call without a name', async () => {
    expect((await suite.executeCall({ type: 'tool_use', input: {} })).output).toBe(
      'The tool call has no tool name. Send a call with the name of one of the declared tools and its arguments.',
    );
  });
});
