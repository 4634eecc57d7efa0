import {
  affordableCompletion,
  maxOutputTokens,
  worstCaseQuota,
  type WorstCaseParams,
} from '@switchboard/sdk';
import type { ChatCall } from '../core/chat-call.js';
import type { Hold } from './holds.js';
import type { Ledger } from './ledger.js';
import type { ResolvedPrice } from './pricing.js';
import type { ChatRequest } from '../providers/types.js';
import { StreamBudget } from './stream-budget.js';
import { promptTokenBound } from './usage-count.js';
import { estimatePromptTokens } from './tokenizer.js';

export interface ChatAdmission {
  hold: Hold;
  /**
   * Completion tokens per choice to ask of the upstream, set when the balance affords fewer than the client
   * asked for (or, when it asked for no limit, fewer than the model's output limit).
   */
  cap?: number;
  /** The request's worst-case pricing, to grow the hold of a stream that outruns it. */
  worst: WorstCaseParams;
  /** Completion tokens, all choices together, that the hold covers. */
  budgetTokens: number;
}

export const positive = (n: unknown): number | undefined =>
  typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;

/**
 * Admits a chat request on its worst case: a bound of its prompt (UTF-8 bytes) plus its completion limit — the
 * client's `max_tokens`, else the model's output limit — at the request's prices. When the free balance cannot
 * pay that, the completion limit drops to what it can pay and is set on the upstream call; when it cannot pay a
 * single token the request is refused. The hold is taken before anything is awaited, so concurrent requests never
 * count the same quota.
 */
export function admitChat(
  ledger: Ledger,
  call: ChatCall,
  price: ResolvedPrice,
  quotaPerUnit: number,
): ChatAdmission | Promise<ChatAdmission> {
  const { request } = call;
  const choices = positive(request.n) ?? 1;
  const worst: WorstCaseParams = { ...price, promptTokens: promptTokenBound(request), choices, quotaPerUnit };
  const limit =
    positive(request.max_completion_tokens) ?? positive(request.max_tokens) ?? maxOutputTokens(request.model);
  const need = worstCaseQuota(worst, limit);
  if (ledger.free(call.caller, call.playground ?? false) >= need) return admit(ledger, call, worst, limit);
  return admitShort(ledger, call, worst, limit, need);
}

/** Models whose tokenizer the relay has (new-api's count is exact for them): OpenAI's own families. */
const OWN_TOKENIZER = /^(gpt-|chatgpt-|o\d)/;

/**
 * A request whose cheap bound does not fit the free balance, before it is capped or refused: this node's slice
 * of the balance grows first (several nodes), then, for text-only prompts to models whose tokenizer the relay
 * has, the prompt is counted exactly instead of bounded by its bytes (about 4× the count for English).
 */
async function admitShort(
  ledger: Ledger,
  call: ChatCall,
  worst: WorstCaseParams,
  limit: number,
  need: number,
): Promise<ChatAdmission> {
  const playground = call.playground ?? false;
  const { caller, request } = call;
  await ledger.ensure(caller, need, playground);
  if (ledger.free(caller, playground) < need && OWN_TOKENIZER.test(request.model) && textOnly(request)) {
    const exact = await estimatePromptTokens(request);
    if (exact < worst.promptTokens) {
      worst = { ...worst, promptTokens: exact };
      need = worstCaseQuota(worst, limit);
    }
  }
  // Short only because of the caller's own requests in flight: wait for them rather than refuse.
  if (ledger.room.enabled && ledger.roomWillCome(caller, need, playground)) {
    const deadline = ledger.room.deadline();
    const keys = ledger.roomKeys(caller, playground);
    while (ledger.free(caller, playground) < need && Date.now() < deadline) {
      if (!ledger.roomWillCome(caller, need, playground) || !(await ledger.room.wait(keys, deadline))) break;
      await ledger.ensure(caller, need, playground);
    }
  }
  return admit(ledger, call, worst, limit);
}

const textOnly = (request: ChatRequest): boolean =>
  request.messages.every((m) => typeof m.content === 'string' || m.content?.every((p) => p.type === 'text'));

/**
 * Admits a request whose worst case is `worst` at `limit` completion tokens per choice (0 for endpoints that
 * produce none), lowering the limit to what the free balance affords.
 */
export function admit(ledger: Ledger, call: ChatCall, worst: WorstCaseParams, limit: number): ChatAdmission {
  const playground = call.playground ?? false;
  const free = ledger.free(call.caller, playground);
  let budget = limit;
  let amount = worstCaseQuota(worst, limit);
  if (amount > free) {
    budget = Math.max(Math.min(1, limit), affordableCompletion(worst, free, limit));
    amount = worstCaseQuota(worst, budget);
  }
  // Throws the user's or the token's "insufficient quota" when not even one token is affordable.
  const hold = ledger.reserve(call.caller, amount, playground);
  const choices = worst.choices ?? 1;
  return { hold, worst, budgetTokens: budget * choices, ...(budget < limit ? { cap: budget } : {}) };
}

/** The guard that grows the hold of a stream outrunning its budget, or says it must be cut. */
export function streamBudgetFor(ledger: Ledger, call: ChatCall, admission: ChatAdmission): StreamBudget {
  const { hold, worst } = admission;
  const perToken = { ...worst, choices: 1 };
  return new StreamBudget(admission.budgetTokens, call.request.model, (tokens) => {
    const extra = worstCaseQuota(perToken, tokens) - hold.amount;
    return extra <= 0 || ledger.extend(call.caller, hold, extra, call.playground ?? false);
  });
}

/** OpenAI's reasoning models take only `max_completion_tokens`. */
const COMPLETION_TOKENS_ONLY = /^(o\d|gpt-5)/;

/** The call with its completion limit lowered to `cap`, in the unified request and in the client's own body. */
export function capCompletion(call: ChatCall, cap: number): ChatCall {
  const req: ChatRequest = { ...call.request };
  const both = req.max_tokens != null && req.max_completion_tokens != null;
  if (req.max_completion_tokens != null || (req.max_tokens == null && COMPLETION_TOKENS_ONLY.test(req.model)))
    req.max_completion_tokens = cap;
  if (req.max_tokens != null || !req.max_completion_tokens || both) req.max_tokens = cap;
  const native = call.native;
  if (!native) return { ...call, request: req };
  const body = { ...native.body };
  if (call.format?.native?.dialect === 'gemini') {
    body.generationConfig = { ...(body.generationConfig as object | undefined), maxOutputTokens: cap };
  } else {
    body.max_tokens = cap;
    const thinking = body.thinking as { type?: string; budget_tokens?: number } | undefined;
    // Claude wants the thinking budget below max_tokens, and at least 1024.
    if (thinking?.budget_tokens && thinking.budget_tokens >= cap && cap > 1024)
      body.thinking = { ...thinking, budget_tokens: cap - 1 };
  }
  return { ...call, request: req, native: { ...native, body } };
}
