/**
 * The built-ins' input and output types are derived from their JSON Schemas (json-schema-to-ts's
 * `FromSchema`), so the code that reads arguments and builds results follows the schema the model and
 * codemode see. These checks pin the derived public types (a schema change that alters them fails the
 * typecheck of this file), that a `run` must return what its output schema declares, and that every
 * schema names each required property among its properties.
 * Reaches inside: the types pinned are derived from each built-in's own *_SPEC and *_OUTPUT_SCHEMA constants
 * (as const; BUILTIN_SPECS widens them to ToolSpec), defineBuiltin, and the CodemodeInput and ToolSearchInput
 * types, none of which an entry exports.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CodemodeInput } from '../../src/codemode/enable-codemode.ts';
import type {
  BashInput,
  BashOutput,
  EditInput,
  EditOutput,
  FindInput,
  FindOutput,
  GrepInput,
  GrepOutput,
  LsInput,
  LsOutput,
  ReadInput,
  ReadOutput,
  ToolReturn,
  WriteInput,
  WriteOutput,
} from '../../src/index.ts';
import { EDIT_ERRORS } from '../../src/index.ts';
import type { ToolSearchInput } from '../../src/search/tool-search.ts';
import { BASH_OUTPUT_SCHEMA, BASH_SPEC } from '../../src/tools/bash.ts';
import { EDIT_OUTPUT_SCHEMA, EDIT_SPEC } from '../../src/tools/edit.ts';
import { FIND_OUTPUT_SCHEMA, FIND_SPEC } from '../../src/tools/find.ts';
import { GREP_OUTPUT_SCHEMA, GREP_SPEC } from '../../src/tools/grep.ts';
import { LS_OUTPUT_SCHEMA, LS_SPEC } from '../../src/tools/ls.ts';
import { READ_OUTPUT_SCHEMA, READ_SPEC } from '../../src/tools/read.ts';
import { defineBuiltin } from '../../src/tools/tool.ts';
import { WRITE_OUTPUT_SCHEMA, WRITE_SPEC } from '../../src/tools/write.ts';

type Replacement = { oldText: string; newText: string; replaceAll?: boolean };

describe('the built-ins type their arguments and results from their schemas', () => {
  it('gives each input the properties and optionality its parameters declare', () => {
    expectTypeOf<ReadInput>().toEqualTypeOf<{ path: string; offset?: number; limit?: number }>();
    expectTypeOf<WriteInput>().toEqualTypeOf<{ path: string; content: string; overwrite?: boolean }>();
    expectTypeOf<EditInput>().toEqualTypeOf<{
      path: string;
      oldText?: string;
      newText?: string;
      replaceAll?: boolean;
      edits?: Replacement[];
      dryRun?: boolean;
    }>();
    expectTypeOf<BashInput>().toEqualTypeOf<{ command: string; timeout?: number; cwd?: string }>();
    expectTypeOf<GrepInput>().toEqualTypeOf<{
      pattern: string;
      path?: string;
      glob?: string;
      ignoreCase?: boolean;
      literal?: boolean;
      context?: number;
      limit?: number;
      outputMode?: 'content' | 'files_with_matches' | 'count';
    }>();
    expectTypeOf<FindInput>().toEqualTypeOf<{
      pattern: string;
      path?: string;
      limit?: number;
      ignore?: string[];
    }>();
    expectTypeOf<LsInput>().toEqualTypeOf<{ path?: string; limit?: number; ignore?: string[] }>();
  });

  it('gives each output the shape its output schema declares', () => {
    expectTypeOf<WriteOutput>().toEqualTypeOf<{ path: string; bytes_written: number; created: boolean }>();
    expectTypeOf<EditOutput>().toEqualTypeOf<{
      path: string;
      replacements: number;
      first_changed_line: number;
      dry_run?: boolean;
    }>();
    expectTypeOf<BashOutput>().toEqualTypeOf<{
      command: string;
      exit_code: number;
      output: string;
      truncated: boolean;
      timed_out: boolean;
    }>();
    expectTypeOf<FindOutput>().toEqualTypeOf<{ paths: string[]; truncated: boolean }>();
    expectTypeOf<GrepOutput>().toEqualTypeOf<{
      matches?: { path: string; line: number; text: string }[];
      files?: string[];
      counts?: { path: string; count: number }[];
      match_count?: number;
      file_count?: number;
      truncated: boolean;
    }>();
    expectTypeOf<LsOutput>().toEqualTypeOf<{
      path: string;
      entries: {
        name: string;
        type: 'file' | 'directory' | 'symlink' | 'other';
        size: number | null;
        target?: string;
      }[];
      truncated: boolean;
      sizes_unknown?: true;
    }>();
    expectTypeOf<ReadOutput>().toEqualTypeOf<
      | {
          path: string;
          content: string;
          start_line: number;
          end_line: number;
          total_lines: number;
          truncated: boolean;
        }
      | { path: string; mime_type: string; data_base64: string; bytes: number }
    >();
  });

  it('makes a typed run return its output type: another structured_output, none, or bare text fails', () => {
    const success: ToolReturn<EditOutput> = {
      output: 'Edited a.txt.',
      structured_output: { path: 'a.txt', replacements: 1, first_changed_line: 3 },
    };
    // A failure keeps its own structured output (an `{ error }`), whatever the output schema says.
    const failure: ToolReturn<EditOutput> = {
      output: 'edit: a.txt does not exist.',
      is_error: true,
      structured_output: { error: { code: 'ENOENT' } },
    };
    // @ts-expect-error replacements is an integer in EDIT_OUTPUT_SCHEMA, not a string
    const wrong: ToolReturn<EditOutput> = {
      output: 'Edited a.txt.',
      structured_output: { path: 'a.txt', replacements: '1', first_changed_line: 3 },
    };
    // @ts-expect-error a success must carry its structured output
    const bare: ToolReturn<EditOutput> = { output: 'Edited a.txt.' };
    // @ts-expect-error a string carries no structured output at all
    const text: ToolReturn<EditOutput> = 'Edited a.txt.';
    expect([success, failure, wrong, bare, text]).toHaveLength(5);
  });

  it("types defineBuiltin's run from the schemas it is given: the spec's parameters in, the output schema out", () => {
    const parts = { errorCodes: EDIT_ERRORS, repairs: {}, outputSchema: EDIT_OUTPUT_SCHEMA };
    const tool = defineBuiltin(EDIT_SPEC, parts, async (input) => {
      expectTypeOf(input).toEqualTypeOf<EditInput>();
      return {
        output: 'Edited.',
        structured_output: { path: input.path, replacements: 1, first_changed_line: 1 },
      };
    });
    expectTypeOf(tool.run).parameter(0).toEqualTypeOf<EditInput>();
    // @ts-expect-error the output schema requires replacements and first_changed_line
    defineBuiltin(EDIT_SPEC, parts, async (input) => ({
      output: 'Edited.',
      structured_output: { path: input.path },
    }));
    expect(tool.spec.parameters).toBe(EDIT_SPEC.parameters);
  });

  it('derives the inputs of tool_search and codemode from their parameters', () => {
    expectTypeOf<ToolSearchInput>().toEqualTypeOf<{ query: string; limit?: number }>();
    expectTypeOf<CodemodeInput>().toEqualTypeOf<{ code: string; timeout?: number }>();
  });

  it('lists each required property among the properties, in every object of every schema', () => {
    const schemas = {
      ...Object.fromEntries(
        [READ_SPEC, WRITE_SPEC, EDIT_SPEC, BASH_SPEC, GREP_SPEC, FIND_SPEC, LS_SPEC].map((spec) => [
          `${spec.name} parameters`,
          spec.parameters,
        ]),
      ),
      'read output': READ_OUTPUT_SCHEMA,
      'write output': WRITE_OUTPUT_SCHEMA,
      'edit output': EDIT_OUTPUT_SCHEMA,
      'bash output': BASH_OUTPUT_SCHEMA,
      'grep output': GREP_OUTPUT_SCHEMA,
      'find output': FIND_OUTPUT_SCHEMA,
      'ls output': LS_OUTPUT_SCHEMA,
    };
    const unknownRequired = (schema: unknown, where: string): string[] => {
      if (typeof schema !== 'object' || schema === null) return [];
      const node = schema as { properties?: Record<string, unknown>; required?: readonly string[] };
      const own = (node.required ?? [])
        .filter((name) => node.properties?.[name] === undefined)
        .map((name) => `${where}: ${name}`);
      return [...own, ...Object.values(schema).flatMap((child) => unknownRequired(child, where))];
    };
    expect(Object.keys(schemas)).toHaveLength(14);
    expect(Object.entries(schemas).flatMap(([where, schema]) => unknownRequired(schema, where))).toEqual([]);
  });
});
