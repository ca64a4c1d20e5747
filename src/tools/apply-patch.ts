/**
 * Codex's `apply_patch`, run by the edit tool: a parsed patch is applied to every file it names or to
 * none. The workspace has no transactions, so: read every file, compute every new content and check
 * every section first (a section that does not fit is an error before anything is written); then write
 * and delete; and when a write fails midway, put back what was already written. The output is Codex's
 * summary (`Success. Updated the following files:` and `A`/`M`/`D` lines). Imports core, the Workspace
 * seam and the tools' shared helpers only.
 */

import type { FromSchema } from 'json-schema-to-ts';
import { type ParsedPatch, type PatchHunk, ToolError, type ToolReturn } from '../core/index.ts';
import { errorMessage } from '../shared/index.ts';
import { parentOf, pathExists, type Workspace, WorkspaceError } from '../workspace/workspace.ts';
import { type PatchBase, unifiedPatch } from './edit-diff.ts';
import { fsError, type PathContent, readPathContent, resolvePath } from './files.ts';
import { withFileMutations } from './mutation-queue.ts';
import { applyHunks } from './patch-hunks.ts';
import { verifyWritten } from './write-verify.ts';

/** A file the patch touches: what it held before, and what it holds once the patch is applied. */
interface PlannedFile {
  absolute: string;
  display: string;
  before: PathContent;
  /** The planned content; `undefined` once deleted (or never created). */
  after: string | undefined;
  changed: boolean;
}

/**
 * The schema of `structured_output` when a patch was applied: each file with its status (and where a
 * moved file came from). Not declared to models: edit's declared result is that of an edit, and a
 * patch reaches edit only from a peer's `apply_patch`.
 */
export const PATCH_OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    files: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          status: { enum: ['added', 'modified', 'deleted'] },
          path: { type: 'string' },
          moved_from: { type: 'string' },
        },
        required: ['status', 'path'],
        additionalProperties: false,
      },
    },
  },
  required: ['files'],
  additionalProperties: false,
} as const;

/** What edit returns for a patch it applied. */
export type PatchOutput = FromSchema<typeof PATCH_OUTPUT_SCHEMA>;

/** One line of the summary: `A path`, `M path`, `D path`. */
type Change = PatchOutput['files'][number];

const LETTER = { added: 'A', modified: 'M', deleted: 'D' } as const;

/** Applies `patch` to `workspace`, every section or none. Throws a `ToolError` naming what failed. */
export async function applyPatch(
  workspace: Workspace,
  patch: ParsedPatch,
  signal: AbortSignal,
  verify: boolean,
): Promise<ToolReturn<PatchOutput>> {
  const paths = await resolveAll(workspace, patch);
  const absolutes = [...paths.values()].map((path) => path.absolute);
  return withFileMutations(workspace, absolutes, async () => {
    const files = new Map<string, PlannedFile>();
    const load = async (input: string): Promise<PlannedFile> => {
      const { absolute, display } = paths.get(input) ?? (await resolvePath(workspace, input));
      let file = files.get(absolute);
      if (!file) {
        const before = await readPathContent(workspace, absolute, display);
        file = {
          absolute,
          display,
          before,
          after: before.kind === 'file' ? before.text : undefined,
          changed: false,
        };
        files.set(absolute, file);
      }
      return file;
    };
    const changes: Change[] = [];
    for (const hunk of patch.hunks) changes.push(await plan(hunk, load));
    if (signal.aborted) {
      throw new ToolError('Applying the patch was aborted before anything was written.', { code: 'ABORTED' });
    }
    const changed = [...files.values()].filter((file) => file.changed);
    await commit(workspace, changed, verify);
    return summary(changes, changed);
  });
}

/** Every path the patch names, confined (relative ones from `patch.cwd` when the call gave one). */
async function resolveAll(
  workspace: Workspace,
  patch: ParsedPatch,
): Promise<Map<string, { absolute: string; display: string }>> {
  const paths = new Map<string, { absolute: string; display: string }>();
  for (const hunk of patch.hunks) {
    for (const path of hunk.type === 'update' && hunk.moveTo ? [hunk.path, hunk.moveTo] : [hunk.path]) {
      const input = patch.cwd && !path.startsWith('/') ? `${patch.cwd.replace(/\/+$/, '')}/${path}` : path;
      paths.set(path, await resolvePath(workspace, input));
    }
  }
  return paths;
}

/** Plans one section on the files as the earlier sections left them; a section that does not fit throws. */
async function plan(hunk: PatchHunk, load: (path: string) => Promise<PlannedFile>): Promise<Change> {
  const at = `line ${hunk.patchLine} of the patch`;
  const file = await load(hunk.path);
  const { display } = file;
  if (hunk.type === 'add') {
    if (file.before.kind === 'directory') throw directory(display, `'*** Add File:' cannot write it (${at})`);
    setAfter(file, hunk.content);
    return { status: 'added', path: display };
  }
  if (file.before.kind === 'directory') {
    throw directory(
      display,
      hunk.type === 'delete'
        ? `'*** Delete File:' deletes files only (${at})`
        : `it cannot be updated (${at})`,
    );
  }
  if (!exists(file)) {
    throw missing(
      display,
      hunk.type === 'delete' ? `so it cannot be deleted (${at})` : `so its update (${at}) cannot be applied`,
      hunk.type,
    );
  }
  if (hunk.type === 'delete') {
    setAfter(file, undefined);
    return { status: 'deleted', path: display };
  }
  if (file.after === undefined) {
    throw new ToolError(
      `${display} is not a UTF-8 text file, so its update (${at}) cannot be applied. No file was changed. Replace it whole with write, or use bash.`,
      { code: 'BINARY_FILE', data: { path: display } },
    );
  }
  const next = applyHunks(file.after, hunk.chunks, { display, patchLine: hunk.patchLine });
  if (!hunk.moveTo) {
    setAfter(file, next);
    return { status: 'modified', path: display };
  }
  const target = await load(hunk.moveTo);
  if (target.before.kind === 'directory')
    throw directory(target.display, `'*** Move to:' cannot write it (${at})`);
  if (target !== file) setAfter(file, undefined);
  setAfter(target, next);
  return { status: 'modified', path: target.display, moved_from: display };
}

/** Whether the file is there at this point of the patch (binary files included). */
function exists(file: PlannedFile): boolean {
  return file.changed ? file.after !== undefined : file.before.kind === 'file';
}

function setAfter(file: PlannedFile, after: string | undefined): void {
  file.after = after;
  file.changed = true;
}

function directory(display: string, what: string): ToolError {
  return new ToolError(
    `${display} is a directory, so ${what}. No file was changed. Give the path of a file.`,
    {
      code: 'EISDIR',
      data: { path: display },
    },
  );
}

function missing(display: string, what: string, type: 'update' | 'delete'): ToolError {
  const fix =
    type === 'update'
      ? `Check the path with ls or find; to create the file, use '*** Add File: ${display}'.`
      : 'Check the path with ls or find, or leave that section out.';
  return new ToolError(`${display} does not exist, ${what}. No file was changed. ${fix}`, {
    code: 'ENOENT',
    data: { path: display },
  });
}

/** The model's text (Codex's summary), the per-file list, and one unified patch of every file. */
async function summary(
  changes: readonly Change[],
  changed: readonly PlannedFile[],
): Promise<ToolReturn<PatchOutput>> {
  const order = ['added', 'modified', 'deleted'] as const;
  const sorted = order.flatMap((status) => changes.filter((change) => change.status === status));
  const diffs = await Promise.all(changed.map(diffOf));
  return {
    output: [
      'Success. Updated the following files:',
      ...sorted.map((change) => `${LETTER[change.status]} ${change.path}`),
    ].join('\n'),
    structured_output: { files: sorted.map((change) => ({ ...change })) },
    details: { diff: diffs.join(''), files_changed: changed.length },
  };
}

/** The file's unified patch for the UI; a deleted binary file gets a one-line note instead. */
function diffOf(file: PlannedFile): Promise<string> {
  const base = baseOf(file);
  if (base.kind === 'binary' && file.after === undefined) {
    return Promise.resolve(`Binary file ${file.display} (${base.bytes} bytes) deleted\n`);
  }
  return unifiedPatch(file.display, base, file.after ?? '');
}

function baseOf(file: PlannedFile): PatchBase {
  if (file.before.kind !== 'file') return { kind: 'missing' };
  return file.before.text === undefined
    ? { kind: 'binary', bytes: file.before.bytes.length }
    : { kind: 'text', text: file.before.text };
}

/** One step of the commit, undone in reverse order when a later step fails. */
interface Done {
  file: PlannedFile;
  /** Directories `mkdir` created for the file, deepest last. */
  createdDirs: string[];
}

/** Writes and deletes every changed file; when one step fails, undoes the earlier ones and throws. */
async function commit(workspace: Workspace, changed: readonly PlannedFile[], verify: boolean): Promise<void> {
  const done: Done[] = [];
  for (const file of changed) {
    const step: Done = { file, createdDirs: [] };
    try {
      if (file.after === undefined) {
        if (file.before.kind === 'file') await workspace.rm(file.absolute);
      } else {
        step.createdDirs = await missingParents(workspace, file.absolute);
        if (step.createdDirs.length > 0) await workspace.mkdir(parentOf(file.absolute), { recursive: true });
        const data = new TextEncoder().encode(file.after);
        await workspace.writeFile(file.absolute, data);
        if (verify) await verifyWritten(workspace, file.absolute, file.display, data);
      }
      done.push(step);
    } catch (error) {
      done.push(step);
      throw await rolledBack(workspace, done, file, error);
    }
  }
}

/** The directories above `absolute` that do not exist yet, outermost first. */
async function missingParents(workspace: Workspace, absolute: string): Promise<string[]> {
  const missingDirs: string[] = [];
  for (let dir = parentOf(absolute); dir !== workspace.root && dir !== '/'; dir = parentOf(dir)) {
    if (await pathExists(workspace, dir)) break;
    missingDirs.unshift(dir);
  }
  return missingDirs;
}

/** Undoes `done` (newest first) and returns the error that says what failed and what was put back. */
async function rolledBack(
  workspace: Workspace,
  done: readonly Done[],
  failed: PlannedFile,
  error: unknown,
): Promise<ToolError> {
  const described = reasonOf(error, failed.display);
  // Workspace errors already name the file; anything else is said about it.
  const verb = failed.after === undefined ? 'deleted' : 'written';
  const said = described.includes(failed.display)
    ? described
    : `${failed.display} could not be ${verb}: ${described}`;
  const reason = /[.!?]$/.test(said) ? said : `${said}.`;
  const notRestored: string[] = [];
  for (const step of [...done].reverse()) {
    try {
      await restore(workspace, step);
    } catch (restoreError) {
      notRestored.push(
        `${step.file.display} (${reasonOf(restoreError, step.file.display).replace(/\.$/, '')})`,
      );
    }
  }
  const earlier = done.filter((step) => step.file !== failed).map((step) => step.file.display);
  const putBack =
    earlier.length === 0
      ? 'Nothing had been changed before it, so no file changed.'
      : `The files already changed (${earlier.join(', ')}) were put back as they were, so no file changed.`;
  const text =
    notRestored.length === 0
      ? `${reason} The patch was not applied. ${putBack} Fix the cause and send the patch again.`
      : `${reason} The patch was not applied, and putting back the files it had changed failed for ${notRestored.join(', ')}. Check those files with read before going on.`;
  return new ToolError(text, {
    code: error instanceof ToolError || error instanceof WorkspaceError ? error.code : 'PATCH_WRITE_FAILED',
    data: { path: failed.display, not_restored: notRestored.length },
  });
}

/** Puts one file back as it was before the patch, and removes the directories created for it. */
async function restore(workspace: Workspace, step: Done): Promise<void> {
  const { file } = step;
  if (file.before.kind === 'file') await workspace.writeFile(file.absolute, file.before.bytes);
  else await workspace.rm(file.absolute, { force: true });
  for (const dir of [...step.createdDirs].reverse()) {
    // Only a directory left empty goes: something else may have been put in it meanwhile.
    const entries = await workspace.readdir(dir).catch(() => undefined);
    if (entries?.length === 0) await workspace.rm(dir, { recursive: true }).catch(() => undefined);
  }
}

/** A failure as one sentence for the model. */
function reasonOf(error: unknown, display: string): string {
  if (error instanceof ToolError) return error.message;
  try {
    return fsError(error, display);
  } catch (described) {
    return errorMessage(described);
  }
}
