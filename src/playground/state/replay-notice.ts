/**
 * Whether a permalink's replay reproduced what its author saw: each re-run call's result against the
 * record the link carries, and the page's notice, green only when all match and otherwise naming each
 * call that did not, beside what it gave here; never green when the link was made on another backend
 * (a shell's programs and their output differ). The notice offers what to do next: switch to the
 * link's backend, connect a recorded MCP server whose tool was missing, or run the calls that were
 * shown as recorded. Loaded with the
 * first link the page applies (out of the entry chunk), like everything a replay does after the reset.
 */
import type { ToolResult } from 'browser-agent-tools';
import { errorMessage } from '../../shared/index.ts';
import type { HistoryEntry } from './history-store.ts';
import type { NoticeAction, NoticeComparison, Playground, ResetOptions } from './playground.ts';
import {
  type RecordedResult,
  type ReplayDifference,
  recordOf,
  sameRecord,
  wasStopped,
} from './replay-check.ts';
import type { Scenario, ScenarioBackend, ScenarioServer } from './scenario.ts';
import { plural } from './text.ts';

/** How a result reads in the notice: "a success", "an error (UNKNOWN_TOOL)". */
function described(record: RecordedResult): string {
  if (!record.is_error) return 'a success';
  return record.code ? `an error (${record.code})` : 'an error';
}

/** What one difference is, in a few words, and what to do about it when the page knows. */
function differenceText(difference: ReplayDifference): string {
  const { call, tool, recorded, now } = difference;
  const head = `call ${call} (${tool})`;
  if (now.code === 'UNKNOWN_TOOL' && recorded.code !== 'UNKNOWN_TOOL')
    return `${head} gave an error (UNKNOWN_TOOL), recorded as ${described(recorded)}: its tool is not in this page's catalog (a tool of an MCP server the author had connected, or one registered by code); connect or register it and run the call again`;
  if (now.is_error !== recorded.is_error || now.code !== recorded.code)
    return `${head} gave ${described(now)}, recorded as ${described(recorded)}`;
  if (now.output !== recorded.output) return `${head} printed other output than when the link was made`;
  return `${head} activated ${toolList(now.activated)}, where the author's call activated ${toolList(recorded.activated)}: the declarations after it differ`;
}

/** Activated tools in a sentence: "none", or their names (the first 5, and how many more). */
function toolList(names: readonly string[] | undefined): string {
  if (names === undefined || names.length === 0) return 'none';
  const more = names.length > 5 ? ` and ${names.length - 5} more` : '';
  return `${names.slice(0, 5).join(', ')}${more}`;
}

/** A replayed call: the tool it reached (or the name it asked for) and its result. */
export interface ReplayedCall {
  tool: string;
  result: ToolResult;
  /** The deferred tools the call activated. */
  activated?: readonly string[];
}

/** How the replay of `calls` went, from their records and what `replayed` gave. */
export function replayDifferences(
  calls: readonly { recorded?: RecordedResult }[],
  replayed: readonly ReplayedCall[],
  options: ResetOptions = {},
): { compared: number; shown: number; rerun: number; differed: ReplayDifference[] } {
  const report = { compared: 0, shown: 0, rerun: 0, differed: [] as ReplayDifference[] };
  for (const [index, call] of calls.entries()) {
    const entry = replayed[index];
    if (!call.recorded || !entry) continue;
    // A stopped call run again answers this time: its record (the stop) is nothing to compare with.
    if (wasStopped(call.recorded)) {
      if (options.rerunStopped) report.rerun += 1;
      else report.shown += 1;
      continue;
    }
    report.compared += 1;
    const now = recordOf(entry.result, entry.activated);
    if (!sameRecord(call.recorded, now))
      report.differed.push({ call: index + 1, tool: entry.tool, recorded: call.recorded, now });
  }
  return report;
}

/** A replay notice's kind: `success` (green) only when the replay was checked and matched. */
export type ReplayNoticeKind = 'success' | 'info' | 'error';

/** What a replay notice says after its counts when no call differed, and how green it is. */
function checkedText(
  report: { compared: number; shown: number; rerun: number },
  unrecorded: number,
): { kind: ReplayNoticeKind; check: string } {
  const { compared, shown, rerun } = report;
  const without = `${unrecorded} without a recorded result to compare with`;
  if (compared > 0 && unrecorded === 0 && rerun === 0)
    return { kind: 'success', check: 'each gave the result recorded in the link.' };
  if (compared > 0)
    return {
      kind: 'info',
      check: `${compared} gave the result recorded in the link${unrecorded > 0 ? `, ${without}` : ''}; the others were not compared.`,
    };
  if (unrecorded + shown + rerun === 0)
    return { kind: 'info', check: 'the link has no calls, so nothing was compared.' };
  const reasons = [
    ...(unrecorded > 0 ? [without] : []),
    ...(rerun > 0 ? [`${rerun} whose record is a stop`] : []),
  ];
  const how = [
    ...(shown > 0 ? [`To re-run the stopped calls, choose "${RERUN_STOPPED_LABEL}".`] : []),
    ...(unrecorded > 0 ? ["A link copied from this page records each call's result."] : []),
  ];
  const why = reasons.length > 0 ? ` (${reasons.join(', ')})` : '';
  return {
    kind: 'info',
    check: [
      `nothing was compared${why}, so this replay is not checked against what the link's author saw.`,
      ...how,
    ].join(' '),
  };
}

/**
 * The notice after a link's calls were replayed: `success` (green) only when every call that ran
 * gave its recorded result and at least one was compared; `info` (neutral) when some or all could not
 * be compared; `error` when one differed, naming each that did. `loaded` is what was rebuilt ("Loaded
 * the scenario from the link: 3 files, 1 registered tool").
 */
export function replayNotice(
  loaded: string,
  calls: readonly { recorded?: RecordedResult }[],
  replayed: readonly ReplayedCall[],
  options: ResetOptions = {},
): { kind: ReplayNoticeKind; text: string } {
  const report = replayDifferences(calls, replayed, options);
  const { compared, shown, rerun, differed } = report;
  const unrecorded = calls.length - compared - shown - rerun;
  const parts = [`${plural(compared + unrecorded, 'call')} re-run`];
  if (shown > 0) parts.push(`${shown} shown as recorded (stopped when the link was made, not re-run)`);
  if (rerun > 0) parts.push(`${rerun} run again though stopped when the link was made (not compared)`);
  if (differed.length === 0) {
    const { kind, check } = checkedText(report, unrecorded);
    return { kind, text: `${loaded}, ${parts.join(', ')}: ${check}` };
  }
  const listed = differed.slice(0, 5).map(differenceText);
  const more = differed.length > 5 ? `; and ${differed.length - 5} more` : '';
  return {
    kind: 'error',
    text: `${loaded}, ${parts.join(', ')}, but ${differed.length} of ${compared} did not give the result recorded in the link: ${listed.join('; ')}${more}. The history shows what each gave here.`,
  };
}

/** How the notice names each backend. */
const BACKEND_NAMES: Readonly<Record<ScenarioBackend, string>> = {
  embedded: 'the embedded shell',
  webcontainer: 'the WebContainer backend',
  host: "a host application's own workspace",
};

/**
 * Why the replay may not reproduce the link when it was made on another backend than this page's;
 * `null` when it was not, or when the link does not say (made before links recorded it).
 */
export function backendMismatchText(
  recorded: ScenarioBackend | undefined,
  current: ScenarioBackend,
): string | null {
  if (recorded === undefined || recorded === current) return null;
  return `This link was made on ${BACKEND_NAMES[recorded]}; this page runs ${BACKEND_NAMES[current]}, so its results may differ.`;
}

/** A replay's notice with the backend mismatch in front, and then never green. */
export function withBackendMismatch(
  notice: { kind: ReplayNoticeKind; text: string },
  mismatch: string | null,
): { kind: ReplayNoticeKind; text: string } {
  return mismatch === null ? notice : { kind: 'error', text: `${mismatch} ${notice.text}` };
}

/** The words of the action that switches this page to `kind` and replays the link. */
export const switchLabel = (kind: 'embedded' | 'webcontainer'): string =>
  kind === 'webcontainer'
    ? 'Switch to the WebContainer and run the link again'
    : 'Switch to the embedded shell and run the link again';

/**
 * The switch to the link's backend, when both are ones this page can switch between (a host's
 * workspace has no other backend, and the demo page cannot become a host's).
 */
export function backendActions(
  recorded: ScenarioBackend | undefined,
  current: ScenarioBackend,
  switchTo: (kind: 'embedded' | 'webcontainer') => Promise<void>,
): NoticeAction[] {
  if (recorded === undefined || recorded === current || recorded === 'host' || current === 'host') return [];
  return [{ label: switchLabel(recorded), run: () => switchTo(recorded) }];
}

/** The words of the action that connects a recorded MCP server and replays the link. */
export const connectLabel = (server: ScenarioServer): string =>
  `Connect ${server.url} and run the link again`;

/** The words of the action that replays the link with its stopped calls run too. */
export const RERUN_STOPPED_LABEL = 'Run the link again, stopped calls included';

/** What the notice's actions do: connect a server (then replay), replay with other options. */
export interface ReplayActs {
  connect(server: ScenarioServer): Promise<void>;
  rerun(options: ResetOptions): Promise<void>;
}

/** The recorded servers that contributed a tool a replayed call found missing (UNKNOWN_TOOL). */
function missingServers(
  servers: readonly ScenarioServer[],
  replayed: readonly ReplayedCall[],
): ScenarioServer[] {
  const missing = new Set<ScenarioServer>();
  for (const { tool, result } of replayed) {
    if (recordOf(result).code !== 'UNKNOWN_TOOL') continue;
    const server = servers.find((candidate) => candidate.tools.includes(tool));
    if (server) missing.add(server);
  }
  return [...missing];
}

/** What the notice offers after a replay: connect each missing server; run the stopped calls. */
export function replayActions(
  scenario: Scenario,
  replayed: readonly ReplayedCall[],
  options: ResetOptions,
  acts: ReplayActs,
): NoticeAction[] {
  const actions: NoticeAction[] = missingServers(scenario.servers ?? [], replayed).map((server) => ({
    label: connectLabel(server),
    run: () => acts.connect(server),
  }));
  const stopped = (scenario.calls ?? []).some((call) => wasStopped(call.recorded));
  if (stopped && !options.rerunStopped)
    actions.push({ label: RERUN_STOPPED_LABEL, run: () => acts.rerun({ ...options, rerunStopped: true }) });
  return actions;
}

/** The most lines and characters of a call's new output the notice shows beside its record. */
const SHOWN_LINES = 3;
const SHOWN_CHARS = 300;

/** The differing calls beside their history entries and the start of what they printed here. */
function comparisonsOf(differed: readonly ReplayDifference[], entries: readonly HistoryEntry[]) {
  const comparisons: NoticeComparison[] = [];
  for (const difference of differed.slice(0, 5)) {
    const entry = entries[difference.call - 1];
    if (!entry) continue;
    const lines = entry.result.output.split('\n', SHOWN_LINES).join('\n').slice(0, SHOWN_CHARS);
    comparisons.push({ ...difference, entryId: entry.id, lines });
  }
  return comparisons;
}

/** A history entry as the comparison sees it: the tool it reached, or the name it asked for. */
function replayedOf(entry: HistoryEntry): ReplayedCall {
  const asked = entry.request.kind === 'named' ? entry.request.name : (entry.parsed?.name ?? 'raw call');
  return { tool: entry.invocation?.tool ?? asked, result: entry.result, activated: entry.activated };
}

/**
 * Rebuilds `scenario` and runs its calls, then says how it went: the notice, its actions and the
 * calls that differed. A connect or a re-run from the notice comes back here.
 */
export async function replayLink(
  playground: Playground,
  scenario: Scenario,
  options: ResetOptions = {},
): Promise<void> {
  try {
    const entries = await playground.reset(scenario, options);
    const loaded = `Loaded the scenario from the link: ${plural(Object.keys(scenario.files ?? {}).length, 'file')}, ${plural(scenario.tools?.length ?? 0, 'registered tool')}`;
    // In the order the link's calls ran.
    const replayed = entries.map(replayedOf);
    const calls = scenario.calls ?? [];
    const current = playground.backendKind();
    const notice = withBackendMismatch(
      replayNotice(loaded, calls, replayed, options),
      backendMismatchText(scenario.backend, current),
    );
    const actions = [
      ...backendActions(scenario.backend, current, (kind) =>
        switchAndReplay(playground, scenario, kind, options),
      ),
      ...replayActions(scenario, replayed, options, {
        connect: (server) => connectAndReplay(playground, scenario, server, options),
        rerun: (next) => replayLink(playground, scenario, next),
      }),
    ];
    const { differed } = replayDifferences(calls, replayed, options);
    playground.notify(notice.kind, notice.text, { actions, comparisons: comparisonsOf(differed, entries) });
  } catch (error) {
    playground.notify('error', `The scenario of this link could not be rebuilt: ${errorMessage(error)}`);
  }
}

/** The notice's current actions and comparisons, kept when an action failed. */
function keptExtras(playground: Playground) {
  const before = playground.page.getState().notice;
  return {
    ...(before?.actions ? { actions: before.actions } : {}),
    ...(before?.comparisons ? { comparisons: before.comparisons } : {}),
  };
}

/** Why the page is not on `kind` after it was asked to switch, in the words of the backend status. */
export function switchFailure(
  kind: 'embedded' | 'webcontainer',
  state: { fallbackReason: string | null; message: string },
): string {
  return kind === 'webcontainer'
    ? `WebContainer unavailable: the page keeps the embedded shell. ${state.fallbackReason ?? state.message}`
    : `The page could not switch to the embedded shell. ${state.message}`;
}

/**
 * Switches the page to the backend the link was made on, then replays the link. A WebContainer that
 * does not start (the page falls back to the embedded shell) is said in the backend's own words.
 */
async function switchAndReplay(
  playground: Playground,
  scenario: Scenario,
  kind: 'embedded' | 'webcontainer',
  options: ResetOptions,
): Promise<void> {
  const { backend } = playground;
  await (kind === 'webcontainer' ? backend.switchToWebContainer() : backend.switchToEmbedded());
  if (playground.backendKind() !== kind) {
    playground.notify(
      'error',
      `${switchFailure(kind, backend.store.getState())} The link was not run again.`,
      keptExtras(playground),
    );
    return;
  }
  await replayLink(playground, scenario, options);
}

/**
 * Connects `server` as the link recorded it (no headers: a link never holds them), then replays the
 * link. A failed connection shows the MCP store's own words and keeps the notice's actions.
 */
async function connectAndReplay(
  playground: Playground,
  scenario: Scenario,
  server: ScenarioServer,
  options: ResetOptions,
): Promise<void> {
  const { mcpStoreOf } = await import('./mcp-store.ts');
  try {
    await mcpStoreOf(playground).connect({
      url: server.url,
      ...(server.prefix ? { prefix: server.prefix } : {}),
    });
  } catch (error) {
    playground.notify('error', `${errorMessage(error)} The link was not run again.`, keptExtras(playground));
    return;
  }
  await replayLink(playground, scenario, options);
}
