import { type PartnershipInvite, PartnershipInviteSchema } from '@kerf/contracts';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormModal, useContractForm, useFormSubmit } from '../../../components/form';
import { isApiError } from '../../../lib/api';
import { useInvitePartner } from '../api/partnerships';

/** The printing shop invites a grinding shop by its client ID (the tenant ID its people sign in with). */
export function InvitePartnerModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const invite = useInvitePartner();
  const form = useContractForm(PartnershipInviteSchema, {
    initialValues: { grindingShopClient: '' } as PartnershipInvite,
  });
  const submit = useFormSubmit(form, (values) => invite.mutateAsync(values), {
    onSaved: onClose,
    onError: (error) => {
      if (!isApiError(error) || error.code !== 'service.knives.TENANT_NOT_FOUND') return false;
      form.setFieldError('grindingShopClient', t('logistics.invite.notFound'));
      return true;
    },
  });
  return (
    <FormModal
      title={t('logistics.invite.title')}
      onClose={onClose}
      onSubmit={submit}
      submitting={invite.isPending}
      size="md"
    >
      <TextInput
        label={t('logistics.invite.client')}
        description={t('logistics.invite.clientHint')}
        required
        dir="ltr"
        autoCapitalize="none"
        data-autofocus
        {...form.getInputProps('grindingShopClient')}
      />
    </FormModal>
  );
}
