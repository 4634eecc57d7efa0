import { CssBaseline, ThemeProvider, useMediaQuery } from '@mui/material';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { readItem, STORAGE_KEYS, writeItem } from '../lib/storage';
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
  const mode: ColorMode = stored ?? (prefersDark ? 'dark' : 'light');
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
