/** The OAuth 2 providers whose authorize page the console opens. */
export type OAuthProvider = 'github' | 'linuxdo';

/** The provider's authorize URL, as new-api's console builds it (spec §7: client id and state). */
export function authorizeUrl(provider: OAuthProvider, clientId: string, state: string): string {
  const id = encodeURIComponent(clientId);
  const s = encodeURIComponent(state);
  return provider === 'github'
    ? `https://github.com/login/oauth/authorize?client_id=${id}&state=${s}&scope=user:email`
    : `https://connect.linux.do/oauth2/authorize?response_type=code&client_id=${id}&state=${s}`;
}
