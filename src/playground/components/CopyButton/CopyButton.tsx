import { useState } from 'react';

export interface CopyButtonProps {
  /** The text to copy, computed when clicked. */
  text: () => string;
  label: string;
  testId?: string;
}

/** Copies text to the clipboard and says whether it worked. */
export function CopyButton({ text, label, testId }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text());
      setState('copied');
    } catch {
      setState('failed');
    }
    setTimeout(() => setState('idle'), 2000);
  };
  return (
    <button type="button" onClick={() => void copy()} data-testid={testId}>
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : label}
    </button>
  );
}
