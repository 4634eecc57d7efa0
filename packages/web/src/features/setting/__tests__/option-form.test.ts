import { describe, expect, it } from 'vitest';
import { checkSave, valueError } from '../options/option-form';
import { displayValue, optionValues } from '../options/option-values';

const stored = optionValues([
  { key: 'GroupRatio', value: '{"default":1,"vip":0.5}' },
  { key: 'ServerAddress', value: 'https://gw.example.com' },
]);

describe('checkSave', () => {
  it('takes re-indented JSON as unchanged and says so', () => {
    const edited = { GroupRatio: displayValue('GroupRatio', stored['GroupRatio']) };
    expect(edited.GroupRatio).toContain('\n  "vip": 0.5');
    expect(checkSave(stored, edited, 'en')).toEqual({
      ok: false,
      message: 'you seem to have changed nothing',
      fieldErrors: {},
      nothingChanged: true,
    });
  });

  it('sends changed values compacted and normalised, never an empty secret', () => {
    const edited = {
      GroupRatio: '{\n "default": 1,\n "vip": 0.8\n}',
      ServerAddress: 'https://gw.example.com/',
      SMTPToken: '',
    };
    expect(checkSave(stored, edited, 'zh')).toEqual({
      ok: true,
      entries: [{ key: 'GroupRatio', value: '{"default":1,"vip":0.8}' }],
    });
  });

  it('puts each broken value under its own key', () => {
    const result = checkSave(stored, { GroupRatio: '{', RetryTimes: '-1', ServerAddress: 'x' }, 'zh');
    expect(result).toMatchObject({
      ok: false,
      message: '不是合法的 JSON 字符串',
      fieldErrors: { GroupRatio: '不是合法的 JSON 字符串', RetryTimes: '不能小于 0' },
    });
    expect(valueError('DataExportDefaultTime', 'month', 'en')).toBe('must be hour, day or week');
    expect(valueError('SystemName', 'anything', 'en')).toBeUndefined();
  });

  it('reads secrets as empty and fills in defaults', () => {
    const values = optionValues([{ key: 'SMTPToken', value: 'leaked?' }]);
    expect(optionValues([])['SMTPToken']).toBe('');
    expect(values['SMTPToken']).toBe('leaked?');
    expect(optionValues([])['SMTPPort']).toBe('587');
  });
});
