import type { ComboboxItem, ComboboxLikeRenderOptionInput } from '@mantine/core';

/**
 * Options that are user data (location names) or already in the user's language (country names from
 * Intl): kept away from page translators and from the raw-string check.
 */
export function renderNoTranslateOption({ option }: ComboboxLikeRenderOptionInput<ComboboxItem>) {
  return <span translate="no">{option.label}</span>;
}
