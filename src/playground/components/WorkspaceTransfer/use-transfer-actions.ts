import { type DragEvent, type RefObject, useState } from 'react';
import { errorMessage } from '../../../shared/index.ts';
import { usePlayground } from '../../hooks/use-playground.ts';
import { DEFAULT_PERSIST_KEY, setPersistKey } from '../../persistence.ts';
import type { Workspace } from '../../state/types.ts';

export type Outcome = { ok: boolean; text: string } | null;

const loadTransfer = () => import('../../transfer.ts');
type ImportSources = Parameters<Awaited<ReturnType<typeof loadTransfer>>['importFiles']>[1];

const summary = (result: { files: number; ignored: number }): string =>
  `Imported ${result.files} files${result.ignored > 0 ? ` (${result.ignored} left out by .gitignore)` : ''}.`;

/** Exports the workspace as `workspace.zip` and hands it to the browser's downloads. */
async function downloadZip(workspace: Workspace): Promise<string> {
  const { exportZip } = await loadTransfer();
  const zip = await exportZip(workspace);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([zip as Uint8Array<ArrayBuffer>], { type: 'application/zip' }));
  link.download = 'workspace.zip';
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  return `Downloaded workspace.zip (${zip.length} bytes).`;
}

/** What the transfer controls do; each action reports its outcome and refreshes the file tree. */
export function useTransferActions(gitignore: boolean, folderInput: RefObject<HTMLInputElement | null>) {
  const playground = usePlayground();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const workspace = () => playground.backend.ready();

  const run = async (work: () => Promise<string>): Promise<void> => {
    try {
      setOutcome({ ok: true, text: await work() });
      await playground.workspace.refresh();
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error) });
    }
  };
  const importFolder = (sources: Promise<ImportSources>) =>
    run(async () => {
      const { importFiles } = await loadTransfer();
      return summary(await importFiles(await workspace(), await sources, { gitignore }));
    });
  const uploadZip = (file: File) =>
    run(async () => {
      const { importZip } = await loadTransfer();
      const bytes = new Uint8Array(await file.arrayBuffer());
      return summary(await importZip(await workspace(), bytes, { gitignore }));
    });

  return {
    outcome,
    importFolder,
    uploadZip,
    download: () => run(async () => downloadZip(await workspace())),
    togglePersistence(on: boolean) {
      // The key changes first, so the checkbox follows the click; the restart then saves under it.
      setPersistKey(on ? (new URLSearchParams(location.search).get('persist') ?? DEFAULT_PERSIST_KEY) : null);
      return run(async () => {
        await playground.backend.restart();
        return on
          ? 'The workspace is now kept in this browser: reload the page and the files are still here.'
          : 'The workspace now lives in this page only; what was saved stays in the browser.';
      });
    },
    async openFolder() {
      const picker = (globalThis as { showDirectoryPicker?: () => Promise<FileSystemDirectoryHandle> })
        .showDirectoryPicker;
      if (!picker) {
        folderInput.current?.click();
        return;
      }
      const handle = await picker().catch(() => null);
      if (handle)
        await importFolder(loadTransfer().then((module) => module.filesFromDirectoryHandle(handle)));
    },
    importFileList: (files: FileList) =>
      importFolder(loadTransfer().then((module) => module.filesFromDrop(files))),
    onDrop(event: DragEvent) {
      event.preventDefault();
      const files = [...event.dataTransfer.files];
      const single = files.length === 1 ? files[0] : undefined;
      if (single?.name.endsWith('.zip') && event.dataTransfer.items[0]?.webkitGetAsEntry()?.isFile) {
        void uploadZip(single);
        return;
      }
      // The entries must be taken before the handler returns: the drop's data is gone afterwards.
      const data = event.dataTransfer;
      void importFolder(loadTransfer().then((module) => module.filesFromDrop(data)));
    },
  };
}
