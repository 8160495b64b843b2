import type { SetupCheckResult, SetupCheckRun } from '@kerf/contracts';
import { Accordion, Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateKey } from '../../../lib/i18n';
import { CheckDetail } from './check-detail';
import { CheckStateBadge, CheckStateIcon } from './check-state';

function CheckItem({ result, systemPath }: { result: SetupCheckResult; systemPath: string }) {
  const { t } = useTranslation();
  return (
    <Accordion.Item value={result.check} data-testid={`check-${result.check}`} data-state={result.state}>
      <Accordion.Control icon={<CheckStateIcon state={result.state} />}>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text fw={600}>{translateKey(t, `setup.checks.${result.check}`)}</Text>
          <CheckStateBadge state={result.state} />
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {translateKey(t, `setup.checkHelp.${result.check}`)}
          </Text>
          {result.advice && (
            <Alert
              color={result.state === 'ERROR' ? 'red' : 'blue'}
              variant="light"
              icon={<IconAlertTriangle aria-hidden />}
              data-testid={`advice-${result.check}`}
            >
              {translateKey(t, `setup.advice.${result.advice}`)}
            </Alert>
          )}
          <CheckDetail detail={result.detail} />
          {result.state === 'ERROR' && (
            <Anchor component={Link} to={systemPath} size="sm">
              <IconExternalLink
                size={16}
                aria-hidden
                style={{ verticalAlign: 'text-bottom', marginInlineEnd: 4 }}
              />
              {t('setup.toSystemPage')}
            </Anchor>
          )}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/** The end check (spec §2): one sentence over the whole run. */
export function EndCheck({ run }: { run: SetupCheckRun }) {
  const { t } = useTranslation();
  const failed = run.checks.filter((c) => c.state === 'ERROR').length;
  const color = run.state === 'SUCCESS' ? 'green' : run.state === 'ERROR' ? 'red' : 'blue';
  return (
    <Alert
      color={color}
      variant="light"
      // the light alert's tinted title is too faint on its tint (WCAG 1.4.3): body text colour instead
      title={
        <Text span fw={700} size="sm" c="var(--mantine-color-text)">
          {t('setup.endCheck.title')}
        </Text>
      }
      icon={run.state === 'SUCCESS' ? <IconCircleCheck aria-hidden /> : <CheckStateIcon state={run.state} />}
      data-testid="end-check"
      data-state={run.state}
      role="status"
    >
      {t(`setup.endCheck.${run.state}`, { count: failed })}
    </Alert>
  );
}

/**
 * The assistant's accordion: the external checks (cloud) and the internal ones (the site), each
 * running, error or success with its advice; red ones open by themselves, and so does a check with
 * refused logins beside it.
 */
export function SetupChecksAccordion({ run, systemPath }: { run: SetupCheckRun; systemPath: string }) {
  const { t } = useTranslation();
  const groups = [
    { side: 'CLOUD' as const, title: t('setup.external') },
    { side: 'SITE' as const, title: t('setup.internal') },
  ];
  const failed = run.checks.filter((c) => c.state === 'ERROR').map((c) => c.check);
  // refused logins beside a green key open it too: the admin should see them (issue 31)
  const noted = run.checks.filter((c) => (c.detail.refusedLogins?.length ?? 0) > 0).map((c) => c.check);
  const opened = [...new Set([...failed, ...noted])];
  return (
    <Stack gap="md">
      {groups.map((group) => (
        <Stack key={group.side} gap="xs">
          <Title order={3} size="h4">
            {group.title}
          </Title>
          <Accordion
            multiple
            variant="separated"
            defaultValue={opened}
            key={`${run.id}-${run.state}-${noted.length}`}
          >
            {run.checks
              .filter((c) => c.side === group.side)
              .map((result) => (
                <CheckItem key={result.check} result={result} systemPath={systemPath} />
              ))}
          </Accordion>
        </Stack>
      ))}
    </Stack>
  );
}
