import type { AuditEntry } from '@switchboard/sdk';
import type { TFunction } from 'i18next';
import type { Column } from '../../../components/data-table';
import { formatTime } from '../../../lib/format';

/** The changed field names of an entry (`created`/`deleted` for a whole row). */
export function changedNames(e: AuditEntry, t: TFunction): string {
  if (!e.before && !e.after) return '';
  if (!e.before) return t('audit.list.created');
  if (!e.after) return t('audit.list.deleted');
  const names = new Set([...Object.keys(e.before), ...Object.keys(e.after)]);
  return [...names].filter((n) => !n.endsWith('_changed')).join(', ');
}

export function auditColumns(t: TFunction): Column<AuditEntry>[] {
  return [
    { field: 'id', header: t('audit.fields.id'), render: (e) => e.id, width: 60 },
    {
      field: 'created_at',
      header: t('audit.fields.created_at'),
      render: (e) => formatTime(e.created_at),
      width: 160,
    },
    {
      field: 'actor_name',
      header: t('audit.fields.actor'),
      render: (e) => `${e.actor_name} (#${e.actor_id})`,
      width: 140,
    },
    { field: 'via', header: t('audit.fields.via'), render: (e) => t(`audit.via.${e.via}`), width: 90 },
    { field: 'ip', header: t('audit.fields.ip'), render: (e) => e.ip, width: 120 },
    { field: 'action', header: t('audit.fields.action'), render: (e) => e.action, width: 160 },
    {
      field: 'target',
      header: t('audit.fields.target'),
      render: (e) => `${t(`audit.targets.${e.target_type}`)}${e.target_id ? ` ${e.target_id}` : ''}`,
      width: 160,
    },
    { field: 'changes', header: t('audit.fields.changes'), render: (e) => changedNames(e, t), flex: 1 },
  ];
}
