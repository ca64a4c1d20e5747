import { useState } from 'react';
import controls from '../shared/controls.module.css';

export type Theme = 'light' | 'dark' | 'system';

const THEMES: readonly Theme[] = ['light', 'dark', 'system'];
const LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };
/** Where the choice is kept between visits. */
const STORAGE_KEY = 'browser-agent-tools-playground-theme';

/** The saved theme; `system` when none is saved or storage is unavailable (sandboxed frames). */
function savedTheme(): Theme {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return THEMES.find((theme) => theme === value) ?? 'system';
  } catch {
    return 'system';
  }
}

/** Applies `theme` to the page: styles.css reads `data-theme` on the root; none follows the system. */
function applyTheme(theme: Theme): void {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

// Applied when the module loads, so the saved theme shows from the first paint of the app.
applyTheme(savedTheme());

/** Light, dark, or the system's choice; remembered in this browser. */
export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>(savedTheme);
  const choose = (next: Theme) => {
    setTheme(next);
    applyTheme(next);
    try {
      if (next === 'system') localStorage.removeItem(STORAGE_KEY);
      else localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Storage refused (private mode, sandboxed frame): the choice holds for this visit.
    }
  };
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
