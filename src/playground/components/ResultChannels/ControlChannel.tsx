import type { ToolControl } from 'browser-agent-tools';
import { prettyJson } from '../../state/text.ts';
import chips from '../shared/chips.module.css';
import textStyles from '../shared/text.module.css';
import { TextView } from '../TextView/TextView.tsx';
import { VisibleText } from '../VisibleText/VisibleText.tsx';
import { ChannelSection } from './ChannelSection.tsx';
import styles from './ResultChannels.module.css';

export interface ControlChannelProps {
  control: ToolControl | undefined;
  testId: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `control`: `add_tools` as chips, `handoff` and `terminate` as banners. */
export function ControlChannel({ control, testId }: ControlChannelProps) {
  const addTools = Array.isArray(control?.add_tools) ? control.add_tools : [];
  const handoff = isRecord(control?.handoff) ? control.handoff : null;
  // `terminate: true` (no reason) ends the session just as `{ reason }` does.
  const terminate =
    control?.terminate === true ? {} : isRecord(control?.terminate) ? control.terminate : null;
  const empty = addTools.length === 0 && !handoff && !terminate;
  return (
    <ChannelSection name="control" audience="for the agent loop" testId={testId}>
      {empty && <p className={textStyles.note}>No control directives.</p>}
      {addTools.length > 0 && (
        <div>
          <p className={textStyles.note}>add_tools: activated for the next request</p>
          <ul className={chips.chips} data-testid="add-tools">
            {addTools.map((spec, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: a list may name a tool twice
                key={`${String(spec.name)}-${index}`}
                className={chips.chip}
                title={typeof spec.description === 'string' ? spec.description : ''}
              >
                <span aria-hidden="true">+ </span>
                <VisibleText text={String(spec.name)} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {handoff && (
        <div className={`${styles.banner} ${styles.handoff}`} data-testid="handoff-banner">
          <strong>Handoff</strong> to <VisibleText text={String(handoff.to)} />
          {typeof handoff.reason === 'string' && (
            <>
              : <VisibleText text={handoff.reason} />
            </>
          )}
          {handoff.payload !== undefined && (
            <TextView text={prettyJson(handoff.payload)} label="Handoff payload" />
          )}
        </div>
      )}
      {terminate && (
        <div className={`${styles.banner} ${styles.terminate}`} data-testid="terminate-banner">
          <strong>Session terminated</strong>
          {typeof terminate.reason === 'string' && (
            <>
              : <VisibleText text={terminate.reason} />
            </>
          )}
          . Later calls in this session return an error; start a new session to go on.
        </div>
      )}
    </ChannelSection>
  );
}
