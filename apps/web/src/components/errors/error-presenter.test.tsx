import { ERROR_CODES, LOCALES } from '@kerf/contracts';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { ApiError, CLIENT_ERROR_CODES } from '../../lib/api';
import { createI18n, hasKey } from '../../lib/i18n';
import { ErrorAlert } from './error-alert';
import { FIELD_OF_ERROR } from './error-fields';

/** A catalogue code as it would read if shown raw: `service.grinding-shops.SHOP_HAS_MACHINES`. */
const RAW_CODE = /\b(service|authentication|validation|common|client)\.[a-z-]*\.?[A-Z_]{3,}/;

describe('the error presenter', () => {
  it.each(LOCALES)('has words for every catalogue and client code in %s', async (locale) => {
    const i18n = await createI18n({ locale });
    const missing = [...ERROR_CODES, ...CLIENT_ERROR_CODES].filter(
      (code) => !hasKey(i18n, `errors.${code}`) || !i18n.getResource(locale, 'translation', `errors.${code}`),
    );
    expect(missing, `${locale}: codes without words`).toEqual([]);
    for (const code of ERROR_CODES) {
      const text = i18n.t(`errors.${code}` as never) as string;
      expect(text, `${locale}: ${code}`).not.toMatch(RAW_CODE);
    }
  });

  it('maps only catalogue codes to fields', () => {
    for (const code of Object.keys(FIELD_OF_ERROR)) expect(ERROR_CODES).toContain(code);
  });

  it('shows words, and the code only folded away under "Details"', async () => {
    const i18n = await createI18n({ locale: 'de' });
    render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <ErrorAlert error={new ApiError(409, 'service.grinding-shops.SHOP_HAS_MACHINES', {})} />
        </MantineProvider>
      </I18nextProvider>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Maschinen');
    const details = screen.getByTestId('error-details');
    expect(details.tagName).toBe('DETAILS');
    expect(details).not.toHaveAttribute('open');
    expect(screen.getByText('Details für den Support')).toBeInTheDocument();
  });
});
