import { CreateUserSchema, LocationInputSchema, LoginRequestSchema, PasswordSchema } from '@kerf/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { createI18n } from '../../lib/i18n';
import { applyServerFieldErrors, helpText, schemaErrors } from './contract-form';

describe('form helpers over the contract schemas', async () => {
  const i18n = await createI18n({ locale: 'de' });
  const t = i18n.t;

  it('give one translated message per field, from the same codes the server sends', () => {
    expect(schemaErrors(LoginRequestSchema, { tenant: '', username: 'x', password: '' }, t)).toEqual({
      tenant: 'Pflichtfeld',
      password: 'Pflichtfeld',
    });
    expect(schemaErrors(PasswordSchema, 'short', t)).toEqual({
      '': 'Das Passwort braucht mindestens 8 Zeichen.',
    });
  });

  it('name the limit of a length rule', () => {
    const errors = schemaErrors(
      CreateUserSchema,
      { username: 'a', firstName: 'A', lastName: 'B', role: 'GRINDER', password: 'Kerf-demo-2026' },
      t,
    );
    expect(errors.username).toBe('Mindestens 2 Zeichen');
  });

  it('translate the text rules: control characters and broken Unicode', async () => {
    const location = { name: 'Werk\u0000Nord', city: 'Ham\ud800burg', country: 'DE' };
    expect(schemaErrors(LocationInputSchema, location, t)).toEqual({
      name: 'Enthält unsichtbare Steuerzeichen (etwa einen Zeilenumbruch). Bitte entfernen Sie sie.',
      city: 'Enthält ein beschädigtes Zeichen. Bitte geben Sie den Text neu ein.',
    });
    const arabic = await createI18n({ locale: 'ar' });
    expect(schemaErrors(LocationInputSchema, { name: 'a\tb', country: 'DE' }, arabic.t)).toEqual({
      name: 'يحتوي على أحرف تحكم غير مرئية (مثل فاصل الأسطر). يُرجى حذفها.',
    });
    expect(schemaErrors(LocationInputSchema, { name: ' Cafe\u0301 ', country: 'DE' }, t)).toEqual({});
  });

  it('put the server field errors under their fields', () => {
    const form = { setFieldError: vi.fn(), getValues: () => ({ username: '', password: '' }) };
    const error = new ApiError(
      400,
      'validation.INVALID_INPUT',
      {},
      {
        fields: [
          { field: 'password', in: 'body', code: 'PASSWORD_TOO_COMMON' },
          { field: 'unrelated', in: 'body', code: 'REQUIRED' },
        ],
      },
    );
    expect(applyServerFieldErrors(form, error, t)).toBe(true);
    expect(form.setFieldError).toHaveBeenCalledTimes(1);
    expect(form.setFieldError).toHaveBeenCalledWith(
      'password',
      'Dieses Passwort ist zu verbreitet. Bitte wählen Sie ein anderes.',
    );
    expect(applyServerFieldErrors(form, new Error('x'), t)).toBe(false);
  });

  it('offer the generic help texts of product.md §5', () => {
    expect(helpText(t, 'caseSensitive')).toBe('Groß- und Kleinschreibung beachten');
    expect(helpText(t, 'digitsOnly')).toBe('Nur Ziffern');
  });
});
