import { type DragEvent, useRef, useState } from 'react';
import { usePlayground } from '../../hooks/use-playground.ts';
import { useStoreState } from '../../hooks/use-store-state.ts';
import { DEFAULT_PERSIST_KEY, persistenceStore, setPersistKey } from '../../persistence.ts';
import { readAllFiles } from '../../state/workspace-files.ts';

type Outcome = { ok: boolean; text: string } | null;

const loadTransfer = () => import('../../transfer.ts');

/**
 * The workspace's way in and out: keep it in this browser (`?persist=KEY`), import a folder (picked,
 * or dropped here) or a zip, download it as a zip.
 */
export function WorkspaceTransfer() {
  const playground = usePlayground();
  const persistence = useStoreState(persistenceStore);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [gitignore, setGitignore] = useState(true);
  const zipInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);

  const run = async (work: () => Promise<string>): Promise<void> => {
    try {
      setOutcome({ ok: true, text: await work() });
      await playground.workspace.refresh();
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof Error ? error.message : String(error) });
    }
  };
  const workspace = () => playground.backend.ready();
  const summary = (result: { files: number; ignored: number }): string =>
    `Imported ${result.files} files${result.ignored > 0 ? ` (${result.ignored} left out by .gitignore)` : ''}.`;

  const togglePersistence = (on: boolean) => {
    // The key changes first, so the checkbox follows the click; the restart then saves under it.
    setPersistKey(on ? (new URLSearchParams(location.search).get('persist') ?? DEFAULT_PERSIST_KEY) : null);
    return run(async () => {
      await playground.backend.replaceFiles(await readAllFiles(await workspace()));
      return on
        ? 'The workspace is now kept in this browser: reload the page and the files are still here.'
        : 'The workspace now lives in this page only; what was saved stays in the browser.';
    });
  };

  const importFolder = (
    sources: Promise<Parameters<Awaited<ReturnType<typeof loadTransfer>>['importFiles']>[1]>,
  ) =>
    run(async () => {
      const { importFiles } = await loadTransfer();
      return summary(await importFiles(await workspace(), await sources, { gitignore }));
    });

  const openFolder = async () => {
    const picker = (globalThis as { showDirectoryPicker?: () => Promise<FileSystemDirectoryHandle> })
      .showDirectoryPicker;
    if (!picker) {
      folderInput.current?.click();
      return;
    }
    const handle = await picker().catch(() => null);
    if (handle) await importFolder(loadTransfer().then((module) => module.filesFromDirectoryHandle(handle)));
  };

  const uploadZip = (file: File) =>
    run(async () => {
      const { importZip } = await loadTransfer();
      return summary(
        await importZip(await workspace(), new Uint8Array(await file.arrayBuffer()), { gitignore }),
      );
    });

  const downloadZip = () =>
    run(async () => {
      const { exportZip } = await loadTransfer();
      const zip = await exportZip(await workspace());
      const link = document.createElement('a');
      link.href = URL.createObjectURL(
        new Blob([zip as Uint8Array<ArrayBuffer>], { type: 'application/zip' }),
      );
      link.download = 'workspace.zip';
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      return `Downloaded workspace.zip (${zip.length} bytes).`;
    });

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    const files = [...event.dataTransfer.files];
    const single = files.length === 1 ? files[0] : undefined;
    if (single?.name.endsWith('.zip') && event.dataTransfer.items[0]?.webkitGetAsEntry()?.isFile) {
      void uploadZip(single);
      return;
    }
    // The entries must be taken before the handler returns: the drop's data is gone afterwards.
    const sources = loadTransfer();
    const data = event.dataTransfer;
    void importFolder(sources.then((module) => module.filesFromDrop(data)));
  };

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
        <button type="button" className="small" data-testid="download-zip" onClick={() => void downloadZip()}>
          Download zip
        </button>{' '}
        <span className="muted">or drop a folder or a zip here</span>
      </p>
      <input
        ref={zipInput}
        type="file"
        accept=".zip,application/zip"
        hidden
        data-testid="upload-zip-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void uploadZip(file);
        }}
      />
      <input
        ref={folderInput}
        type="file"
        hidden
        data-testid="open-folder-input"
        {...{ webkitdirectory: '' }}
        onChange={(event) => {
          const files = event.target.files;
          if (files) void importFolder(loadTransfer().then((module) => module.filesFromDrop(files)));
        }}
      />
      {persistence.status && (
        <p
          className={persistence.status.state === 'error' ? 'error' : 'note'}
          data-testid="persist-status"
          data-state={persistence.status.state}
        >
          {persistence.status.message}
        </p>
      )}
      {outcome && (
        <p className={outcome.ok ? 'note' : 'error'} role="status" data-testid="transfer-status">
          {outcome.text}
        </p>
      )}
    </section>
  );
}
