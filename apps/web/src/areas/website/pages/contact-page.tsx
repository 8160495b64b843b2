import { type CaptchaPayload, type ContactRequest, ContactRequestSchema, SALUTATIONS } from '@kerf/contracts';
import {
  Alert,
  Button,
  Container,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors, useContractForm } from '../../../components/form';
import { PhoneField } from '../../../components/inputs';
import { usePageTitle, WebsiteLayout } from '../../../components/layout';
import { CaptchaField, useContractConditions, useSendContact } from '../../../features/website';
import { languageOf, useLocale } from '../../../lib/i18n';

type Phase = 'form' | 'sending' | 'sent' | 'failed';

/** product.md §2/§3 contact form: sending, thank-you and failure states; ALTCHA proof of work. */
function ContactPage() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  usePageTitle(t('website.contact.title'));
  const [phase, setPhase] = useState<Phase>('form');
  const [captcha, setCaptcha] = useState<CaptchaPayload | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const conditions = useContractConditions('DE');
  const sendContact = useSendContact();
  const form = useContractForm(ContactRequestSchema.omit({ captcha: true, language: true }), {
    initialValues: {
      salutation: 'MS',
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      company: '',
      message: '',
    },
  });

  const submit = form.onSubmit(async (values) => {
    if (!captcha) return;
    setPhase('sending');
    try {
      await sendContact.mutateAsync({ ...(values as ContactRequest), language: languageOf(locale), captcha });
      setPhase('sent');
    } catch (error) {
      setCaptchaRound((round) => round + 1);
      if (applyServerFieldErrors(form as never, error, t)) setPhase('form');
      else setPhase('failed');
    }
  });

  return (
    <WebsiteLayout>
      <Container size={720} py={{ base: 32, sm: 56 }}>
        <Stack gap="lg">
          <Title order={1}>{t('website.contact.title')}</Title>
          <Text>{t('website.contact.intro')}</Text>
          {phase === 'sent' ? (
            <Alert
              color="green"
              icon={<IconCircleCheck aria-hidden />}
              title={t('website.contact.thanksTitle')}
              role="status"
            >
              {t('website.contact.thanksText')}
            </Alert>
          ) : (
            <Paper
              withBorder
              radius="md"
              p={{ base: 'md', sm: 'xl' }}
              component="form"
              onSubmit={submit}
              noValidate
            >
              <Stack gap="md">
                {phase === 'failed' && (
                  <Alert
                    color="red"
                    icon={<IconAlertTriangle aria-hidden />}
                    role="alert"
                    data-testid="contact-failed"
                  >
                    {t('website.contact.failed')}{' '}
                    <Text span fw={700} dir="ltr" style={{ unicodeBidi: 'isolate' }}>
                      {conditions.data?.supportPhone ?? ''}
                    </Text>
                  </Alert>
                )}
                <Select
                  label={t('websiteForms.salutation')}
                  data={SALUTATIONS.map((value) => ({
                    value,
                    label: t(`websiteForms.salutations.${value}`),
                  }))}
                  allowDeselect={false}
                  w={{ base: '100%', xs: 200 }}
                  {...form.getInputProps('salutation')}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label={t('websiteForms.firstName')}
                    required
                    autoComplete="given-name"
                    {...form.getInputProps('firstName')}
                  />
                  <TextInput
                    label={t('websiteForms.lastName')}
                    required
                    autoComplete="family-name"
                    {...form.getInputProps('lastName')}
                  />
                </SimpleGrid>
                <TextInput
                  label={t('websiteForms.email')}
                  type="email"
                  required
                  autoComplete="email"
                  {...form.getInputProps('email')}
                />
                {/* a row of its own: in half a row the country's name ("Deutschland (+49)") was cut off */}
                <PhoneField
                  label={t('websiteForms.phone')}
                  value={form.getValues().phone}
                  onChange={(value) => form.setFieldValue('phone', value)}
                  error={form.errors.phone}
                />
                <TextInput
                  label={t('websiteForms.companyOptional')}
                  autoComplete="organization"
                  {...form.getInputProps('company')}
                />
                <Textarea
                  label={t('website.contact.message')}
                  required
                  autosize
                  minRows={4}
                  maxRows={12}
                  {...form.getInputProps('message')}
                />
                <CaptchaField onChange={setCaptcha} resetKey={captchaRound} />
                <Group justify="flex-end">
                  <Button type="submit" loading={phase === 'sending'} disabled={!captcha}>
                    {phase === 'sending' ? t('website.contact.sending') : t('website.contact.send')}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          )}
        </Stack>
      </Container>
    </WebsiteLayout>
  );
}

export const Component = ContactPage;
