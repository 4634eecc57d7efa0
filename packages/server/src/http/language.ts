import type { IncomingHttpHeaders } from 'node:http';

export type Lang = 'zh' | 'en';

/** Chinese is the product's source and fallback language; English when the client ranks it above Chinese. */
export function requestLang(req: { headers: IncomingHttpHeaders }): Lang {
  const header = req.headers['accept-language'];
  if (typeof header !== 'string' || header === '') return 'zh';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag.startsWith('zh')) return 'zh';
    if (tag.startsWith('en')) return 'en';
  }
  return 'zh';
}
