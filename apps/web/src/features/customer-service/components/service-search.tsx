import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServiceSearch } from '../api/customers';

export type SearchHit = { kind: 'customer'; id: string } | { kind: 'machine'; serialNumber: string };

/**
 * Autocomplete across customers, machines and serial numbers of the user's service areas
 * (product.md §2 "autocomplete search"); choosing a hit opens it.
 */
export function ServiceSearch({ onSelect }: { onSelect: (hit: SearchHit) => void }) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term, 200);
  const query = useServiceSearch(debounced);
  const result = debounced.trim().length >= 2 ? query.data : undefined;
  const data = result
    ? [
        {
          group: t('customerService.customers'),
          items: result.customers.map((c) => ({ value: `customer:${c.id}`, label: `${c.name} (${c.slug})` })),
        },
        {
          group: t('customerService.machines'),
          items: result.machines.map((m) => ({
            value: `machine:${m.serialNumber}`,
            label: `${m.serialNumber} · ${m.name} · ${m.tenantName}`,
          })),
        },
      ].filter((group) => group.items.length > 0)
    : [];
  return (
    <Select
      label={t('customerService.searchLabel')}
      placeholder={t('customerService.searchPlaceholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      searchable
      clearable
      value={null}
      searchValue={term}
      onSearchChange={setTerm}
      data={data}
      // the server already filtered: show what it answered
      filter={({ options }) => options}
      nothingFoundMessage={
        debounced.trim().length >= 2 && !query.isFetching ? t('customerService.noResults') : undefined
      }
      onChange={(value) => {
        if (!value) return;
        const [kind, key] = [value.slice(0, value.indexOf(':')), value.slice(value.indexOf(':') + 1)];
        setTerm('');
        onSelect(
          kind === 'customer' ? { kind: 'customer', id: key } : { kind: 'machine', serialNumber: key },
        );
      }}
      comboboxProps={{ withinPortal: true }}
      maw={560}
    />
  );
}
