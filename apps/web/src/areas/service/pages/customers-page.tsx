import { Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/layout';
import { CustomersTable } from '../../../features/customer-service';

export function CustomersPage() {
  const { t } = useTranslation();
  usePageTitle(t('customerService.customersTitle'));
  return (
    <Container fluid px={0}>
      <Stack gap="lg">
        <Title order={1}>{t('customerService.customersTitle')}</Title>
        <CustomersTable hrefOf={(customer) => customer.id} />
      </Stack>
    </Container>
  );
}
