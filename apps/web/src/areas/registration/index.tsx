import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout, usePageTitle } from '../../components/layout';

/** spec §2 registration: the four-step wizard arrives with its issue; the URL is kept stable now. */
export function RegistrationPage() {
  const { t } = useTranslation();
  usePageTitle(t('registration.title'));
  return (
    <PublicLayout>
      <Container size={640} py={{ base: 'lg', sm: 64 }}>
        <Paper withBorder radius="md" p="xl">
          <Stack gap="md" align="flex-start">
            <Title order={1}>{t('registration.title')}</Title>
            <Text>{t('registration.text')}</Text>
            <Button
              component={Link}
              to="/"
              variant="light"
              leftSection={<IconArrowBackUp size={18} aria-hidden className="mirror-in-rtl" />}
            >
              {t('registration.backHome')}
            </Button>
          </Stack>
        </Paper>
      </Container>
    </PublicLayout>
  );
}

export const Component = RegistrationPage;
