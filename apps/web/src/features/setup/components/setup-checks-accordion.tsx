import type { SetupCheckResult, SetupCheckRun } from '@kerf/contracts';
import { Accordion, Alert, Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconClockExclamation,
  IconExternalLink,
  IconPlayerPlay,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAge, formatDateTime, formatNumber } from '../../../lib/format';
import { translateKey } from '../../../lib/i18n';
import { outdated, problemCount, type RootCause, rootCauses } from '../lib/results';
import { CheckDetail } from './check-detail';
import { CheckStateBadge, CheckStateIcon } from './check-state';

function CheckItem({
  result,
  systemPath,
  cause,
}: {
  result: SetupCheckResult;
  systemPath: string;
  /** the root cause this check shares with others: said once above, referred to here */
  cause: RootCause | undefined;
}) {
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
          {result.advice && cause ? (
            <Text size="sm" data-testid={`advice-${result.check}`}>
              {t('setup.causedBy')}
            </Text>
          ) : (
            result.advice && (
              <Alert
                color={result.state === 'ERROR' ? 'red' : result.state === 'WARNING' ? 'yellow' : 'blue'}
                variant="light"
                icon={<IconAlertTriangle aria-hidden />}
                data-testid={`advice-${result.check}`}
              >
                {translateKey(t, `setup.advice.${result.advice}`)}
              </Alert>
            )
          )}
          <CheckDetail detail={result.detail} />
          {result.state !== 'SUCCESS' && result.state !== 'RUNNING' && (
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

/**
 * The end check (product.md §2): one sentence over the whole run, from the same results as the checks
 * below it. Results older than a day say their age and offer a new run instead of a pass (issue 32).
 */
export function EndCheck({
  run,
  now = Date.now(),
  onRerun,
  rerunning = false,
}: {
  run: SetupCheckRun;
  now?: number;
  /** offered when the results are outdated */
  onRerun?: () => void;
  rerunning?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const old = outdated(run, now);
  const at = run.finishedAt ?? run.startedAt;
  const color = old
    ? 'gray'
    : run.state === 'SUCCESS'
      ? 'green'
      : run.state === 'ERROR'
        ? 'red'
        : run.state === 'WARNING'
          ? 'yellow'
          : 'blue';
  const icon = old ? (
    <IconClockExclamation aria-hidden />
  ) : run.state === 'SUCCESS' ? (
    <IconCircleCheck aria-hidden />
  ) : (
    <CheckStateIcon state={run.state} />
  );
  const errors = problemCount(run, 'ERROR');
  const warnings = problemCount(run, 'WARNING');
  return (
    <Alert
      color={color}
      variant="light"
      // the light alert's tinted title is too faint on its tint (WCAG 1.4.3): body text colour instead
      title={
        <Text span fw={700} size="sm" c="var(--mantine-color-text)">
          {old ? t('setup.endCheck.outdatedTitle') : t('setup.endCheck.title')}
        </Text>
      }
      icon={icon}
      data-testid="end-check"
      data-state={run.state}
      data-outdated={old ? 'true' : 'false'}
      role="status"
    >
      <Stack gap="xs">
        {old ? (
          <Text size="sm">
            {t('setup.endCheck.outdated', {
              age: formatAge(at, i18n.language, now),
              date: formatDateTime(at, i18n.language),
            })}
          </Text>
        ) : (
          <Text size="sm">
            {run.state === 'ERROR'
              ? t('setup.endCheck.ERROR', { count: errors })
              : run.state === 'WARNING'
                ? t('setup.endCheck.WARNING', { count: warnings })
                : t(`setup.endCheck.${run.state}`)}
          </Text>
        )}
        {old && onRerun && (
          <Group>
            <Button
              size="sm"
              onClick={onRerun}
              loading={rerunning}
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
            >
              {t('setup.rerun')}
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}

/** The causes several checks share, each once, with the checks it affects listed under it. */
export function RootCauses({ run }: { run: SetupCheckRun }) {
  const { t, i18n } = useTranslation();
  const causes = rootCauses(run);
  if (causes.length === 0) return null;
  return (
    <Stack gap="xs">
      {causes.map((cause) => (
        <Alert
          key={cause.advice}
          color={cause.state === 'ERROR' ? 'red' : 'yellow'}
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          data-testid={`cause-${cause.advice}`}
          title={
            <Text span fw={700} size="sm" c="var(--mantine-color-text)">
              {translateKey(t, `setup.advice.${cause.advice}`)}
            </Text>
          }
        >
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('setup.affects', { count: formatNumber(cause.checks.length, i18n.language) })}
            </Text>
            <List size="sm" withPadding>
              {cause.checks.map((check) => (
                <List.Item key={check}>{translateKey(t, `setup.checks.${check}`)}</List.Item>
              ))}
            </List>
          </Stack>
        </Alert>
      ))}
    </Stack>
  );
}

/**
 * The assistant's accordion: the external checks (cloud) and the internal ones (the site), each
 * running, error, warning or success with its advice; red and yellow ones open by themselves, and
 * so does a check with refused logins beside it. A cause several checks share is said once above
 * (`RootCauses`); its checks refer to it.
 */
export function SetupChecksAccordion({ run, systemPath }: { run: SetupCheckRun; systemPath: string }) {
  const { t } = useTranslation();
  const groups = [
    { side: 'CLOUD' as const, title: t('setup.external') },
    { side: 'SITE' as const, title: t('setup.internal') },
  ];
  const causes = rootCauses(run);
  const causeOf = (result: SetupCheckResult) => causes.find((cause) => cause.checks.includes(result.check));
  const failed = run.checks
    .filter((c) => c.state === 'ERROR' || c.state === 'WARNING')
    .filter((c) => !causeOf(c))
    .map((c) => c.check);
  // refused logins beside a green key open it too: the admin should see them (issue 31)
  const noted = run.checks.filter((c) => (c.detail.refusedLogins?.length ?? 0) > 0).map((c) => c.check);
  const opened = [...new Set([...failed, ...noted])];
  return (
    <Stack gap="md">
      <RootCauses run={run} />
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
                <CheckItem
                  key={result.check}
                  result={result}
                  systemPath={systemPath}
                  cause={causeOf(result)}
                />
              ))}
          </Accordion>
        </Stack>
      ))}
    </Stack>
  );
}
