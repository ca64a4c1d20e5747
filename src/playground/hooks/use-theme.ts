import { createContext, useContext } from 'react';

export type Theme = 'light' | 'dark' | 'system';

export const THEMES: readonly Theme[] = ['light', 'dark', 'system'];

/** Where the choice of the theme toggle is kept between visits. */
const STORAGE_KEY = 'browser-agent-tools-playground-theme';

/** The saved theme; `system` when none is saved or storage is unavailable (sandboxed frames). */
export function savedTheme(): Theme {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return THEMES.find((theme) => theme === value) ?? 'system';
  } catch {
    return 'system';
  }
}

/** Remembers `theme` in this browser; `system` forgets the choice. */
export function saveTheme(theme: Theme): void {
  try {
    if (theme === 'system') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // Storage refused (private mode, sandboxed frame): the choice holds for this visit.
  }
}

export interface ThemeChoice {
  readonly theme: Theme;
  /** `null` when the host set the theme: then there is no toggle. */
  readonly choose: ((theme: Theme) => void) | null;
}

/** The theme of the playground around a component; provided by the playground's root. */
export const ThemeContext = createContext<ThemeChoice>({ theme: 'system', choose: null });

export const useTheme = (): ThemeChoice => useContext(ThemeContext);
