import type { Breakdown } from '../../state/declarations-store.ts';
import { formatCount } from '../../state/text.ts';
import textStyles from '../shared/text.module.css';
import styles from './DeclarationsPanel.module.css';

export interface SavingsTableProps {
  breakdown: Breakdown;
}

const percent = (part: number, whole: number): string =>
  whole === 0 ? '0%' : `${Math.round((part / whole) * 100)}%`;

/** What each exposure mode saves against declaring every registered tool directly. */
export function SavingsTable({ breakdown }: SavingsTableProps) {
  const saved = Math.max(0, breakdown.allDirect - breakdown.declared);
  return (
    <div className={styles.savings} data-testid="savings">
      <p className={textStyles.note} data-testid="savings-summary">
        Declaring all {formatCount(breakdown.modes.reduce((sum, row) => sum + row.tools, 0))} tools directly
        would cost {formatCount(breakdown.allDirect)} tokens; the list above costs{' '}
        {formatCount(breakdown.declared)}. Saved: {formatCount(saved)} tokens (
        {percent(saved, breakdown.allDirect)}).
      </p>
      <table>
        <caption className={textStyles.visuallyHidden}>Tokens saved per exposure mode</caption>
        <thead>
          <tr>
            <th scope="col">Mode</th>
            <th scope="col">Tools</th>
            <th scope="col">Declared</th>
            <th scope="col">Tokens if direct</th>
            <th scope="col">Saved</th>
          </tr>
        </thead>
        <tbody>
          {breakdown.modes.map((row) => (
            <tr key={row.mode} data-mode={row.mode}>
              <th scope="row">{row.mode}</th>
              <td>{formatCount(row.tools)}</td>
              <td>{formatCount(row.declared)}</td>
              <td>{formatCount(row.tokensIfDirect)}</td>
              <td>{formatCount(row.saved)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
