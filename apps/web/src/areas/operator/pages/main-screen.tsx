import {
  INTERRUPTION_STATUSES,
  type MachineStatus,
  SUPPORT_STATUSES,
  statusTransition,
} from '@kerf/contracts';
import {
  Button,
  Card,
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
  IconCloudUpload,
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
  ToneBadge,
} from '../../../components/status';
import { useLogout } from '../../../features/session';
import { formatDurationWords, formatNumber, formatTime } from '../../../lib/format';
import { translateKey } from '../../../lib/i18n';
import { HOME } from '../home-path';
import {
  useNoCutsPromptDelay,
  useReleaseMachine,
  useTerminalInputs,
  useTerminalState,
  useTerminalView,
} from '../terminal';
import { KnifeNotice, knifeNoticeOf, useDismissedNotices } from './knife-notice';

/** Dark words on the amber of support time: white on amber stays under 4.5:1. */
const DARK_TEXT = { '--button-color': 'var(--mantine-color-black)' } as CSSProperties;

const cssColor = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;

/**
 * The machine's status as the terminal's largest element: readable at arm's length, colour plus icon
 * plus words; "not sent yet" while the operator's status waits in the outbox, and while offline how
 * old the machine's data is.
 */
function StatusBlock({
  status,
  since,
  pending,
  asOf,
}: {
  status: ShownStatus;
  since: string | null;
  pending: boolean;
  asOf: number | null;
}) {
  const { t } = useTranslation();
  const look = STATUS_GROUP_LOOK[statusGroupOf(status)];
  const color = cssColor(look.color);
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      px="md"
      py={6}
      style={{
        border: `3px ${look.dashed ? 'dashed' : 'solid'} ${color}`,
        borderRadius: 12,
        background: `color-mix(in srgb, ${color} 12%, white)`,
      }}
    >
      <look.icon size={36} color={color} aria-hidden />
      <Stack gap={0}>
        <Group gap="xs" wrap="nowrap">
          <Text fz={26} fw={800} lh={1.15} data-testid="terminal-status-label">
            {translateKey(t, `status.machine.${status}`)}
          </Text>
          {pending && (
            <span data-testid="terminal-status-pending">
              <ToneBadge size="lg" color="yellow.9" icon={IconCloudUpload}>
                {t('operator.orders.notSent')}
              </ToneBadge>
            </span>
          )}
        </Group>
        {(since || asOf !== null) && (
          <Text fz="md" c="dimmed">
            {since && (
              <>
                {t('operator.main.since')} <TimeText value={since} />
              </>
            )}
            {since && asOf !== null && ' · '}
            {asOf !== null && (
              <span data-testid="terminal-as-of">
                {t('operator.main.lastReceived', { time: formatTime(asOf) })}
              </span>
            )}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/**
 * A glove-sized button, its icon above its label: at 1024 px a fifth of the row leaves an icon beside
 * the label too little room, and German words ("Unterbrechung", "Messerwechsel") broke mid-word.
 */
const TOUCH_BUTTON_STYLES = {
  root: { height: 'auto', minHeight: 76, paddingBlock: 8, paddingInline: 10 },
  inner: { flexDirection: 'column', justifyContent: 'center', gap: 4 },
  section: { marginInline: 0 },
  // A word longer than the button still breaks (with a hyphen where the browser knows how).
  // bold 20 px: large text for the contrast rules (3:1), like the status colours of the buttons need
  label: {
    fontWeight: 700,
    whiteSpace: 'normal',
    textAlign: 'center',
    lineHeight: 1.2,
    hyphens: 'auto',
    overflowWrap: 'anywhere',
  },
} satisfies Record<string, CSSProperties>;

function TouchButton(props: ComponentProps<typeof Button<'button'>>) {
  return <Button size="touch" {...props} styles={TOUCH_BUTTON_STYLES} />;
}

function Panel({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" style={{ borderWidth: 2 }}>
      <Group gap="xs" mb={6} wrap="nowrap">
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
 * product.md §2 main screen: the inserted knife and the current order, the machine status always in view,
 * and large buttons for setup/calibration, knife change, interruption, support time, break, pause,
 * orders and logout. Every input goes through the outbox (works offline) and shows at once. At
 * 1024×768 everything is in view without scrolling (issue 33): one header row with the status, one
 * line of knife notice, the knife and order side by side, and the actions in two rows of five.
 */
export function MainScreen({ machineId }: { machineId: string }) {
  const { t, i18n } = useTranslation();
  // the server's view of the machine (with the operator's unsent inputs over it): nothing is computed here
  const view = useTerminalView(machineId);
  const inputs = useTerminalInputs(machineId);
  const { offline, items } = useTerminalState();
  const release = useReleaseMachine();
  const promptAfterMs = useNoCutsPromptDelay(machineId) * 60_000;
  const logout = useLogout(HOME);
  const notices = useDismissedNotices();
  const [picker, setPicker] = useState<Picker>(null);
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
  const statusPending = items.some((item) => item.kind === 'status' && item.machineId === machineId);

  // After the configured minutes RUNNING without a cut the operator must say why: support time or interruption.
  const lastActivity = Math.max(
    data?.statusSince ? Date.parse(data.statusSince) : 0,
    data?.lastCutAt ? Date.parse(data.lastCutAt) : 0,
  );
  const mustExplain =
    status === 'RUNNING' && lastActivity > 0 && now - lastActivity >= promptAfterMs && picker === null;

  const knife = data?.knife;
  const notice = knife ? knifeNoticeOf(knife) : null;
  const job = data?.currentJob;
  const inGroup = (group: readonly MachineStatus[]) => status !== null && group.includes(status);
  const inActivity = status !== null && status !== 'RUNNING' && status !== 'PAUSED';

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center" wrap="nowrap" gap="md">
        <Stack gap={0} style={{ minWidth: 0 }}>
          {data ? (
            <Title order={1} fz={30} translate="no" dir="auto">
              {data.name}
            </Title>
          ) : (
            <Skeleton h={36} w={240} />
          )}
          <Text fz="lg" c="dimmed" translate="no">
            {data?.serialNumber}
          </Text>
        </Stack>
        <div aria-live="polite" data-testid="terminal-status">
          {data ? (
            <StatusBlock
              status={status ?? 'UNKNOWN'}
              since={data.statusSince}
              pending={statusPending}
              asOf={offline ? view.asOf : null}
            />
          ) : (
            <Skeleton h={64} w={260} />
          )}
        </div>
      </Group>

      {notice && !notices.isDismissed(notice) && (
        <KnifeNotice notice={notice} onDismiss={() => notices.dismiss(notice)} />
      )}

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Panel title={t('operator.main.knife')} icon={<IconBlade size={24} aria-hidden />}>
          {!data ? (
            <Skeleton h={72} />
          ) : knife ? (
            <Stack gap={6}>
              <Group gap="sm" justify="space-between" wrap="wrap">
                <Text fz={20} fw={700} ff="monospace" translate="no" style={{ overflowWrap: 'anywhere' }}>
                  {knife.rfid}
                </Text>
                <SwapUrgencyBadge urgency={knife.swapUrgency} size="lg" />
              </Group>
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
                  size="lg"
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
            <Skeleton h={72} />
          ) : job ? (
            <Stack gap={2}>
              <Text fz={20} fw={700} translate="no" dir="auto" lineClamp={1} data-testid="terminal-job-name">
                {job.name}
              </Text>
              <Text fz="md" c="dimmed">
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
                fz={26}
                fw={700}
                data-testid="terminal-job-cuts"
                style={{ fontVariantNumeric: 'tabular-nums' }}
              >
                {t('operator.main.jobCuts', { cuts: n(job.cuts) })}
              </Text>
            </Stack>
          ) : (
            <Text fz="lg" c="dimmed">
              {t('operator.main.noJob')}
            </Text>
          )}
        </Panel>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" data-testid="terminal-actions">
        {inActivity ? (
          <TouchButton
            color="green.9"
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
            color="green.9"
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
        <Button
          component={Link}
          to={`${HOME}/orders`}
          size="touch"
          variant="light"
          styles={TOUCH_BUTTON_STYLES}
          leftSection={<IconClipboardList aria-hidden />}
        >
          {t('operator.main.orders')}
        </Button>
        <TouchButton
          variant="default"
          leftSection={<IconSwitchHorizontal aria-hidden />}
          onClick={() => release.mutate(machineId)}
          loading={release.isPending}
          disabled={offline}
        >
          {t('operator.main.changeMachine')}
        </TouchButton>
        <TouchButton variant="default" leftSection={<IconLogout aria-hidden />} onClick={() => void logout()}>
          {t('nav.logout')}
        </TouchButton>
      </SimpleGrid>

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
          <Text fz="xl" fw={700} data-testid="idle-stood">
            {t('operator.idle.stood', {
              duration: formatDurationWords((now - lastActivity) / 1000, i18n.language),
            })}
          </Text>
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

/** The four reasons of an interruption (downtime) or of a support time (auxiliary time), product.md §4. */
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
