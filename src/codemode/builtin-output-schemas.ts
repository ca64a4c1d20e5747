/**
 * JSON Schemas of the built-in tools' `structured_output`, so the declarations give scripts typed
 * results for `read`, `write`, `edit`, `bash`, `grep`, `find` and `ls`. The codemode room may not import
 * the tools room, so the shapes are restated here as data; tests/codemode compares them with what the
 * tools return. A spec's own `outputSchema` always wins over this table.
 */
import type { JsonSchema } from '../core/types.ts';

const string = { type: 'string' } as const;
const integer = { type: 'integer' } as const;
const boolean = { type: 'boolean' } as const;

function object(properties: Record<string, unknown>, optional: readonly string[] = []): JsonSchema {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties).filter((key) => !optional.includes(key)),
  };
}

/** `structured_output` of each built-in tool's successful result, keyed by tool name. */
export const BUILTIN_OUTPUT_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  read: {
    anyOf: [
      object({
        path: string,
        content: string,
        start_line: integer,
        end_line: integer,
        total_lines: integer,
        truncated: boolean,
      }),
      object({ path: string, mime_type: string, data_base64: string, bytes: integer }),
    ],
  },
  write: object({ path: string, bytes_written: integer, created: boolean }),
  edit: object({ path: string, replacements: integer, first_changed_line: integer, dry_run: boolean }, [
    'dry_run',
  ]),
  bash: object({
    command: string,
    exit_code: integer,
    output: string,
    truncated: boolean,
    timed_out: boolean,
  }),
  grep: object(
    {
      matches: { type: 'array', items: object({ path: string, line: integer, text: string }) },
      files: { type: 'array', items: string },
      counts: { type: 'array', items: object({ path: string, count: integer }) },
      match_count: integer,
      file_count: integer,
      truncated: boolean,
    },
    ['matches', 'files', 'counts', 'match_count', 'file_count'],
  ),
  find: object({ paths: { type: 'array', items: string }, truncated: boolean }),
  ls: object({
    path: string,
    entries: {
      type: 'array',
      items: object(
        {
          name: string,
          type: { enum: ['file', 'directory', 'symlink', 'other'] },
          size: { type: ['integer', 'null'] },
          target: string,
        },
        ['target'],
      ),
    },
    truncated: boolean,
  }),
};
