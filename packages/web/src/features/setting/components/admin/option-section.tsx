import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { valueError } from '../../options/option-form';
import { displayValue, type OptionValues } from '../../options/option-values';
import type { SectionSpec } from '../../options/section-spec';
import { useLang } from '../../options/use-lang';
import { ListField } from './list-field';
import { OptionField } from './option-field';
import { OptionSwitch } from './option-switch';
import { SaveFeedbackAlert } from './save-feedback';
import { useOptionSave } from './use-option-save';

interface OptionSectionProps {
  spec: SectionSpec;
  stored: OptionValues;
}

/**
 * One settings panel built from its declaration: switches save as they flip, the other fields save together
 * with the section's button. JSON fields are checked as you type.
 */
export function OptionSection({ spec, stored }: OptionSectionProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const editable = spec.fields.filter((f) => f.kind !== 'switch');
  const initial = () => Object.fromEntries(editable.map((f) => [f.key, displayValue(f.key, stored[f.key])]));
  const [values, setValues] = useState<Record<string, string>>(initial);
  const save = useOptionSave({
    stored,
    pricing: spec.pricing ?? false,
    messages: spec.messages,
    // Fields show what was stored (addresses lose their trailing slash...). Secrets are write-only: once
    // saved the field goes back to "unchanged".
    onSaved: (entries) =>
      setValues((v) => {
        const next = { ...v };
        for (const { key, value } of entries) {
          if (!(key in next)) continue;
          const secret = editable.find((f) => f.key === key)?.kind === 'secret';
          next[key] = secret ? '' : displayValue(key, value);
        }
        return next;
      }),
  });
  const change = (key: string, value: string, json: boolean) => {
    setValues((v) => ({ ...v, [key]: value }));
    save.setFieldErrors((errors) => {
      const { [key]: _dropped, ...rest } = errors;
      const live = json ? valueError(key, value, lang) : undefined;
      return live ? { ...rest, [key]: live } : rest;
    });
  };

  return (
    <Card component="section" aria-labelledby={`section-${spec.id}`} data-testid={`section-${spec.id}`}>
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2" id={`section-${spec.id}`}>
            {t(`options.sections.${spec.id}`)}
          </Typography>
          {spec.note && (
            <Typography variant="body2" color="text.secondary">
              {t(`options.notes.${spec.id}`)}
            </Typography>
          )}
          {spec.fields.map((field) =>
            field.kind === 'switch' ? (
              <OptionSwitch key={field.key} spec={field} stored={stored[field.key] ?? ''} />
            ) : field.kind === 'list' ? (
              <ListField
                key={field.key}
                spec={field}
                value={values[field.key] ?? ''}
                error={save.fieldErrors[field.key]}
                onChange={(value) => change(field.key, value, false)}
              />
            ) : (
              <OptionField
                key={field.key}
                spec={field}
                value={values[field.key] ?? ''}
                error={save.fieldErrors[field.key]}
                onChange={(value) => change(field.key, value, field.kind === 'json')}
              />
            ),
          )}
          <SaveFeedbackAlert feedback={save.feedback} />
          {editable.length > 0 && (
            <Button
              variant="contained"
              sx={{ alignSelf: 'flex-start' }}
              disabled={save.saving}
              onClick={() => save.submit(values, spec.precheck?.(stored, values))}
            >
              {t(`options.save.${spec.id}`)}
            </Button>
          )}
        </Stack>
      </CardContent>
      {save.dialog}
    </Card>
  );
}
