/** Library types the playground's stores share, re-exported from the public entry. */
export type { Workspace } from 'browser-agent-tools';
