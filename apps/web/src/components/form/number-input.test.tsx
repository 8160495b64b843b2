import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { theme } from '../../app/theme';
import { createI18n, type Locale } from '../../lib/i18n';
import { NumberInput, type NumberInputProps } from './number-input';

const NNBSP = '\u202F';
const NBSP = '\u00A0';

function Field({
  initial,
  changes,
  ...props
}: { initial: number | string; changes: (number | string)[] } & Partial<NumberInputProps>) {
  const [value, setValue] = useState<number | string>(initial);
  return (
    <NumberInput
      label="Interval"
      value={value}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
      {...props}
    />
  );
}

async function renderInput(locale: Locale, initial: number | string, props: Partial<NumberInputProps> = {}) {
  const i18n = await createI18n({ locale });
  const changes: (number | string)[] = [];
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <Field initial={initial} changes={changes} {...props} />
      </MantineProvider>
    </I18nextProvider>,
  );
  const input = screen.getByLabelText('Interval') as HTMLInputElement;
  return { input, changes, last: () => changes.at(-1) };
}

describe('NumberInput', () => {
  it('shows a value with the locale’s thousands separator', async () => {
    const cases: [Locale, string][] = [
      ['de', '3.500'],
      ['en', '3,500'],
      ['ar', '3,500'],
      ['fr', `3${NNBSP}500`],
      ['ru', `3${NBSP}500`],
    ];
    for (const [locale, shown] of cases) {
      const { input } = await renderInput(locale, 3500);
      expect(input.value, locale).toBe(shown);
      input.remove();
    }
  });

  it('reads German "3.500" as 3500 and "2,5" as 2.5', async () => {
    const user = userEvent.setup();
    const { input, last } = await renderInput('de', '');
    await user.type(input, '3500');
    expect(input.value).toBe('3.500');
    expect(last()).toBe(3500);

    await user.clear(input);
    await user.type(input, '2,5');
    expect(input.value).toBe('2,5');
    expect(last()).toBe(2.5);
  });

  it('takes the keypad "." as the decimal comma in French, never as a thousands separator', async () => {
    const user = userEvent.setup();
    const { input, last } = await renderInput('fr', '');
    await user.type(input, '1234.5');
    expect(input.value).toBe(`1${NNBSP}234,5`);
    expect(last()).toBe(1234.5);
  });

  it('reads English and Russian input', async () => {
    const user = userEvent.setup();
    const en = await renderInput('en', '');
    await user.type(en.input, '12345.25');
    expect(en.input.value).toBe('12,345.25');
    expect(en.last()).toBe(12345.25);
    en.input.remove();

    const ru = await renderInput('ru', '');
    await user.type(ru.input, '12345,25');
    expect(ru.input.value).toBe(`12${NBSP}345,25`);
    expect(ru.last()).toBe(12345.25);
  });

  it('accepts Arabic-Indic digits as an Arabic keyboard types them', async () => {
    const user = userEvent.setup();
    const { input, last } = await renderInput('ar', '');
    await user.type(input, '٣٥٠٠');
    expect(input.value).toBe('3,500');
    expect(last()).toBe(3500);
  });

  it('leaves grouping off when asked (years, codes)', async () => {
    const { input } = await renderInput('de', 2026, { thousandSeparator: false });
    expect(input.value).toBe('2026');
  });
});
