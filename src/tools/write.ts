/**
 * The `write` built-in tool: creates or replaces a whole file, creating missing parent directories.
 * Writes to one path are serialised with edit's through the shared mutation queue. Imports core, the
 * Workspace seam (type, errors, path helpers) and the tools' shared helpers only.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { ToolError, type ToolRepairs } from '../core/index.ts';
import { parentOf, type Workspace, WorkspaceError } from '../workspace/workspace.ts';
import { type PatchBase, unifiedPatch } from './edit-diff.ts';
import { fsError, onPath, readPathContent, resolvePath } from './files.ts';
import { withFileMutation } from './mutation-queue.ts';
import { splitLines } from './output.ts';
import { createCall } from './peer-tools.ts';
import {
  type BuiltinSpec,
  type BuiltinTool,
  defineBuiltin,
  PATH_ALIASES,
  type PathParameter,
  pathParameter,
} from './tool.ts';
import { verifyWritten } from './write-verify.ts';

/** The arguments `write` takes: the `parameters` the model reads (tests pin every word). */
const WRITE_PARAMETERS = {
  type: 'object',
  properties: {
    path: pathParameter('File to write') as PathParameter,
    content: { type: 'string', description: 'The complete new content of the file.' },
    overwrite: {
      type: 'boolean',
      description: 'Replace the file if it exists. Default: true; false leaves an existing file untouched.',
    },
  },
  required: ['path', 'content'],
  additionalProperties: false,
} as const;

export type WriteInput = FromSchema<typeof WRITE_PARAMETERS>;

/** The `write` tool's spec: the name, description and parameters the model reads, and its effects. */
export const WRITE_SPEC: BuiltinSpec<typeof WRITE_PARAMETERS> = {
  name: 'write',
  description:
    'Create a file or overwrite it with the given content. Parent directories are created as needed. To change part of an existing file, use edit instead.',
  parameters: WRITE_PARAMETERS,
  effects: ['fs_write'],
};

/**
 * The schema of `structured_output` when `write` succeeds. Not declared to models (see
 * `BuiltinParts.outputSchema`); codemode types `write`'s results with it.
 */
export const WRITE_OUTPUT_SCHEMA = {
  type: 'object',
  properties: { path: { type: 'string' }, bytes_written: { type: 'integer' }, created: { type: 'boolean' } },
  required: ['path', 'bytes_written', 'created'],
  additionalProperties: false,
} as const;

export type WriteOutput = FromSchema<typeof WRITE_OUTPUT_SCHEMA>;

/**
 * The codes of write's errors (`structured_output.error.code`); a filesystem failure carries the
 * workspace's own code (`ENOSPC`, `ENOTDIR`, ...).
 */
export const WRITE_ERRORS = {
  EEXIST: 'EEXIST',
  EISDIR: 'EISDIR',
  ABORTED: 'ABORTED',
  WRITE_NOT_VERIFIED: 'WRITE_NOT_VERIFIED',
} as const;

/** The names other agents give write and its parameters. */
export const WRITE_REPAIRS: ToolRepairs = {
  aliases: ['Write', 'write_file', 'write_to_file', 'create_file', 'create'],
  parameters: { path: PATH_ALIASES, content: ['file_text', 'text', 'contents'] },
  peers: { "Anthropic's text editor: create": { names: ['create'], translate: createCall } },
};

/** Options of {@link createWriteTool}. */
export interface WriteToolOptions {
  /**
   * Read the file back after writing and report an error result if it does not hold exactly the bytes
   * written, so a backend that drops or alters data is never reported as a success. Default: `true`.
   */
  verify?: boolean;
}

/**
 * Creates the `write` tool. `content` is written exactly as given (UTF-8, no unescaping); missing
 * parent directories are created; a directory at the path is an error result. `details.diff` is a
 * unified patch against the previous content (against `/dev/null` for a new file); replacing a binary
 * file is allowed and its patch says so.
 */
export function createWriteTool(
  options: WriteToolOptions = {},
): BuiltinTool<WriteInput, WriteOutput, typeof WRITE_ERRORS> {
  const verify = options.verify ?? true;
  return defineBuiltin(
    WRITE_SPEC,
    { errorCodes: WRITE_ERRORS, repairs: WRITE_REPAIRS, outputSchema: WRITE_OUTPUT_SCHEMA },
    async (input, context) => {
      const content = input.content;
      const workspace = await context.workspace();
      const { absolute, display } = await resolvePath(workspace, input.path);
      return withFileMutation(workspace, absolute, async () => {
        const base = await previousContent(workspace, absolute, display);
        if (input.overwrite === false && base.kind !== 'missing') {
          throw new ToolError(
            `${display} already exists, so it was left unchanged (overwrite: false). To change part of it, use edit; to replace it whole, write it without overwrite: false.`,
            { code: WRITE_ERRORS.EEXIST, data: { path: display } },
          );
        }
        if (base.kind === 'missing') await createParents(workspace, absolute, display);
        const data = new TextEncoder().encode(content);
        if (context.signal.aborted) {
          throw new ToolError(`Writing ${display} was aborted before anything was written.`, {
            code: WRITE_ERRORS.ABORTED,
          });
        }
        await onPath(display, () => workspace.writeFile(absolute, data));
        if (verify) await verifyWritten(workspace, absolute, display, data);

        const previousBytes = base.kind === 'text' ? new TextEncoder().encode(base.text).length : 0;
        const what =
          base.kind === 'missing'
            ? 'new file'
            : base.kind === 'binary'
              ? `replaced ${bytes(base.bytes)} of binary data`
              : base.text === content
                ? 'content unchanged'
                : `replaced ${bytes(previousBytes)}`;
        return {
          output: `Wrote ${bytes(data.length)} to ${display} (${what}).`,
          structured_output: { path: display, bytes_written: data.length, created: base.kind === 'missing' },
          details: {
            diff: await unifiedPatch(display, base, content),
            line_count: splitLines(content).length,
            bytes_written: data.length,
            created: base.kind === 'missing',
          },
        };
      });
    },
  );
}

/** What is at `absolute` now; a directory is an error result. */
async function previousContent(workspace: Workspace, absolute: string, display: string): Promise<PatchBase> {
  const content = await readPathContent(workspace, absolute, display);
  if (content.kind === 'missing') return content;
  if (content.kind === 'directory') {
    throw new ToolError(
      `${display} is a directory, so it cannot be written as a file. Give the path of a file, for example ${display}/<name>.`,
      { code: WRITE_ERRORS.EISDIR, data: { path: display } },
    );
  }
  return content.text === undefined
    ? { kind: 'binary', bytes: content.bytes.length }
    : { kind: 'text', text: content.text };
}

/** `mkdir -p` of the parent; a file in the way becomes "a part of … is not a directory". */
async function createParents(workspace: Workspace, absolute: string, display: string): Promise<void> {
  try {
    await workspace.mkdir(parentOf(absolute), { recursive: true });
  } catch (error) {
    if (error instanceof WorkspaceError && (error.code === 'EEXIST' || error.code === 'ENOTDIR')) {
      fsError(new WorkspaceError('ENOTDIR', absolute), display);
    }
    fsError(error, display);
  }
}

/** `1 byte`, `12 bytes`. */
function bytes(count: number): string {
  return `${count} byte${count === 1 ? '' : 's'}`;
}
