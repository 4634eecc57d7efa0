import { useSyncExternalStore } from 'react';
import { onServer, renderScope } from './render-scope';
import type { StoredUser } from './stored-user';
import { resetSdk } from './sdk';
import { readJson, STORAGE_KEYS, writeJson, writeItem } from './storage';

const listeners = new Set<() => void>();
let current: StoredUser | null = readJson<StoredUser>(STORAGE_KEYS.user);

function emit(): void {
  for (const listener of listeners) listener();
}

export function getUser(): StoredUser | null {
  const scope = renderScope();
  return scope ? scope.user : current;
}

export function setUser(user: StoredUser | null): void {
  // Signing in and out happen in the browser; a render's user is its scope's.
  if (onServer()) return;
  current = user;
  if (user) writeJson(STORAGE_KEYS.user, user);
  else writeItem(STORAGE_KEYS.user, null);
  resetSdk();
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUser(): StoredUser | null {
  return useSyncExternalStore(subscribe, getUser, getUser);
}

export function isAdmin(user: StoredUser | null): boolean {
  return (user?.role ?? 0) >= 10;
}

export function isRoot(user: StoredUser | null): boolean {
  return (user?.role ?? 0) >= 100;
}
