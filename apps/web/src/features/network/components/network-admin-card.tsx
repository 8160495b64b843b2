import { NetworkAdminSchema } from '@kerf/contracts';
import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPencil, IconPhone } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/errors';
import { FormModal, fieldErrorMessage, useContractForm, useFormSubmit } from '../../../components/form';
import { formatPhone, isPhoneValid, PhoneField } from '../../../components/inputs';
import { useNetworkAdmin, useSetNetworkAdmin } from '../api/network-admin';

type Admin = { name?: string | null; phone?: string | null; email?: string | null };

function NetworkAdminModal({ admin, onClose }: { admin: Admin; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSetNetworkAdmin();
  const form = useContractForm(NetworkAdminSchema, {
    initialValues: { name: admin.name ?? '', phone: admin.phone ?? '', email: admin.email ?? null },
  });
  const submit = useFormSubmit(
    form,
    async (values) => {
      if (!isPhoneValid(values.phone)) {
        form.setFieldError('phone', fieldErrorMessage(t, 'INVALID_PHONE'));
        return false;
      }
      return save.mutateAsync({
        name: values.name?.trim() || null,
        phone: values.phone?.trim() || null,
        email: values.email?.trim() || null,
      });
    },
    { onSaved: onClose },
  );
  return (
    <FormModal
      onClose={onClose}
      title={t('network.admin.editTitle')}
      onSubmit={submit}
      submitting={save.isPending}
    >
      <TextInput
        label={t('network.admin.name')}
        data-autofocus
        {...form.getInputProps('name')}
        value={form.values.name ?? ''}
      />
      <PhoneField
        label={t('network.admin.phone')}
        value={form.values.phone}
        onChange={(value) => form.setFieldValue('phone', value)}
        error={form.errors.phone}
      />
      <TextInput
        label={t('network.admin.email')}
        type="email"
        dir="ltr"
        {...form.getInputProps('email')}
        value={form.values.email ?? ''}
        onChange={(event) => form.setFieldValue('email', event.currentTarget.value || null)}
      />
    </FormModal>
  );
}

/** The tenant's network administrator with phone (dashboard, network details). */
export function NetworkAdminCard() {
  const { t } = useTranslation();
  const query = useNetworkAdmin();
  const [editing, setEditing] = useState(false);
  const admin = query.data;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4">
            {t('network.admin.title')}
          </Title>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => setEditing(true)}
            disabled={!admin}
          >
            {t('actions.edit')}
          </Button>
        </Group>
        {query.error ? (
          <ErrorAlert error={query.error} />
        ) : !admin ? (
          <Skeleton height={48} />
        ) : admin.name || admin.phone || admin.email ? (
          <Stack gap={2}>
            {admin.name && (
              <Text fw={500} translate="no">
                {admin.name}
              </Text>
            )}
            {admin.phone && (
              <Group gap={6}>
                <IconPhone size={16} aria-hidden />
                <Anchor href={`tel:${admin.phone.replace(/\s/g, '')}`} dir="ltr" translate="no">
                  {formatPhone(admin.phone)}
                </Anchor>
              </Group>
            )}
            {admin.email && (
              <Anchor href={`mailto:${admin.email}`} size="sm" translate="no">
                {admin.email}
              </Anchor>
            )}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('network.admin.missing')}
          </Text>
        )}
      </Stack>
      {editing && admin && <NetworkAdminModal admin={admin} onClose={() => setEditing(false)} />}
    </Paper>
  );
}
