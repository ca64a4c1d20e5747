import { THEMES, type Theme, useTheme } from '../../hooks/use-theme.ts';
import controls from '../shared/controls.module.css';

const LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };

/** Light, dark, or the system's choice; remembered in this browser. Absent when the host set the theme. */
export function ThemeToggle() {
  const { theme, choose } = useTheme();
  if (!choose) return null;
  return (
    <fieldset className={controls.segmented} data-testid="theme-toggle">
      <legend>Theme</legend>
      {THEMES.map((option) => (
        <button key={option} type="button" aria-pressed={theme === option} onClick={() => choose(option)}>
          {LABELS[option]}
        </button>
      ))}
    </fieldset>
  );
}
