import { createContext, useContext } from 'react';

/**
 * True in the server's first pass over a page, which only finds out what the page needs (its lazy modules and
 * queries): components that are costly to draw and need nothing themselves draw nothing then (the shell's
 * chrome, the tables).
 */
export const DiscoveryPass = createContext(false);

export function useDiscoveryPass(): boolean {
  return useContext(DiscoveryPass);
}
