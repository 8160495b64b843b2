import { Autocomplete, MantineProvider, Modal, Tabs, Textarea, TextInput } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NumberInput } from '../components/form';
import { createI18n } from '../lib/i18n';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { THEME_CLASSES, theme } from './theme';

describe('theme defaults', () => {
  it('text fields follow the direction of their text; explicit directions and number fields stay', async () => {
    const i18n = await createI18n({ locale: 'ar' });
    render(
      <Providers i18n={i18n} queryClient={createQueryClient()}>
        <TextInput label="name" />
        <Textarea label="note" />
        <Autocomplete label="city" data={['Berlin']} />
        <TextInput label="phone" dir="ltr" />
        <NumberInput label="count" />
      </Providers>,
    );
    const fields = [
      screen.getByRole('textbox', { name: 'name' }),
      screen.getByRole('textbox', { name: 'note' }),
      screen.getByRole('combobox', { name: 'city' }),
    ];
    for (const field of fields) {
      // on the element that holds the text, not on Mantine's wrapper around it
      expect(field, field.id).toHaveAttribute('dir', 'auto');
    }
    // a field set left-to-right (phone numbers) stays so: the wrapper carries it
    expect(screen.getByRole('textbox', { name: 'phone' }).closest('[dir="ltr"]')).not.toBeNull();
    // numbers keep the page direction; their digits are left-to-right anyway
    expect(screen.getByLabelText('count')).not.toHaveAttribute('dir');
  });

  it('tab lists scroll instead of wrapping', () => {
    render(
      <MantineProvider theme={theme}>
        <Tabs defaultValue="a">
          <Tabs.List>
            <Tabs.Tab value="a">A</Tabs.Tab>
            <Tabs.Tab value="b">B</Tabs.Tab>
          </Tabs.List>
        </Tabs>
      </MantineProvider>,
    );
    expect(screen.getByRole('tablist')).toHaveClass(THEME_CLASSES.tabsList);
    expect(screen.getByRole('tab', { name: 'A' })).toHaveClass(THEME_CLASSES.tab);
  });

  it('dialogs take the phone layout', () => {
    render(
      <MantineProvider theme={theme}>
        <Modal opened onClose={() => {}} title="Edit">
          body
        </Modal>
      </MantineProvider>,
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog.closest(`.${THEME_CLASSES.modalRoot}`)).not.toBeNull();
    expect(screen.getByText('body')).toHaveClass(THEME_CLASSES.modalBody);
  });
});
