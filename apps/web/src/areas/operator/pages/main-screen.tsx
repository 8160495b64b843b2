import {
  INTERRUPTION_STATUSES,
  type MachineStatus,
  SUPPORT_STATUSES,
  statusTransition,
} from '@kerf/contracts';
import {
  Alert,
  Button,
  Card,
  CloseButton,
  Group,
  Modal,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAdjustments,
  IconAlertTriangle,
  IconBlade,
  IconClipboardList,
  IconClockPause,
  IconCoffee,
  IconLogout,
  IconPlayerPlay,
  IconReplace,
  IconSwitchHorizontal,
  IconTool,
} from '@tabler/icons-react';
import { type ComponentProps, type CSSProperties, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateText, TimeText } from '../../../components/format';
import {
  type MachineStatus as ShownStatus,
  STATUS_GROUP_LOOK,
  SwapUrgencyBadge,
  statusGroupOf,
} from '../../../components/status';
import { useLogout } from '../../../features/session';
import { formatNumber } from '../../../lib/format';
import { translateKey } from '../../../lib/i18n';
import { HOME } from '../home-path';
import {
  useNoCutsPromptDelay,
  useReleaseMachine,
  useTerminalInputs,
  useTerminalState,
  useTerminalView,
} from '../terminal';
import { OfflineBanner } from './offline-banner';

/** Dark words on the amber of support time: white on amber stays under 4.5:1. */
const DARK_TEXT = { '--button-color': 'var(--mantine-color-black)' } as CSSProperties;

const cssColor = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;

/** The machine's status as the terminal's largest element: readable at arm's length, colour plus icon plus words. */
function StatusBlock({ status, since }: { status: ShownStatus; since: string | null }) {
  const { t } = useTranslation();
  const look = STATUS_GROUP_LOOK[statusGroupOf(status)];
  const color = cssColor(look.color);
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      px="lg"
      py="sm"
      style={{
        border: `3px ${look.dashed ? 'dashed' : 'solid'} ${color}`,
        borderRadius: 12,
        background: `color-mix(in srgb, ${color} 12%, white)`,
      }}
    >
      <look.icon size={40} color={color} aria-hidden />
      <Stack gap={0}>
        <Text fz={28} fw={800} lh={1.15} data-testid="terminal-status-label">
          {translateKey(t, `status.machine.${status}`)}
        </Text>
        {since && (
          <Text fz="lg" c="dimmed">
            {t('operator.main.since')} <TimeText value={since} />
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/**
 * A glove-sized button, its icon above its label: at 1024 px a quarter row leaves an icon beside the
 * label too little room, and German words ("Unterbrechung", "Messerwechsel") broke mid-word.
 */
function TouchButton(props: ComponentProps<typeof Button<'button'>>) {
  return (
    <Button
      size="touch"
      {...props}
      styles={{
        root: { height: 'auto', minHeight: 88, paddingBlock: 10, paddingInline: 12 },
        inner: { flexDirection: 'column', justifyContent: 'center', gap: 4 },
        section: { marginInline: 0 },
        // A word longer than the button still breaks (with a hyphen where the browser knows how).
        label: {
          whiteSpace: 'normal',
          textAlign: 'center',
          lineHeight: 1.2,
          hyphens: 'auto',
          overflowWrap: 'anywhere',
        },
      }}
    />
  );
}

function Panel({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" style={{ borderWidth: 2 }}>
      <Group gap="xs" mb="sm" wrap="nowrap">
        {icon}
        <Text fz="lg" fw={600} c="dimmed">
          {title}
        </Text>
      </Group>
      {children}
    </Card>
  );
}

type Picker = 'interruption' | 'support' | null;

/**
 * spec §2 main screen: the inserted knife and the current order, the machine status always in view,
 * and large buttons for setup/calibration, knife change, interruption, support time, break, pause,
 * orders and logout. Every input goes through the outbox (works offline) and shows at once.
 */
export function MainScreen({ machineId }: { machineId: string }) {
  const { t, i18n } = useTranslation();
  // the server's view of the machine (with the operator's unsent inputs over it): nothing is computed here
  const view = useTerminalView(machineId);
  const inputs = useTerminalInputs(machineId);
  const { offline } = useTerminalState();
  const release = useReleaseMachine();
  const promptAfterMs = useNoCutsPromptDelay(machineId) * 60_000;
  const logout = useLogout(HOME);
  const [picker, setPicker] = useState<Picker>(null);
  const [dismissedNotice, setDismissedNotice] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 5000);
    return () => clearInterval(timer);
  }, []);

  const data = view.data;
  const status = data?.status ?? null;
  const n = (value: number) => formatNumber(value, i18n.language);
  const can = (to: MachineStatus) => statusTransition(status, to) === 'ALLOWED';
  const set = (to: MachineStatus) => {
    setPicker(null);
    inputs.setStatus(to);
  };

  // After the configured minutes RUNNING without a cut the operator must say why: support time or interruption.
  const lastActivity = Math.max(
    data?.statusSince ? Date.parse(data.statusSince) : 0,
    data?.lastCutAt ? Date.parse(data.lastCutAt) : 0,
  );
  const mustExplain =
    status === 'RUNNING' && lastActivity > 0 && now - lastActivity >= promptAfterMs && picker === null;

  const knife = data?.knife;
  const noticeKey = knife ? `${knife.rfid}:${knife.swapUrgency}` : null;
  const showKnifeNotice =
    knife &&
    (knife.swapUrgency === 'SWAP_SOON' || knife.swapUrgency === 'SWAP_REQUIRED') &&
    dismissedNotice !== noticeKey;
  const job = data?.currentJob;
  const inGroup = (group: readonly MachineStatus[]) => status !== null && group.includes(status);
  const inActivity = status !== null && status !== 'RUNNING' && status !== 'PAUSED';

  return (
    <Stack gap="md">
      <OfflineBanner />
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Stack gap={2}>
          {data ? (
            <Title order={1} translate="no" dir="auto">
              {data.name}
            </Title>
          ) : (
            <Skeleton h={40} w={260} />
          )}
          <Text fz="lg" c="dimmed" translate="no">
            {data?.serialNumber}
          </Text>
        </Stack>
        <div aria-live="polite" data-testid="terminal-status">
          {data ? (
            <StatusBlock status={status ?? 'UNKNOWN'} since={data.statusSince} />
          ) : (
            <Skeleton h={72} w={260} />
          )}
        </div>
      </Group>

      {showKnifeNotice && (
        <Alert
          color={knife.swapUrgency === 'SWAP_REQUIRED' ? 'red.8' : 'yellow.9'}
          icon={<IconAlertTriangle size={28} aria-hidden />}
          role="alert"
          title={
            <Text fz="xl" fw={700}>
              {t('operator.knifeNotice.title')}
            </Text>
          }
          withCloseButton={false}
        >
          <Group justify="space-between" wrap="nowrap">
            <Text fz="lg">{t('operator.knifeNotice.text', { cuts: n(knife.cutsSinceLastGrinding) })}</Text>
            <CloseButton
              size={56}
              aria-label={t('operator.knifeNotice.close')}
              onClick={() => setDismissedNotice(noticeKey)}
            />
          </Group>
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Panel title={t('operator.main.knife')} icon={<IconBlade size={24} aria-hidden />}>
          {!data ? (
            <Skeleton h={80} />
          ) : knife ? (
            <Stack gap="xs">
              <Text fz={22} fw={700} ff="monospace" translate="no" style={{ overflowWrap: 'anywhere' }}>
                {knife.rfid}
              </Text>
              <SwapUrgencyBadge urgency={knife.swapUrgency} size="lg" />
              <Text fz="lg" data-testid="terminal-knife-cuts" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {knife.knifeSwapInterval
                  ? t('operator.main.knifeCuts', {
                      cuts: n(knife.cutsSinceLastGrinding),
                      interval: n(knife.knifeSwapInterval),
                    })
                  : t('operator.main.knifeCutsNoInterval', { cuts: n(knife.cutsSinceLastGrinding) })}
              </Text>
              {knife.knifeSwapInterval ? (
                <Progress
                  size="xl"
                  value={Math.min(100, (knife.cutsSinceLastGrinding / knife.knifeSwapInterval) * 100)}
                  color={
                    knife.swapUrgency === 'SWAP_REQUIRED'
                      ? 'red.8'
                      : knife.swapUrgency === 'SWAP_SOON'
                        ? 'yellow.9'
                        : 'green.8'
                  }
                  aria-hidden
                />
              ) : null}
            </Stack>
          ) : (
            <Text fz="lg" c="dimmed">
              {t('operator.main.noKnife')}
            </Text>
          )}
        </Panel>
        <Panel title={t('operator.main.job')} icon={<IconClipboardList size={24} aria-hidden />}>
          {!data ? (
            <Skeleton h={80} />
          ) : (
            <Stack gap="xs">
              {job ? (
                <>
                  <Text fz={22} fw={700} translate="no" dir="auto" data-testid="terminal-job-name">
                    {job.name}
                  </Text>
                  <Text fz="lg" c="dimmed">
                    {job.orderNumber && (
                      <>
                        <bdi translate="no">{job.orderNumber}</bdi>
                        {' · '}
                      </>
                    )}
                    {t('operator.main.jobSince')}{' '}
                    <bdi>
                      <DateText value={job.startDate} withTime />
                    </bdi>
                  </Text>
                  <Text
                    fz={28}
                    fw={700}
                    data-testid="terminal-job-cuts"
                    style={{ fontVariantNumeric: 'tabular-nums' }}
                  >
                    {t('operator.main.jobCuts', { cuts: n(job.cuts) })}
                  </Text>
                </>
              ) : (
                <Text fz="lg" c="dimmed">
                  {t('operator.main.noJob')}
                </Text>
              )}
              <Button
                component={Link}
                to={`${HOME}/orders`}
                size="touch"
                variant="light"
                leftSection={<IconClipboardList aria-hidden />}
              >
                {t('operator.main.orders')}
              </Button>
            </Stack>
          )}
        </Panel>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        {inActivity ? (
          <TouchButton
            color="green.8"
            leftSection={<IconPlayerPlay aria-hidden />}
            onClick={() => set('RUNNING')}
            disabled={!data}
          >
            {inGroup(INTERRUPTION_STATUSES)
              ? t('operator.actions.endInterruption')
              : t('operator.actions.resume')}
          </TouchButton>
        ) : (
          <TouchButton
            color="green.8"
            leftSection={<IconPlayerPlay aria-hidden />}
            onClick={() => set('RUNNING')}
            disabled={!data || !can('RUNNING')}
          >
            {t('operator.actions.run')}
          </TouchButton>
        )}
        <TouchButton
          color="red.8"
          leftSection={<IconAlertTriangle aria-hidden />}
          onClick={() => setPicker('interruption')}
          disabled={!data || !INTERRUPTION_STATUSES.some(can)}
        >
          {t('operator.actions.interruption')}
        </TouchButton>
        <TouchButton
          color="yellow.9"
          style={DARK_TEXT}
          leftSection={<IconTool aria-hidden />}
          onClick={() => setPicker('support')}
          disabled={!data || !SUPPORT_STATUSES.some(can)}
        >
          {t('operator.actions.support')}
        </TouchButton>
        <TouchButton
          color="blue.8"
          leftSection={<IconReplace aria-hidden />}
          onClick={() => set('KNIFE_SWAP')}
          disabled={!data || !can('KNIFE_SWAP')}
        >
          {t('operator.actions.knifeSwap')}
        </TouchButton>
        <TouchButton
          color="blue.8"
          leftSection={<IconAdjustments aria-hidden />}
          onClick={() => set('KNIFE_CALIBRATION')}
          disabled={!data || !can('KNIFE_CALIBRATION')}
        >
          {t('operator.actions.calibration')}
        </TouchButton>
        <TouchButton
          color="gray.7"
          leftSection={<IconCoffee aria-hidden />}
          onClick={() => set('BREAK')}
          disabled={!data || !can('BREAK')}
        >
          {t('operator.actions.break')}
        </TouchButton>
        <TouchButton
          color="gray.7"
          leftSection={<IconClockPause aria-hidden />}
          onClick={() => set('PAUSED')}
          disabled={!data || !can('PAUSED')}
        >
          {t('operator.actions.pause')}
        </TouchButton>
        <TouchButton variant="default" leftSection={<IconLogout aria-hidden />} onClick={() => void logout()}>
          {t('nav.logout')}
        </TouchButton>
      </SimpleGrid>
      <Group>
        <Button
          size="touch"
          variant="subtle"
          leftSection={<IconSwitchHorizontal aria-hidden />}
          onClick={() => release.mutate(machineId)}
          loading={release.isPending}
          disabled={offline}
        >
          {t('operator.main.changeMachine')}
        </Button>
      </Group>

      <ReasonPicker kind={picker} onClose={() => setPicker(null)} onPick={set} isAllowed={can} />
      <Modal
        opened={mustExplain}
        onClose={() => undefined}
        withCloseButton={false}
        closeOnClickOutside={false}
        closeOnEscape={false}
        centered
        size="lg"
        title={
          <Text fz={24} fw={700}>
            {t('operator.idle.title')}
          </Text>
        }
      >
        <Stack gap="lg">
          <Text fz="lg">{t('operator.idle.text')}</Text>
          <SimpleGrid cols={2} spacing="md">
            <Button
              size="touch"
              color="yellow.9"
              style={DARK_TEXT}
              leftSection={<IconTool aria-hidden />}
              onClick={() => setPicker('support')}
            >
              {t('operator.actions.support')}
            </Button>
            <Button
              size="touch"
              color="red.8"
              leftSection={<IconAlertTriangle aria-hidden />}
              onClick={() => setPicker('interruption')}
            >
              {t('operator.actions.interruption')}
            </Button>
          </SimpleGrid>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** The four reasons of an interruption (downtime) or of a support time (auxiliary time), spec §4. */
function ReasonPicker({
  kind,
  onClose,
  onPick,
  isAllowed,
}: {
  kind: Picker;
  onClose: () => void;
  onPick: (status: MachineStatus) => void;
  isAllowed: (status: MachineStatus) => boolean;
}) {
  const { t } = useTranslation();
  const reasons = kind === 'interruption' ? INTERRUPTION_STATUSES : SUPPORT_STATUSES;
  return (
    <Modal
      opened={kind !== null}
      onClose={onClose}
      centered
      size="xl"
      closeButtonProps={{ size: 56, 'aria-label': t('actions.cancel') }}
      title={
        <Text fz={24} fw={700}>
          {kind === 'interruption'
            ? t('operator.picker.interruptionTitle')
            : t('operator.picker.supportTitle')}
        </Text>
      }
    >
      <Stack gap="md">
        <Text fz="lg" c="dimmed">
          {kind === 'interruption' ? t('operator.picker.interruptionHint') : t('operator.picker.supportHint')}
        </Text>
        <SimpleGrid cols={2} spacing="md">
          {reasons.map((reason) => (
            <Button
              key={reason}
              size="touch"
              h={96}
              color={kind === 'interruption' ? 'red.8' : 'yellow.9'}
              style={kind === 'interruption' ? undefined : DARK_TEXT}
              onClick={() => onPick(reason)}
              disabled={!isAllowed(reason)}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
            >
              {translateKey(t, `status.machine.${reason}`)}
            </Button>
          ))}
        </SimpleGrid>
        <Button size="touch" variant="default" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
      </Stack>
    </Modal>
  );
}
