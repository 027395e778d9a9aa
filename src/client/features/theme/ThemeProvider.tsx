import { createContext, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_THEME, STORAGE_KEYS, THEMES, type ThemeChoice } from '@shared/storage-keys';
import type { ResolvedTheme } from '@shared/mermaid-config';
import { storage } from '@/lib/storage';

export interface ThemeState {
  choice: ThemeChoice;
  resolved: ResolvedTheme;
  setChoice: (choice: ThemeChoice) => void;
}

export const ThemeContext = createContext<ThemeState | null>(null);

function readStoredChoice(): ThemeChoice {
  const stored = storage.get(STORAGE_KEYS.theme) ?? storage.get(STORAGE_KEYS.themeAlt);
  return THEMES.find((theme) => theme === stored) ?? DEFAULT_THEME;
}

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [choice, setChoiceState] = useState<ThemeChoice>(readStoredChoice);
  const [systemDark, setSystemDark] = useState(() => darkQuery().matches);

  // Under System, follow the operating system's preference live.
  useEffect(() => {
    const query = darkQuery();
    const onChange = (event: MediaQueryListEvent) => setSystemDark(event.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const resolved: ResolvedTheme =
    choice === 'dark' || (choice === 'system' && systemDark) ? 'dark' : 'light';

  useEffect(() => {
    const root = document.documentElement;
    root.classList.remove('light', 'dark');
    root.classList.add(resolved);
    root.style.colorScheme = resolved;
  }, [resolved]);

  const setChoice = useCallback((next: ThemeChoice) => {
    storage.set(STORAGE_KEYS.theme, next);
    setChoiceState(next);
  }, []);

  const value = useMemo(() => ({ choice, resolved, setChoice }), [choice, resolved, setChoice]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}
