import { Box } from '@mui/material';
import { useEffect, useRef } from 'react';

interface TurnstileApi {
  render(el: HTMLElement, options: { sitekey: string; callback: (token: string) => void }): string;
  remove(id: string): void;
}

const SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

function loadScript(): Promise<TurnstileApi> {
  const w = window as unknown as { turnstile?: TurnstileApi };
  if (w.turnstile) return Promise.resolve(w.turnstile);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT;
    script.async = true;
    script.onload = () => (w.turnstile ? resolve(w.turnstile) : reject(new Error('turnstile')));
    script.onerror = reject;
    document.head.appendChild(script);
  });
}

/** The human-verification widget, rendered only when the site enables it (status.turnstile_check). */
export function Turnstile({ siteKey, onToken }: { siteKey: string; onToken: (token: string) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let id: string | undefined;
    let api: TurnstileApi | undefined;
    loadScript()
      .then((loaded) => {
        api = loaded;
        if (ref.current) id = loaded.render(ref.current, { sitekey: siteKey, callback: onToken });
      })
      .catch(() => {});
    return () => {
      if (api && id) api.remove(id);
    };
  }, [siteKey, onToken]);
  return <Box ref={ref} sx={{ my: 1, minHeight: 65 }} data-testid="turnstile" />;
}
