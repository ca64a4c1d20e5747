/**
 * `browser-agent-tools/playground`: the playground as a React component over a suite the host made,
 * and its stores without React for other UI frameworks. React and React DOM are peer dependencies; the
 * styles are in `browser-agent-tools/playground/styles.css`, all under the component's root element.
 * Monaco (the code editor) loads only when the user switches an editor on.
 */
export type { AgentOption, PlaygroundPanel } from './components/App/App.tsx';
export { exposePlayground } from './components/Playground/expose-playground.ts';
export {
  Playground,
  type PlaygroundProps,
} from './components/Playground/Playground.tsx';
export type { Theme } from './hooks/use-theme.ts';
export {
  type ApprovalPrompt,
  type ApprovalPromptEvent,
  type ApprovalPromptState,
  createApprovalPrompt,
  type PendingApproval,
} from './state/approval-prompt.ts';
export type { PageState, Playground as PlaygroundStore } from './state/playground.ts';
export type { ApiExecuteOptions, BackendInfo, PlaygroundApi } from './state/playground-api.ts';
export { createPlaygroundStore, type PlaygroundStoreOptions } from './state/playground-store.ts';
export type { Scenario } from './state/scenario.ts';
export type { Store, Subscribable } from './state/store.ts';
