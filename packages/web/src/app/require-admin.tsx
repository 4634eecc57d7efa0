import { Outlet } from 'react-router-dom';
import { isAdmin, isRoot, useUser } from '../lib/session';
import { NotFound } from './not-found';

/**
 * Admin screens answer a normal user with the not-found page rather than an empty table: new-api's console
 * renders them and lets every call fail, which tells a user nothing. The server refuses the calls anyway.
 */
export function RequireAdmin() {
  const user = useUser();
  if (!isAdmin(user)) return <NotFound />;
  return <Outlet />;
}

/** The same for the super admin's screens (the audit trail); the server allows their calls to root alone. */
export function RequireRoot() {
  const user = useUser();
  if (!isRoot(user)) return <NotFound />;
  return <Outlet />;
}
