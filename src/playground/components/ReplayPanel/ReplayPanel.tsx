import { use, useId } from 'react';
import { usePlayground } from '../../hooks/use-playground.ts';
import { useStoreState } from '../../hooks/use-store-state.ts';
import type { ReplayState, ReplayStep, ReplayStore } from '../../state/replay-store.ts';
import { Badge } from '../Badge/Badge.tsx';
import historyStyles from '../HistoryPanel/HistoryPanel.module.css';
import { Panel } from '../Panel/Panel.tsx';
import { ResultChannels } from '../ResultChannels/ResultChannels.tsx';
import chips from '../shared/chips.module.css';
import controls from '../shared/controls.module.css';
import textStyles from '../shared/text.module.css';
import { VisibleText } from '../VisibleText/VisibleText.tsx';
import styles from './ReplayPanel.module.css';

interface ReplayPartProps {
  replay: ReplayStore;
  state: ReplayState;
}

/** Buttons that load the shipped example transcripts. */
function ReplayExamples({ replay }: { replay: ReplayStore }) {
  return (
    <div className={controls.toolbar}>
      <span className={textStyles.note}>Examples:</span>
      {replay.examples.map((example) => (
        <button
          key={example.id}
          type="button"
          title={example.description}
          onClick={() => replay.loadExample(example.id)}
          data-example={example.id}
        >
          {example.title}
        </button>
      ))}
    </div>
  );
}

/** Load, step, run all, and how far the replay is. */
function ReplayControls({ replay, state }: ReplayPartProps) {
  const done = state.steps.length > 0 && state.position >= state.steps.length;
  return (
    <div className={controls.toolbar}>
      <button type="button" onClick={() => replay.load()} disabled={state.running}>
        Load
      </button>
      <button
        type="button"
        className={controls.primary}
        data-testid="replay-step"
        onClick={() => void replay.step()}
        disabled={state.running || done}
      >
        {state.position === 0 ? 'Start: step 1' : `Step ${state.position + 1}`}
      </button>
      <button type="button" onClick={() => void replay.runAll()} disabled={state.running || done}>
        Run all
      </button>
      <span className={textStyles.note} role="status">
        {state.steps.length > 0 ? `${state.position} of ${state.steps.length} steps run` : ''}
        {state.position === 0 && state.steps.length > 0 ? ' · starting resets the session and the files' : ''}
      </span>
    </div>
  );
}

/** The steps as buttons (enabled once run) with their format, tool and outcome. */
function ReplaySteps({ replay, state }: ReplayPartProps) {
  return (
    <ol className={styles.steps} aria-label="Transcript steps">
      {state.steps.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: steps are positional
        <li key={index} data-testid="replay-step-item" data-done={item.result !== null}>
          <button
            type="button"
            aria-pressed={state.selected === index}
            onClick={() => replay.select(index)}
            disabled={item.result === null}
          >
            <span className={historyStyles.id}>{index + 1}</span> <Badge>{item.format}</Badge>{' '}
            <code>
              <VisibleText text={item.name ?? '(no name)'} />
            </code>
            {item.result?.is_error && (
              <Badge tone="error" testId="error-badge">
                error
              </Badge>
            )}
            {item.result && !item.result.is_error && <Badge tone="read">ok</Badge>}
          </button>
        </li>
      ))}
    </ol>
  );
}

/** The selected step: the declarations the model had, what its call activated, and its channels. */
function ReplayDetail({ step, number }: { step: ReplayStep; number: number }) {
  const { entries } = useStoreState(usePlayground().history.store);
  const entry =
    step.entryId == null ? null : (entries.find((candidate) => candidate.id === step.entryId) ?? null);
  return (
    <div className={styles.detail} data-testid="replay-detail">
      <h3>Step {number}: declarations the model had</h3>
      <ul className={chips.chips} data-testid="replay-declarations">
        {(step.declarations ?? []).map((name) => (
          <li key={name} className={chips.chip}>
            {name}
          </li>
        ))}
      </ul>
      {step.added.length > 0 && (
        <p className={styles.added} data-testid="replay-added">
          This call activated: {step.added.map((name) => `+ ${name}`).join(', ')}
        </p>
      )}
      {entry && <ResultChannels record={entry} idPrefix="replay-" scope="Replay" key={entry.id} />}
    </div>
  );
}

/**
 * Transcript replay: paste raw calls (any format, mixed), step through them from a fresh session, and
 * see at each step the declarations the model had and the channels that came back.
 */
export function ReplayPanel() {
  const replay = use(usePlayground().replay());
  const state = useStoreState(replay.store);
  const textId = useId();
  const step = state.selected === null ? null : state.steps[state.selected];
  return (
    <Panel title="Transcript replay" testId="replay" className={styles.replay}>
      <ReplayExamples replay={replay} />
      <label htmlFor={textId}>
        Raw calls, as a JSON list (mixed formats allowed; <code>{'{{previous.details.spilled_path}}'}</code>{' '}
        refers to an earlier result)
      </label>
      <textarea
        id={textId}
        className={controls.codeInput}
        rows={8}
        spellCheck={false}
        value={state.text}
        onChange={(event) => replay.setText(event.target.value)}
      />
      <ReplayControls replay={replay} state={state} />
      {state.error && (
        <p className={textStyles.error} role="alert">
          {state.error}
        </p>
      )}
      {state.steps.length > 0 && <ReplaySteps replay={replay} state={state} />}
      {step?.declarations && <ReplayDetail step={step} number={(state.selected ?? 0) + 1} />}
    </Panel>
  );
}
