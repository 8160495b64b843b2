import type { OperatorMachine } from '@kerf/contracts';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconLogout, IconRefresh, IconScissors } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/errors';
import { EmptyState } from '../../../components/feedback';
import { MachineStatusBadge } from '../../../components/status';
import { machineState } from '../../../features/machines';
import { useLogout } from '../../../features/session';
import { HOME } from '../home-path';
import { useSelectMachine } from '../terminal';

/** product.md §2: select machine; empty state 'No machine found' with log out and refresh. */
export function MachineSelection({ selection }: { selection: UseQueryResult<OperatorMachine[]> }) {
  const { t } = useTranslation();
  const logout = useLogout(HOME);
  const select = useSelectMachine();
  const machines = selection.data ?? [];
  const actions = (
    <Group gap="md">
      <Button
        size="touch"
        variant="default"
        leftSection={<IconRefresh aria-hidden />}
        loading={selection.isFetching}
        onClick={() => void selection.refetch()}
      >
        {t('operator.select.refresh')}
      </Button>
      <Button
        size="touch"
        variant="default"
        leftSection={<IconLogout aria-hidden />}
        onClick={() => void logout()}
      >
        {t('nav.logout')}
      </Button>
    </Group>
  );

  return (
    <Stack gap="lg">
      <Title order={1}>{t('operator.select.title')}</Title>
      {selection.error && <ErrorAlert error={selection.error} />}
      {select.error && <ErrorAlert error={select.error} />}
      {machines.length === 0 && !selection.error ? (
        <EmptyState
          title={t('operator.select.empty')}
          icon={<IconScissors size={48} aria-hidden />}
          action={actions}
        />
      ) : (
        <>
          <Text fz="lg">{t('operator.select.hint')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {machines.map((machine) => (
              <UnstyledButton
                key={machine.machineId}
                onClick={() => select.mutate(machine.machineId)}
                disabled={select.isPending}
                aria-label={t('operator.select.machine', { name: machine.name })}
                style={{ borderRadius: 12 }}
              >
                <Card withBorder radius="md" padding="lg" mih={150} style={{ borderWidth: 2 }}>
                  <Stack gap="xs">
                    <Text fz={26} fw={700} translate="no" dir="auto">
                      {machine.name}
                    </Text>
                    <Text fz="lg" c="dimmed" translate="no">
                      {[machine.serialNumber, machine.locationName].filter(Boolean).join(' · ')}
                    </Text>
                    <MachineStatusBadge status={machineState(machine)} size="lg" />
                    <Text fz="lg">
                      {machine.operator
                        ? t('operator.select.inUseBy', { name: machine.operator.displayName })
                        : t('operator.select.free')}
                    </Text>
                  </Stack>
                </Card>
              </UnstyledButton>
            ))}
          </SimpleGrid>
          {actions}
        </>
      )}
    </Stack>
  );
}
