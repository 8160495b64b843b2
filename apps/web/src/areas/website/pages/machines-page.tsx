import { Container, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/errors';
import { usePageTitle, WebsiteLayout } from '../../../components/layout';
import { useCuttingWidths } from '../../../features/website';

/** product.md §2 "machine details": which guillotine cutters Kerf connects, and what the installation does. */
function MachinesPage() {
  const { t } = useTranslation();
  usePageTitle(t('website.machines.title'));
  const widths = useCuttingWidths();
  return (
    <WebsiteLayout>
      <Container size="md" py={{ base: 32, sm: 56 }}>
        <Stack gap="lg">
          <Title order={1}>{t('website.machines.title')}</Title>
          <Text size="lg">{t('website.machines.intro')}</Text>
          <Text>{t('website.machines.installation')}</Text>
          {widths.isError && <ErrorAlert error={widths.error} />}
          {widths.isPending ? (
            <Skeleton h={240} />
          ) : widths.data ? (
            // three short columns fit a phone's width: no inner sideways scroll that hides the last one
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('websiteForms.machines.manufacturer')}</Table.Th>
                  <Table.Th>{t('websiteForms.machines.model')}</Table.Th>
                  <Table.Th ta="end">{t('website.machines.width')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {widths.data.models.map((model) => (
                  <Table.Tr key={`${model.manufacturer} ${model.model}`}>
                    <Table.Td translate="no">{model.manufacturer}</Table.Td>
                    <Table.Td translate="no">{model.model}</Table.Td>
                    <Table.Td ta="end" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {t('website.machines.mm', { value: model.cuttingWidth })}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : null}
          <Text size="sm" c="dimmed">
            {t('website.machines.network')}
          </Text>
        </Stack>
      </Container>
    </WebsiteLayout>
  );
}

export const Component = MachinesPage;
