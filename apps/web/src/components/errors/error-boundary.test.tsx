import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { ErrorBoundary } from './error-boundary';

function Broken(): never {
  throw new TypeError('boom');
}

describe('ErrorBoundary', () => {
  it('shows a translated crash panel with the error name instead of a white page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const i18n = await createI18n({ locale: 'nl' });
    render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <ErrorBoundary>
            <Broken />
          </ErrorBoundary>
        </MantineProvider>
      </I18nextProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Er is iets misgegaan');
    expect(screen.getByText('TypeError')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pagina opnieuw laden' })).toBeInTheDocument();
  });
});
