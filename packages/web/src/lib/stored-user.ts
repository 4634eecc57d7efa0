import type { SessionUser } from '@switchboard/sdk';

/** The signed-in user as stored locally (spec §4: stored on login, cleared on logout or a 401). */
export type StoredUser = Pick<SessionUser, 'id' | 'username' | 'display_name' | 'role' | 'status' | 'group'>;
