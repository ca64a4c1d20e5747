import { useMemo, useState } from 'react';
import { usePlayground } from '../../hooks/use-playground.ts';
import { useStoreState } from '../../hooks/use-store-state.ts';
import { byteLength, formatBytes, formatCount } from '../../state/text.ts';
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

/** Text above this size is not tokenized until asked (it would block the page for a while). */
const TOKENIZE_LIMIT = 256 * 1024;

/** `output`, exactly as the model sees it, with its size and token count. */
export function OutputChannel({ output, testId }: OutputChannelProps) {
  const { declarations } = usePlayground();
  const { providers } = useStoreState(declarations.store);
  const bytes = useMemo(() => byteLength(output), [output]);
  const [exact, setExact] = useState(false);
  const textLabel = useScopedName('Output text');
  const large = output.length > TOKENIZE_LIMIT;
  const tokens = useMemo(
    () => (providers && (!large || exact) ? providers.countTokens(output) : null),
    [providers, output, large, exact],
  );
  return (
    <ChannelSection name="output" audience="for the model" testId={testId}>
      <p className={styles.meta}>
        <span data-testid="output-size">{formatBytes(bytes)}</span> ·{' '}
        <span data-testid="output-tokens">
          {tokens !== null
            ? `${formatCount(tokens)} tokens`
            : large && providers
              ? `about ${formatCount(Math.round(bytes / 4))} tokens (estimated)`
              : 'counting tokens…'}
        </span>
        {large && providers && tokens === null && (
          <button type="button" className={controls.link} onClick={() => setExact(true)}>
            count exactly
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
