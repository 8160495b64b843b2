import type { Team } from '@kerf/contracts';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  MultiSelect,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCheck, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/errors';
import { confirm, notifyError, notifySaved } from '../../../components/feedback';
import {
  useCreateTeam,
  useDeleteTeam,
  useRenameTeam,
  useSetTeamMembers,
  useTeamCandidates,
  useTeams,
} from '../api/teams';
import { CardHeading } from './card-heading';

/**
 * Tenant admin: the shop's teams and who is in which (at most one team per employee). With
 * works-council mode "teams", the per-employee reports show these teams instead of persons.
 */
export function TeamsCard() {
  const { t, i18n } = useTranslation();
  const teams = useTeams();
  const people = useTeamCandidates();
  const create = useCreateTeam();
  const rename = useRenameTeam();
  const members = useSetTeamMembers();
  const remove = useDeleteTeam();
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  const options = (people.data ?? []).map((person) => ({
    value: person.id,
    label:
      person.displayName?.trim() ||
      [person.firstName, person.lastName].filter(Boolean).join(' ') ||
      person.username,
  }));

  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
      notifySaved(t);
      return true;
    } catch (error) {
      notifyError(error, t, i18n);
      return false;
    }
  };
  const onDelete = async (team: Team) => {
    const ok = await confirm({
      title: t('teams.deleteTitle', { name: team.name }),
      message: t('teams.deleteMessage'),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      danger: true,
    });
    if (ok) await run(() => remove.mutateAsync(team.id));
  };

  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="sm">
        <CardHeading title={t('teams.title')} explain={t('teams.explain')} />
        {teams.error ? <ErrorAlert error={teams.error} /> : null}
        <Group align="flex-end">
          <TextInput
            label={t('teams.newName')}
            value={name}
            maxLength={80}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Button
            leftSection={<IconPlus aria-hidden size={18} />}
            disabled={name.trim() === ''}
            loading={create.isPending}
            onClick={async () => {
              if (await run(() => create.mutateAsync(name.trim()))) setName('');
            }}
          >
            {t('teams.create')}
          </Button>
        </Group>
        {teams.isPending ? (
          <Skeleton height={80} />
        ) : (teams.data ?? []).length === 0 ? (
          <Text c="dimmed">{t('teams.empty')}</Text>
        ) : (
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('teams.name')}</Table.Th>
                <Table.Th>{t('teams.members')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(teams.data ?? []).map((team) => (
                <Table.Tr key={team.id}>
                  <Table.Td>
                    {editing?.id === team.id ? (
                      <Group gap="xs" wrap="nowrap">
                        <TextInput
                          aria-label={t('teams.name')}
                          value={editing.name}
                          maxLength={80}
                          onChange={(event) => setEditing({ id: team.id, name: event.currentTarget.value })}
                        />
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('actions.save')}
                          disabled={editing.name.trim() === ''}
                          onClick={async () => {
                            if (
                              await run(() => rename.mutateAsync({ id: team.id, name: editing.name.trim() }))
                            )
                              setEditing(null);
                          }}
                        >
                          <IconCheck aria-hidden size={18} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('actions.cancel')}
                          onClick={() => setEditing(null)}
                        >
                          <IconX aria-hidden size={18} />
                        </ActionIcon>
                      </Group>
                    ) : (
                      <bdi translate="no">{team.name}</bdi>
                    )}
                  </Table.Td>
                  <Table.Td miw={280}>
                    <MultiSelect
                      aria-label={t('teams.membersOf', { name: team.name })}
                      data={options}
                      value={team.memberIds}
                      searchable
                      onChange={(userIds) => void run(() => members.mutateAsync({ id: team.id, userIds }))}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap" justify="flex-end">
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('teams.renameNamed', { name: team.name })}
                        onClick={() => setEditing({ id: team.id, name: team.name })}
                      >
                        <IconPencil aria-hidden size={18} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('teams.deleteNamed', { name: team.name })}
                        onClick={() => void onDelete(team)}
                      >
                        <IconTrash aria-hidden size={18} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
