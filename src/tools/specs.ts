/**
 * The built-in tools' specs: names, descriptions and parameter schemas the model sees. Model-facing
 * text: changing a word here changes what every model reads, and tests pin it.
 */
import { markOwnOutputBudget, type ToolSpec } from '../core/index.ts';

/** Names of the seven built-in workspace tools, in declaration order. */
export const BUILTIN_TOOL_NAMES: readonly BuiltinToolName[] = [
  'read',
  'write',
  'edit',
  'bash',
  'grep',
  'find',
  'ls',
];

/** A built-in workspace tool. */
export type BuiltinToolName = 'read' | 'write' | 'edit' | 'bash' | 'grep' | 'find' | 'ls';

const path = (what: string, fallback?: string): Record<string, unknown> => ({
  type: 'string',
  description: `${what}, relative to the workspace root or absolute inside it.${fallback ? ` Default: ${fallback}.` : ''}`,
});

/** The catalog-form spec of each built-in tool. */
export const BUILTIN_SPECS: Readonly<Record<BuiltinToolName, ToolSpec>> = {
  read: {
    name: 'read',
    description:
      'Read a text file or an image from the workspace. Text comes back as it is in the file, without line numbers: up to 2000 lines or 50 KB, whichever comes first; use offset and limit to page through longer files. Images (PNG, JPEG, GIF, WebP) come back as image data. Use ls for directories.',
    parameters: {
      type: 'object',
      properties: {
        path: path('File to read'),
        offset: { type: 'integer', minimum: 1, description: 'Line to start from, 1-based. Default: 1.' },
        limit: { type: 'integer', minimum: 1, description: 'Maximum number of lines to return.' },
      },
      required: ['path'],
      additionalProperties: false,
    },
  },
  write: {
    name: 'write',
    description:
      'Create a file or overwrite it with the given content. Parent directories are created as needed. To change part of an existing file, use edit instead.',
    parameters: {
      type: 'object',
      properties: {
        path: path('File to write'),
        content: { type: 'string', description: 'The complete new content of the file.' },
        overwrite: {
          type: 'boolean',
          description:
            'Replace the file if it exists. Default: true; false leaves an existing file untouched.',
        },
      },
      required: ['path', 'content'],
      additionalProperties: false,
    },
  },
  edit: {
    name: 'edit',
    description:
      'Replace exact text in a file. Give oldText and newText, or edits: [{oldText, newText}] for several changes at once. Each oldText must match the file exactly once, including whitespace and indentation; add surrounding lines to make it unique, or set replaceAll to change every occurrence. If any edit fails, the file is left unchanged.',
    parameters: {
      type: 'object',
      properties: {
        path: path('File to edit'),
        oldText: { type: 'string', description: 'Exact text to replace.' },
        newText: { type: 'string', description: 'Text to put in its place.' },
        replaceAll: { type: 'boolean', description: 'Replace every occurrence of oldText. Default: false.' },
        edits: {
          type: 'array',
          minItems: 1,
          description:
            'Several replacements, each matched against the original file. Use instead of oldText/newText.',
          items: {
            type: 'object',
            properties: {
              oldText: { type: 'string', description: 'Exact text to replace.' },
              newText: { type: 'string', description: 'Text to put in its place.' },
              replaceAll: { type: 'boolean', description: 'Replace every occurrence. Default: false.' },
            },
            required: ['oldText', 'newText'],
            additionalProperties: false,
          },
        },
        dryRun: {
          type: 'boolean',
          description: 'Show the diff the edit would make without changing the file. Default: false.',
        },
      },
      required: ['path'],
      additionalProperties: false,
    },
  },
  bash: {
    name: 'bash',
    description:
      'Run a shell command in the workspace and return its combined stdout and stderr. Output is cut to the last 2000 lines or 50 KB; the full output is then saved to a file you can read. Each call starts a fresh shell. A non-zero exit code, a timeout or an abort is reported as an error.',
    parameters: {
      type: 'object',
      properties: {
        command: {
          type: 'string',
          minLength: 1,
          description: 'The command to run, as you would type it in bash.',
        },
        timeout: {
          type: 'number',
          exclusiveMinimum: 0,
          maximum: 600,
          description: 'Seconds before the command is stopped. Default: 30, at most 600.',
        },
        cwd: path('Directory to run in', 'the workspace root'),
      },
      required: ['command'],
      additionalProperties: false,
    },
  },
  grep: {
    name: 'grep',
    description:
      'Search file contents with a regular expression, or a plain string with literal: true. Returns matching lines as path:line: text (up to limit matches, default 100), or matching files / counts with outputMode. Respects .gitignore and skips .git and node_modules.',
    parameters: {
      type: 'object',
      properties: {
        pattern: {
          type: 'string',
          minLength: 1,
          description: 'Regular expression (RE2 syntax) or, with literal, plain text.',
        },
        path: path('File or directory to search', 'the workspace root'),
        glob: {
          type: 'string',
          description: 'Only search files matching this glob, e.g. "*.ts" or "src/**/*.py".',
        },
        ignoreCase: { type: 'boolean', description: 'Match case-insensitively. Default: false.' },
        literal: { type: 'boolean', description: 'Treat pattern as plain text. Default: false.' },
        context: {
          type: 'integer',
          minimum: 0,
          description: 'Lines of context before and after each match. Default: 0.',
        },
        limit: {
          type: 'integer',
          minimum: 1,
          description:
            'Maximum number of matching lines, or of files with outputMode files_with_matches or count. Default: 100.',
        },
        outputMode: {
          type: 'string',
          enum: ['content', 'files_with_matches', 'count'],
          description:
            'content: matching lines (default); files_with_matches: file paths; count: matches per file.',
        },
      },
      required: ['pattern'],
      additionalProperties: false,
    },
  },
  find: {
    name: 'find',
    description:
      'Find files by glob pattern, e.g. "*.ts" (a pattern without / matches names at any depth) or "src/**/test_*.py". Returns paths relative to the search directory (directories end in /), up to limit results (default 1000). Respects .gitignore and skips .git and node_modules.',
    parameters: {
      type: 'object',
      properties: {
        pattern: { type: 'string', minLength: 1, description: 'Glob pattern to match paths against.' },
        path: path('Directory to search in', 'the workspace root'),
        limit: { type: 'integer', minimum: 1, description: 'Maximum number of results. Default: 1000.' },
        ignore: {
          type: 'array',
          items: { type: 'string' },
          description:
            'Globs of paths to leave out, matched like pattern; a directory left out is not searched.',
        },
      },
      required: ['pattern'],
      additionalProperties: false,
    },
  },
  ls: {
    name: 'ls',
    description:
      'List a directory: entries sorted alphabetically, directories end in /, dotfiles included. Returns up to limit entries (default 500).',
    parameters: {
      type: 'object',
      properties: {
        path: path('Directory to list', 'the workspace root'),
        limit: { type: 'integer', minimum: 1, description: 'Maximum number of entries. Default: 500.' },
        ignore: {
          type: 'array',
          items: { type: 'string' },
          description: 'Glob patterns of entry names to leave out, e.g. ["*.log", "dist"].',
        },
      },
      additionalProperties: false,
    },
  },
};

// Every built-in cuts its own output (2000 lines or 50 KB by default) with a notice that fits the tool,
// so registering one of these specs does not put the suite's output budget on top.
for (const spec of Object.values(BUILTIN_SPECS)) markOwnOutputBudget(spec);
