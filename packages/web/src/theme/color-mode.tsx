import { CssBaseline, ThemeProvider, useMediaQuery } from '@mui/material';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { readItem, RESOLVED_THEME_KEY, STORAGE_KEYS, writeItem } from '../lib/storage';
import { createAppTheme, type ColorMode } from './theme';

interface ColorModeValue {
  mode: ColorMode;
  /** Whether the user chose; until then the mode follows the system. */
  chosen: boolean;
  toggle(): void;
}

const ColorModeContext = createContext<ColorModeValue>({ mode: 'light', chosen: false, toggle: () => {} });

export function useColorMode(): ColorModeValue {
  return useContext(ColorModeContext);
}

/** Light or dark, following the system until the user picks one (then remembered). */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const [stored, setStored] = useState<ColorMode | null>(() => {
    const value = readItem(STORAGE_KEYS.themeMode);
    return value === 'light' || value === 'dark' ? value : null;
  });
  // A server render cannot ask the browser: it draws the mode the console last resolved there.
  const systemDark = globalThis.document ? prefersDark : readItem(RESOLVED_THEME_KEY) === 'dark';
  const mode: ColorMode = stored ?? (systemDark ? 'dark' : 'light');
  useEffect(() => {
    if (stored === null) writeItem(RESOLVED_THEME_KEY, mode);
  }, [mode, stored]);
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  const value = useMemo<ColorModeValue>(
    () => ({
      mode,
      chosen: stored !== null,
      toggle: () => {
        const next = mode === 'light' ? 'dark' : 'light';
        writeItem(STORAGE_KEYS.themeMode, next);
        setStored(next);
      },
    }),
    [mode, stored],
  );
  return (
    <ColorModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ColorModeContext.Provider>
  );
}
