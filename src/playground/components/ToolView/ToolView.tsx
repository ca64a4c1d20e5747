import { useEffect, useMemo, useRef } from 'react';
import { usePlayground } from '../../hooks/use-playground.ts';
import { useStoreState } from '../../hooks/use-store-state.ts';
import { DECLARATION_FORMATS, toFormat } from '../../state/declarations-store.ts';
import { formatLabel } from '../../state/format-labels.ts';
import { formatCount, prettyJson } from '../../state/text.ts';
import { EffectBadges } from '../CatalogPanel/EffectBadges.tsx';
import textStyles from '../shared/text.module.css';
import { TextView } from '../TextView/TextView.tsx';
import styles from './ToolView.module.css';

/** The tokens of one tool's declaration in each format (`null` until the tokenizer has loaded). */
function TokensPerFormat({ name }: { name: string }) {
  const { declarations, runtime } = usePlayground();
  const { providers } = useStoreState(declarations.store);
  const { suite } = useStoreState(runtime.store);
  const spec = suite.get(name)?.spec;
  const counts = useMemo(
    () =>
      providers && spec
        ? DECLARATION_FORMATS.map((format) => ({
            format,
            tokens: providers.countTokens(toFormat(providers, [spec], format)),
          }))
        : null,
    [providers, spec],
  );
  if (counts === null) return <p className={textStyles.note}>Counting tokens…</p>;
  return (
    <table className={styles.tokens} data-testid="tool-view-tokens">
      <tbody>
        {counts.map(({ format, tokens }) => (
          <tr key={format} data-format={format}>
            <th scope="row">{formatLabel(format)}</th>
            <td>{formatCount(tokens)} tokens</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * One tool, opened from the declarations or the catalog: its mode, effects, parameter schema, and the
 * tokens its declaration costs in each format. A modal dialog; Escape or Close closes it.
 */
export function ToolView() {
  const { catalog, runtime } = usePlayground();
  const { viewing, rows } = useStoreState(catalog.store);
  const { suite } = useStoreState(runtime.store);
  const dialog = useRef<HTMLDialogElement | null>(null);
  const row = rows.find((candidate) => candidate.name === viewing);
  const spec = viewing === null ? undefined : suite.get(viewing)?.spec;
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (row && !element.open) element.showModal();
    if (!row && element.open) element.close();
  }, [row]);
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      data-testid="tool-view"
      aria-labelledby="tool-view-title"
      onClose={() => catalog.closeTool()}
    >
      {row && spec && (
        <>
          <h2 id="tool-view-title">
            <code>{row.name}</code>
          </h2>
          <dl className={styles.facts}>
            <dt>mode</dt>
            <dd data-testid="tool-view-mode">{row.mode}</dd>
            <dt>effects</dt>
            <dd data-testid="tool-view-effects">
              <EffectBadges effects={row.effects} />
            </dd>
          </dl>
          <p className={styles.description}>{spec.description}</p>
          <h3>Parameters</h3>
          <TextView
            text={prettyJson(spec.parameters)}
            label={`Parameter schema of ${row.name}`}
            testId="tool-view-schema"
          />
          <h3>Tokens of its declaration</h3>
          <TokensPerFormat name={row.name} />
          <form method="dialog">
            <button type="submit">Close</button>
          </form>
        </>
      )}
    </dialog>
  );
}
