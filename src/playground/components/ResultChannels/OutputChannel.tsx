import { useMemo, useState } from 'react';
import { formatSize } from '../../../shared/index.ts';
import { type OutputTokens, useOutputTokens } from '../../hooks/use-output-tokens.ts';
import { usePlayground } from '../../hooks/use-playground.ts';
import { useStoreState } from '../../hooks/use-store-state.ts';
import { byteLength, formatCount } from '../../state/text.ts';
import { CopyButton } from '../CopyButton/CopyButton.tsx';
import controls from '../shared/controls.module.css';
import textStyles from '../shared/text.module.css';
import { TextView } from '../TextView/TextView.tsx';
import { ChannelSection, useScopedName } from './ChannelSection.tsx';
import styles from './ResultChannels.module.css';

export interface OutputChannelProps {
  output: string;
  testId: string;
}

/** The token figure: exact, an estimate with the most it may be off by, or why there is none yet. */
function tokenText(tokens: OutputTokens, bytes: number): string {
  if (tokens.state === 'counting') return 'counting tokens…';
  if (tokens.state === 'not-counted') return `tokens not counted (${formatSize(bytes)})`;
  const { count } = tokens;
  return count.exact
    ? `${formatCount(count.tokens)} tokens`
    : `about ${formatCount(count.tokens)} tokens (estimated, ±${formatCount(count.error)}: lines without word breaks were counted in pieces)`;
}

/** `output`, exactly as the model sees it, with its size and token count. */
export function OutputChannel({ output, testId }: OutputChannelProps) {
  const { declarations } = usePlayground();
  const { providers } = useStoreState(declarations.store);
  const bytes = useMemo(() => byteLength(output), [output]);
  const [asked, setAsked] = useState(false);
  const textLabel = useScopedName('Output text');
  const tokens = useOutputTokens(output, providers?.countTokens ?? null, asked);
  return (
    <ChannelSection name="output" audience="for the model" testId={testId}>
      <p className={styles.meta}>
        <span data-testid="output-size">{formatSize(bytes)}</span> ·{' '}
        <span
          data-testid="output-tokens"
          data-state={tokens.state === 'counted' ? (tokens.count.exact ? 'exact' : 'estimate') : tokens.state}
        >
          {tokenText(tokens, bytes)}
        </span>
        {tokens.state === 'not-counted' && (
          <button type="button" className={controls.link} onClick={() => setAsked(true)}>
            count them
          </button>
        )}{' '}
        <CopyButton text={() => output} label="Copy output" />
      </p>
      {output === '' ? (
        <p className={textStyles.note}>(empty)</p>
      ) : (
        <TextView text={output} label={textLabel} />
      )}
    </ChannelSection>
  );
}
