import { parseLogOther, type Log } from '@switchboard/sdk';
import i18n from '../../lib/i18n';
import { formatQuota } from '../../lib/format';

const fmt = (n: number | undefined) => String(Number((n ?? 0).toFixed(6)));

/**
 * A readable account of how a consumption log's charge was computed from its `other` JSON: a fixed
 * per-call price times the group ratio, or the token formula of spec §9 with every ratio filled in.
 */
export function describeCharge(log: Log): string[] {
  const other = parseLogOther(log.other);
  const t = i18n.t.bind(i18n);
  const lines: string[] = [];
  const group = other.group_ratio ?? 1;
  if (other.model_price !== undefined && other.model_price >= 0) {
    lines.push(t('log.charge.perCall', { price: fmt(other.model_price), group: fmt(group) }));
  } else if (other.model_ratio !== undefined) {
    const completion = other.completion_ratio ?? 1;
    lines.push(
      t('log.charge.formula', {
        model: fmt(other.model_ratio),
        group: fmt(group),
        prompt: log.prompt_tokens,
        completion: log.completion_tokens,
        completionRatio: fmt(completion),
      }),
    );
    if (other.cache_tokens)
      lines.push(t('log.charge.cache', { tokens: other.cache_tokens, ratio: fmt(other.cache_ratio) }));
    if (other.audio_input || other.audio_output)
      lines.push(
        t('log.charge.audio', {
          input: other.audio_input ?? 0,
          output: other.audio_output ?? 0,
          ratio: fmt(other.audio_ratio),
        }),
      );
  }
  if (lines.length)
    lines.push(t('log.charge.total', { quota: log.quota, amount: formatQuota(log.quota, 6) }));
  if (other.frt !== undefined && other.frt >= 0)
    lines.push(t('log.charge.firstToken', { seconds: (other.frt / 1000).toFixed(2) }));
  if (other.is_model_mapped && other.upstream_model_name)
    lines.push(t('log.charge.mapped', { model: other.upstream_model_name }));
  if (other.reasoning_effort) lines.push(t('log.charge.reasoning', { effort: other.reasoning_effort }));
  return lines;
}
