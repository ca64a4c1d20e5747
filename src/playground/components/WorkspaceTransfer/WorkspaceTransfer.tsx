import type { PersistStatus } from 'browser-agent-tools/workspace/just-bash';
import { useRef, useState } from 'react';
import { useStoreState } from '../../hooks/use-store-state.ts';
import { persistenceStore } from '../../persistence.ts';
import { type Outcome, useTransferActions } from './use-transfer-actions.ts';

/** A file input that a button opens, kept out of sight (each one still has its own aria-label). */
const FILE_PICKER = { type: 'file', hidden: true } as const;

/**
 * The workspace's way in and out: keep it in this browser (`?persist=KEY`), import a folder (picked,
 * or dropped here) or a zip, download it as a zip.
 */
export function WorkspaceTransfer() {
  const persistence = useStoreState(persistenceStore);
  const [gitignore, setGitignore] = useState(true);
  const zipInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const { outcome, togglePersistence, openFolder, uploadZip, download, importFileList, onDrop } =
    useTransferActions(gitignore, folderInput);

  return (
    <section
      className="workspace-transfer"
      aria-label="Keep, import and export the workspace"
      data-testid="workspace-transfer"
      onDragOver={(event) => event.preventDefault()}
      onDrop={onDrop}
    >
      <p className="note">
        <label>
          <input
            type="checkbox"
            data-testid="persist-toggle"
            checked={persistence.key !== null}
            onChange={(event) => void togglePersistence(event.target.checked)}
          />{' '}
          Keep in this browser{persistence.key ? ` (key ${JSON.stringify(persistence.key)})` : ''}
        </label>{' '}
        <label>
          <input
            type="checkbox"
            checked={gitignore}
            onChange={(event) => setGitignore(event.target.checked)}
          />{' '}
          Skip .gitignored files
        </label>
      </p>
      <p className="note">
        <button type="button" className="small" data-testid="open-folder" onClick={() => void openFolder()}>
          Open folder
        </button>{' '}
        <button
          type="button"
          className="small"
          data-testid="upload-zip"
          onClick={() => zipInput.current?.click()}
        >
          Upload zip
        </button>{' '}
        <button type="button" className="small" data-testid="download-zip" onClick={() => void download()}>
          Download zip
        </button>{' '}
        <span className="muted">or drop a folder or a zip here</span>
      </p>
      <input
        ref={zipInput}
        type="file"
        accept=".zip,application/zip"
        hidden
        aria-label="Zip file to upload"
        data-testid="upload-zip-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void uploadZip(file);
        }}
      />
      <input
        ref={folderInput}
        {...FILE_PICKER}
        aria-label="Folder to open"
        data-testid="open-folder-input"
        {...{ webkitdirectory: '' }}
        onChange={(event) => {
          const files = event.target.files;
          if (files) void importFileList(files);
        }}
      />
      <TransferNotes status={persistence.status} outcome={outcome} />
    </section>
  );
}

/** The saved workspace's last status and the last action's outcome. */
function TransferNotes({ status, outcome }: { status: PersistStatus | null; outcome: Outcome }) {
  return (
    <>
      {status && (
        <p
          className={status.state === 'error' ? 'error' : 'note'}
          data-testid="persist-status"
          data-state={status.state}
        >
          {status.message}
        </p>
      )}
      {outcome && (
        <p className={outcome.ok ? 'note' : 'error'} role="status" data-testid="transfer-status">
          {outcome.text}
        </p>
      )}
    </>
  );
}
