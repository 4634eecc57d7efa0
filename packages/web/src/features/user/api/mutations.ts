import { Role, type User, type UserCreateParams, type UserManageAction } from '@switchboard/sdk';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { reportThen, type MutationHandlers } from '../../../lib/mutation-handlers';
import { sdk } from '../../../lib/sdk';
import { userKeys } from './keys';

type ListData = { items: User[]; total: number | undefined; hasNext: boolean };

/** Writes a manage answer into every cached list page holding the user, so the row changes at once. */
function patchRow(queryClient: QueryClient, id: number, patch: Partial<User>): void {
  queryClient.setQueriesData<ListData>({ queryKey: userKeys.lists }, (data) =>
    data && data.items.some((u) => u.id === id)
      ? { ...data, items: data.items.map((u) => (u.id === id ? { ...u, ...patch } : u)) }
      : data,
  );
}

/**
 * Applies a manage action (promote, demote, disable, enable, delete) to users one after the other. Each
 * row takes its new role and status from the answer; a deleted row is marked deleted (spec §4).
 */
export function useManageUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, action }: { ids: number[]; action: UserManageAction }) => {
      const client = await sdk();
      for (const id of ids) {
        const result = await client.users.manage(id, action);
        patchRow(queryClient, id, {
          role: result.role,
          status: result.status,
          ...(action === 'delete' ? { DeletedAt: new Date().toISOString() } : {}),
        });
      }
      return ids.length;
    },
    onSettled: (_data, _error, { ids }) => {
      for (const id of ids) void queryClient.invalidateQueries({ queryKey: userKeys.detail(id) });
    },
  });
}

/**
 * Creates a user. new-api always creates a common user, so an admin role chosen by the super admin is
 * applied with a promote right after (found by the new, unique username).
 */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (params: UserCreateParams) => {
      const client = await sdk();
      await client.users.create({ ...params, role: Role.Common });
      if ((params.role ?? Role.Common) < Role.Admin) return;
      const found = await client.users.search({ keyword: params.username, page: 1, pageSize: 10 });
      const created = found.items.find((u) => u.username === params.username);
      if (created) await client.users.promote(created.id);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
    meta: { silent: true },
  });
}

export interface UserSave {
  /** undefined saves the signed-in user (`PUT /api/user/self`). */
  id: number | undefined;
  username: string;
  display_name: string;
  password: string;
  original_password?: string;
  group?: string;
  quota?: number;
  /** The user's budget per period (admin edit only). */
  budget?: {
    period: '' | 'day' | 'week' | 'month' | 'rolling_day';
    period_quota: number;
    period_requests: number;
  };
}

/** Saves the editor; an admin edit sends username, display name, group and quota together (new-api writes all four). */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, password, original_password, group, quota, budget, ...names }: UserSave) => {
      const client = await sdk();
      const pw = password ? { password } : {};
      if (id === undefined)
        await client.users.self.update({
          ...names,
          ...pw,
          ...(password && original_password ? { original_password } : {}),
        });
      else
        await client.users.update(id, {
          ...names,
          ...pw,
          ...(group !== undefined ? { group } : {}),
          ...(quota !== undefined ? { quota } : {}),
          ...budget,
        });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
    meta: { silent: true },
  });
}

/**
 * Adds `delta` (may be negative) to a user's quota, read fresh from the server first. The dialog's Cancel
 * stays open while it runs and resets the mutation, which drops `mutate()`'s callbacks: the new quota is
 * reported through the handlers, or a quota added after Cancel would go unsaid.
 */
export function useAddQuota(handlers: MutationHandlers<number, { id: number; delta: number }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, delta }: { id: number; delta: number }) => {
      const client = await sdk();
      const user = await client.users.get(id);
      const quota = user.quota + delta;
      await client.users.update(id, {
        username: user.username,
        display_name: user.display_name,
        group: user.group,
        quota,
      });
      patchRow(queryClient, id, { quota });
      return quota;
    },
    ...reportThen(handlers),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
    meta: { silent: true },
  });
}
