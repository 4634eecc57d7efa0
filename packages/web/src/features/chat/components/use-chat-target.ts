import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { notify } from '../../../lib/notify';
import { useEnabledKey } from '../api/queries';

/** The key for chat links; with none enabled, says so and goes to /token after 1.5 s (spec §8). */
export function useChatKey(): string | null | undefined {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const key = useEnabledKey();
  useEffect(() => {
    if (key.data !== null) return;
    notify('warning', t('chat.noToken'));
    const timer = setTimeout(() => void navigate('/token'), 1500);
    return () => clearTimeout(timer);
  }, [key.data, navigate, t]);
  return key.data;
}
