/**
 * Import and export of the workspace, loaded lazily by the Workspace panel so fflate and `ignore` stay
 * out of the entry chunk. Static named imports, so the bundle keeps only these functions of the entry.
 */
export {
  exportZip,
  filesFromDirectoryHandle,
  filesFromDrop,
  importFiles,
  importZip,
} from 'browser-agent-tools/workspace/just-bash';
