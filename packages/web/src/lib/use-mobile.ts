import { MOBILE_MAX_WIDTH } from '@switchboard/sdk';
import { useMediaQuery } from '@mui/material';

/** True at a width of 600 px or less (spec §9): tables become cards, the side menu becomes a drawer. */
export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width:${MOBILE_MAX_WIDTH}px)`, { noSsr: true });
}
