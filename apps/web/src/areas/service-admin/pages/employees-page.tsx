import { Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/layout';
import { ServiceEmployeesTable, useServiceEmployees } from '../../../features/customer-service';

/** The customer-service team with the service areas each works in. */
export function EmployeesPage() {
  const { t } = useTranslation();
  const employees = useServiceEmployees();
  usePageTitle(t('customerService.employeesTitle'));
  return (
    <Container fluid px={0}>
      <Stack gap="lg">
        <Title order={1}>{t('customerService.employeesTitle')}</Title>
        <ServiceEmployeesTable
          employees={employees.data}
          isLoading={employees.isPending}
          error={employees.error}
          onRetry={() => void employees.refetch()}
        />
      </Stack>
    </Container>
  );
}
