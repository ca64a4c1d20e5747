/**
 * Codex sends file changes as a patch: to its `apply_patch` tool (an alias of edit), or as a shell
 * command `apply_patch` (no workspace shell has that command). Either way the whole patch goes to edit,
 * parsed here, which applies every section or none. A patch that cannot be read is answered before
 * anything runs. Both are peer translations (`PeerTranslation`) that edit's and bash's repairs list.
 */
import type { FromSchema } from 'json-schema-to-ts';
import {
  ERROR_CODES,
  errorResult,
  type PatchHunk,
  PatchSyntaxError,
  type PeerContext,
  type PeerTranslated,
  type PeerTranslation,
  parsePatch,
} from '../core/index.ts';

/** The name the patch calls are reported under, and edit's alias for Codex's patch tool. */
export const APPLY_PATCH = 'apply_patch';

/**
 * The arguments of a patch redirected to edit: the parsed sections (`parsePatch`'s hunks: added,
 * deleted or updated files, the updates as `@@` chunks of kept, removed and added lines) and the
 * directory their paths start from. Never seen by a model: validation checks them against this schema
 * instead of edit's declared parameters, and edit's input type is derived from it.
 */
export const PATCH_PARAMETERS = {
  type: 'object',
  properties: {
    patch: {
      type: 'object',
      properties: {
        hunks: {
          type: 'array',
          items: {
            oneOf: [
              {
                type: 'object',
                properties: {
                  type: { const: 'add' },
                  path: { type: 'string' },
                  content: { type: 'string' },
                  patchLine: { type: 'integer' },
                },
                required: ['type', 'path', 'content', 'patchLine'],
                additionalProperties: false,
              },
              {
                type: 'object',
                properties: {
                  type: { const: 'delete' },
                  path: { type: 'string' },
                  patchLine: { type: 'integer' },
                },
                required: ['type', 'path', 'patchLine'],
                additionalProperties: false,
              },
              {
                type: 'object',
                properties: {
                  type: { const: 'update' },
                  path: { type: 'string' },
                  moveTo: { type: 'string' },
                  chunks: {
                    type: 'array',
                    items: {
                      type: 'object',
                      properties: {
                        context: { type: 'string' },
                        lines: {
                          type: 'array',
                          items: {
                            type: 'object',
                            properties: { kind: { enum: [' ', '-', '+'] }, text: { type: 'string' } },
                            required: ['kind', 'text'],
                            additionalProperties: false,
                          },
                        },
                        endOfFile: { type: 'boolean' },
                        patchLine: { type: 'integer' },
                      },
                      required: ['lines', 'endOfFile', 'patchLine'],
                      additionalProperties: false,
                    },
                  },
                  patchLine: { type: 'integer' },
                },
                required: ['type', 'path', 'chunks', 'patchLine'],
                additionalProperties: false,
              },
            ],
          },
        },
        cwd: { type: 'string' },
      },
      required: ['hunks'],
      additionalProperties: false,
    },
  },
  required: ['patch'],
  additionalProperties: false,
} as const;

/** A parsed patch, as a peer agent's `apply_patch` call reaches `edit`. */
export type EditPatchInput = FromSchema<typeof PATCH_PARAMETERS>;

/** The payload keys Codex's `apply_patch` sends the patch text under, in the order they are read. */
const PATCH_KEYS = ['input', 'patch'] as const;

/** Codex `apply_patch` (`input` or `patch` holds the patch text): the edit call that applies it. */
export const patchToolCall: PeerTranslation = (args, context) => {
  const patch = PATCH_KEYS.map((key) => args[key]).find((value) => typeof value === 'string');
  if (typeof patch !== 'string') {
    return refusal(
      'apply_patch needs the patch text in "input". Or call edit with path, oldText and newText.',
      context,
    );
  }
  return patchCall(patch, undefined, context);
};

/**
 * A shell call whose command is `apply_patch` (argv or heredoc) becomes the same patch call, run in the
 * directory the first of `workdirKeys` names. `undefined` for every other command.
 */
export function shellPatchCall(workdirKeys: readonly string[]): PeerTranslation {
  return (args, context) => {
    const found = patchFromCommand(args.command ?? args.cmd);
    if (!found) return undefined;
    const workdir = workdirKeys
      .map((key) => args[key])
      .find((value): value is string => typeof value === 'string' && value !== '');
    const cwd = found.cwd === undefined ? workdir : joinDir(workdir, found.cwd);
    return patchCall(found.patch, cwd, context);
  };
}

function joinDir(base: string | undefined, dir: string): string {
  return base === undefined || dir.startsWith('/') ? dir : `${base.replace(/\/+$/, '')}/${dir}`;
}

/** What the model is told when the call cannot be made into a patch call; nothing ran. */
function refusal(message: string, context: PeerContext): PeerTranslated {
  return {
    result: errorResult(message, { code: ERROR_CODES.INVALID_ARGUMENTS, data: { tool: context.tool } }),
  };
}

function patchCall(text: string, cwd: string | undefined, context: PeerContext): PeerTranslated {
  let hunks: PatchHunk[];
  try {
    hunks = parsePatch(text);
  } catch (error) {
    if (error instanceof PatchSyntaxError) return refusal(`apply_patch: ${error.message}`, context);
    throw error;
  }
  const patch: EditPatchInput['patch'] = cwd === undefined ? { hunks } : { hunks, cwd };
  return {
    call: { name: 'edit', arguments: { patch }, parameters: PATCH_PARAMETERS, reportAs: APPLY_PATCH },
  };
}

/** The commands Codex's own `apply_patch` executable answers to. */
const PATCH_COMMANDS = new Set(['apply_patch', 'applypatch']);

/**
 * The heredoc forms Codex sends through its shell tool, as the whole script: `apply_patch <<'EOF'`,
 * the patch, `EOF`; optionally after `cd <dir> &&`. Anything else is a shell script, not a patch.
 */
const HEREDOC =
  /^\s*(?:cd\s+('[^']*'|"[^"]*"|[^\s'"&;|]+)\s*&&\s*)?(?:apply_patch|applypatch)\s*<<-?\s*(['"]?)([A-Za-z_][A-Za-z0-9_]*)\2[ \t]*\r?\n([\s\S]*?)\r?\n\3\s*$/;

/**
 * The patch in a shell command, when the command is one of the ways Codex calls `apply_patch`:
 * `["apply_patch", patch]`, `["bash", "-lc", script]` whose script is the heredoc form, or that script
 * as a string. `undefined` for every other command.
 */
function patchFromCommand(command: unknown): { patch: string; cwd?: string } | undefined {
  if (Array.isArray(command)) {
    const [program, argument, script] = command;
    if (command.length === 2 && PATCH_COMMANDS.has(String(program)) && typeof argument === 'string') {
      return { patch: argument };
    }
    const shell = /^(?:\/(?:usr\/)?bin\/)?(?:ba|z|da)?sh$/.test(String(program));
    if (command.length === 3 && shell && /^-l?i?c$/.test(String(argument))) return patchFromCommand(script);
    return undefined;
  }
  if (typeof command !== 'string') return undefined;
  const match = HEREDOC.exec(command);
  if (!match) return undefined;
  const [, dir, , , patch = ''] = match;
  const cwd = dir?.replace(/^(['"])(.*)\1$/, '$2');
  return cwd === undefined ? { patch } : { patch, cwd };
}
