import { z } from 'zod';
import { msg } from '../i18n/translate.js';
import { intField, orDefault, QuotaSchema } from './common.js';

/** A budget's period: '' none, a calendar day, week (from Monday) or month in the server's zone, or the last 24 h. */
export const BUDGET_PERIODS = ['', 'day', 'week', 'month', 'rolling_day'] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];

export const BudgetPeriodSchema = z.enum(BUDGET_PERIODS, { error: msg('budget.invalidPeriod') });

/** A count of requests or tokens: a whole number, 0 (no limit) or more. */
export const LimitSchema = intField(msg('budget.invalidLimit')).pipe(
  z.number().min(0, msg('budget.invalidLimit')).max(1e15, msg('budget.invalidLimit')),
);

/**
 * Budget fields of a token or user as the server answers them (Switchboard's additions: a new-api server omits
 * them, and they read as no budget).
 */
export const budgetFields = {
  /** '' (none), day, week, month or rolling_day. */
  period: orDefault(z.string(), ''),
  /** Quota per period, 0 = no limit. */
  period_quota: orDefault(z.number(), 0),
  /** Requests per period, 0 = no limit. */
  period_requests: orDefault(z.number(), 0),
  /** Read-only: spent in the current period (settled requests). */
  period_used_quota: orDefault(z.number(), 0),
  period_used_requests: orDefault(z.number(), 0),
  /** Read-only: unix seconds the current period ends (0 without a period). */
  period_reset_time: orDefault(z.number(), 0),
};

/** Caps of a token, as answered: 0 = no limit. */
export const tokenCapFields = {
  max_concurrency: orDefault(z.number(), 0),
  rpm_limit: orDefault(z.number(), 0),
  tpm_limit: orDefault(z.number(), 0),
};

/** Budget fields a create or update may send (all optional on update). */
export const budgetParams = {
  period: BudgetPeriodSchema.optional(),
  period_quota: QuotaSchema.optional(),
  period_requests: LimitSchema.optional(),
};

export const tokenCapParams = {
  max_concurrency: LimitSchema.optional(),
  rpm_limit: LimitSchema.optional(),
  tpm_limit: LimitSchema.optional(),
};
