/**
 * Codex sends file changes as a patch: to its `apply_patch` tool (an alias of edit), or as a shell
 * command `apply_patch` (no workspace shell has that command). Either way the whole patch goes to edit,
 * parsed here, which applies every section or none. A patch that cannot be read is answered before
 * anything runs.
 */
import {
  AliasRepairError,
  type JsonSchema,
  type ParsedPatch,
  type PatchHunk,
  PatchSyntaxError,
  type PayloadRedirect,
  parsePatch,
} from '../core/index.ts';

/** The name the patch calls are reported under, and edit's alias for Codex's patch tool. */
export const APPLY_PATCH = 'apply_patch';

/** The arguments schema of a patch redirected to edit: the parsed sections, never seen by a model. */
const PATCH_PARAMETERS: JsonSchema = {
  type: 'object',
  properties: { patch: { type: 'object' } },
  required: ['patch'],
  additionalProperties: false,
};

/**
 * Codex's freeform `apply_patch` sends the patch itself, not JSON: a patch string becomes
 * `{ input: patch }`. Everything else is left as sent.
 */
export function patchPayload(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  const start = raw.trimStart();
  return start.startsWith('*** Begin Patch') || start.startsWith('<<') ? { input: raw } : raw;
}

/** Codex `apply_patch` (`input` or `patch` holds the patch text): the edit call that applies it. */
export function patchToolCall(args: Record<string, unknown>): PayloadRedirect {
  const patch =
    typeof args.input === 'string' ? args.input : typeof args.patch === 'string' ? args.patch : undefined;
  if (patch === undefined) {
    throw new AliasRepairError(
      'apply_patch needs the patch text in "input". Or call edit with path, oldText and newText.',
    );
  }
  return patchCall(patch, undefined);
}

/**
 * A shell call whose command is `apply_patch` (argv or heredoc) becomes the same patch call, run in the
 * directory the first of `workdirKeys` names.
 */
export function shellPatchCall(
  args: Record<string, unknown>,
  workdirKeys: readonly string[],
): PayloadRedirect | undefined {
  const found = patchFromCommand(args.command ?? args.cmd);
  if (!found) return undefined;
  const workdir = workdirKeys
    .map((key) => args[key])
    .find((value): value is string => typeof value === 'string' && value !== '');
  const cwd = found.cwd === undefined ? workdir : joinDir(workdir, found.cwd);
  return patchCall(found.patch, cwd);
}

function joinDir(base: string | undefined, dir: string): string {
  return base === undefined || dir.startsWith('/') ? dir : `${base.replace(/\/+$/, '')}/${dir}`;
}

function patchCall(text: string, cwd: string | undefined): PayloadRedirect {
  let hunks: PatchHunk[];
  try {
    hunks = parsePatch(text);
  } catch (error) {
    if (error instanceof PatchSyntaxError) throw new AliasRepairError(`apply_patch: ${error.message}`);
    throw error;
  }
  const parsed: ParsedPatch = cwd === undefined ? { hunks } : { hunks, cwd };
  return {
    name: 'edit',
    args: { patch: parsed as unknown as Record<string, unknown> },
    parameters: PATCH_PARAMETERS,
    reportAs: APPLY_PATCH,
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
