import { Alert, Badge, Button, Container, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle, WebsiteLayout } from '../../../components/layout';
import { translateKey } from '../../../lib/i18n';

function AudiencePage({ kind }: { kind: 'printing' | 'grinding' }) {
  const { t } = useTranslation();
  const base = `website.${kind}` as const;
  usePageTitle(t(`${base}.title`));
  const points = [1, 2, 3, 4, 5].map((n) => translateKey(t, `${base}.point${n}`));
  return (
    <WebsiteLayout>
      <Container size="md" py={{ base: 32, sm: 56 }}>
        <Stack gap="lg">
          <Group gap="sm">
            <Title order={1}>{t(`${base}.title`)}</Title>
            {kind === 'grinding' && (
              <Badge color="gray" variant="light" size="lg">
                {t('website.soon')}
              </Badge>
            )}
          </Group>
          <Text size="lg">{t(`${base}.intro`)}</Text>
          <List
            spacing="sm"
            icon={
              <ThemeIcon size={22} radius="xl" color="green" variant="light" aria-hidden>
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            {points.map((point) => (
              <List.Item key={point}>{point}</List.Item>
            ))}
          </List>
          {kind === 'grinding' ? (
            <Alert icon={<IconClockHour4 aria-hidden />} title={t('website.grinding.soonTitle')} color="gray">
              {t('website.grinding.soonText')}
            </Alert>
          ) : null}
          <Group>
            {kind === 'printing' ? (
              <Button component={Link} to="/register">
                {t('website.register')}
              </Button>
            ) : null}
            <Button component={Link} to="/contact" variant="default">
              {t('website.nav.contact')}
            </Button>
          </Group>
        </Stack>
      </Container>
    </WebsiteLayout>
  );
}

export function PrintingShopsPage() {
  return <AudiencePage kind="printing" />;
}

export function GrindingShopsPage() {
  return <AudiencePage kind="grinding" />;
}
