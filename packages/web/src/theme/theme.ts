import { createTheme, type Theme } from '@mui/material/styles';

export type ColorMode = 'light' | 'dark';

/** The one theme of the console: palette per mode plus component overrides shared by every screen. */
export function createAppTheme(mode: ColorMode): Theme {
  return createTheme({
    palette: {
      mode,
      primary: { main: mode === 'light' ? '#1565c0' : '#90caf9' },
      secondary: { main: mode === 'light' ? '#6a1b9a' : '#ce93d8' },
      background:
        mode === 'light'
          ? { default: '#f5f7fa', paper: '#ffffff' }
          : { default: '#121212', paper: '#1e1e1e' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily:
        '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "PingFang SC", "Microsoft YaHei", "Helvetica Neue", Arial, sans-serif',
    },
    components: {
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { textTransform: 'none' } },
      },
      MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
      MuiPaper: { defaultProps: { variant: 'outlined' } },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'default' } },
      MuiChip: { defaultProps: { size: 'small' } },
      MuiTab: { styleOverrides: { root: { textTransform: 'none' } } },
    },
  });
}
