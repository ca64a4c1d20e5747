import { usePlayground } from '../../hooks/use-playground.ts';
import { formatLabel } from '../../state/format-labels.ts';
import type { CallRecord } from '../../state/runtime.ts';
import { prettyJson, shortJson } from '../../state/text.ts';
import { Badge } from '../Badge/Badge.tsx';
import { CopyButton } from '../CopyButton/CopyButton.tsx';
import { JsonTree } from '../JsonTree/JsonTree.tsx';
import { PreviewFrame } from '../PreviewFrame/PreviewFrame.tsx';
import controls from '../shared/controls.module.css';
import textStyles from '../shared/text.module.css';
import { VisibleText } from '../VisibleText/VisibleText.tsx';
import { ChannelScope, ChannelSection } from './ChannelSection.tsx';
import { ControlChannel } from './ControlChannel.tsx';
import { DetailsChannel } from './DetailsChannel.tsx';
import { OutputChannel } from './OutputChannel.tsx';
import styles from './ResultChannels.module.css';
import { TruncationNotice } from './TruncationNotice.tsx';

export interface ResultChannelsProps {
  record: CallRecord;
  /** Prefix of the channels' test ids (`''` for the main view). */
  idPrefix?: string;
  /** Words before each region's name (`Replay`), for channels shown beside the result panel's. */
  scope?: string;
}

const errorCode = (record: CallRecord): string | null => {
  const error = record.result.structured_output.error;
  if (typeof error !== 'object' || error === null || Array.isArray(error)) return null;
  const code = (error as Record<string, unknown>).code;
  return typeof code === 'string' ? code : null;
};

/** How the call was sent and what ran: format, name as sent, the tool it resolved to, repaired arguments. */
function CallSummary({ record }: { record: CallRecord }) {
  const sentName = record.request.kind === 'raw' ? record.parsed?.name : record.request.name;
  const resolved = record.invocation?.tool;
  return (
    <div className={styles.callSummary} data-testid="call-summary">
      <p>
        {record.parsed && <Badge>{formatLabel(record.parsed.format)} call</Badge>}{' '}
        <code>
          <VisibleText text={sentName ?? '(no name)'} />
        </code>
        {resolved && resolved !== sentName && (
          <>
            {' '}
            → resolved to <code data-testid="resolved-tool">{resolved}</code>
          </>
        )}
        {record.request.caller === 'codemode' && <Badge>caller: codemode</Badge>}
      </p>
      {record.invocation && (
        <p className={textStyles.note}>
          Arguments the tool received:{' '}
          <code className={styles.arguments} data-testid="received-arguments">
            <VisibleText text={shortJson(record.invocation.arguments, 300)} />
          </code>
        </p>
      )}
    </div>
  );
}

/** The channels of one call: output, structured_output, details, control, and its error state. */
export function ResultChannels({ record, idPrefix = '', scope = '' }: ResultChannelsProps) {
  const { runCall } = usePlayground();
  const { result } = record;
  const code = errorCode(record);
  const openSpill = (path: string) =>
    void runCall({ kind: 'named', name: 'read', args: { path }, caller: 'model' });
  return (
    <div
      className={result.is_error ? styles.error : styles.ok}
      data-testid={`${idPrefix}result`}
      data-error={result.is_error}
    >
      {result.is_error ? (
        <div className={textStyles.errorBanner} role="alert" data-testid={`${idPrefix}error-banner`}>
          <span aria-hidden="true">✕</span> The call failed (<code>is_error: true</code>)
          {code ? (
            <>
              {' '}
              — <code>{code}</code>
            </>
          ) : null}
          . The model reads the output below.
        </div>
      ) : (
        <div className={styles.okBanner}>
          <span aria-hidden="true">✓</span> Succeeded (<code>is_error: false</code>)
        </div>
      )}
      <TruncationNotice details={result.details} onOpenSpill={openSpill} />
      <PreviewFrame details={result.details} testId={`${idPrefix}preview`} />
      <CallSummary record={record} />
      <div className={controls.toolbar}>
        <CopyButton text={() => prettyJson(result)} label="Copy result JSON" />
      </div>
      <div className={styles.scrollArea} data-testid={`${idPrefix}result-scroll`}>
        <ChannelScope.Provider value={scope}>
          <OutputChannel output={result.output} testId={`${idPrefix}channel-output`} />
          <ChannelSection
            name="structured_output"
            audience="for programs"
            testId={`${idPrefix}channel-structured`}
          >
            <JsonTree value={result.structured_output} label="structured_output" />
          </ChannelSection>
          <DetailsChannel
            details={result.details}
            testId={`${idPrefix}channel-details`}
            onOpenSpill={openSpill}
          />
          <ControlChannel control={result.control} testId={`${idPrefix}channel-control`} />
        </ChannelScope.Provider>
      </div>
    </div>
  );
}
