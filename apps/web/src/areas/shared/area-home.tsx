import type { Area } from '@kerf/contracts';
import {
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type NavItem, PageSkeleton, usePageTitle } from '../../components/layout';
import { displayNameOf, useSelf } from '../../features/session';
import { translateKey } from '../../lib/i18n';

/** The start page of an area: who is signed in, for which client, and where to go from here. */
export function AreaHome({ area, sections, touch }: { area: Area; sections: NavItem[]; touch?: boolean }) {
  const { t } = useTranslation();
  const { data: self } = useSelf();
  const title = translateKey(t, `areas.${area}.title`);
  usePageTitle(title);
  if (!self) return <PageSkeleton />;

  return (
    <Container size="lg" px={0}>
      <Stack gap="xl">
        <Stack gap={4}>
          <Text c="dimmed" fw={600} size="sm" tt="uppercase">
            {title}
          </Text>
          <Title order={1}>{t('areaHome.welcome', { name: displayNameOf(self) })}</Title>
          <Text c="dimmed" size={touch ? 'lg' : 'md'}>
            {translateKey(t, `areas.${area}.description`)}
          </Text>
        </Stack>

        <Card withBorder radius="md" p={0} maw={560}>
          <Table
            variant="vertical"
            layout="fixed"
            withRowBorders
            verticalSpacing={touch ? 'md' : 'sm'}
            fz={touch ? 'lg' : 'sm'}
          >
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={touch ? 180 : 160}>{t('areaHome.role')}</Table.Th>
                <Table.Td>{translateKey(t, `roles.${self.role}`)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('areaHome.tenant')}</Table.Th>
                <Table.Td translate="no">
                  {self.tenant.name}{' '}
                  <Text span c="dimmed" size="sm" dir="ltr">
                    ({self.tenant.slug})
                  </Text>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('areaHome.username')}</Table.Th>
                <Table.Td translate="no">
                  <bdi dir="ltr">{self.username}</bdi>
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Card>

        {sections.length > 0 && (
          <Stack gap="sm">
            <Title order={2} size="h3">
              {t('areaHome.sectionsTitle')}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing={touch ? 'lg' : 'md'}>
              {sections.map((section) => (
                <Button
                  key={section.to}
                  component={Link}
                  to={section.to}
                  variant="default"
                  size={touch ? 'touch' : 'lg'}
                  justify="start"
                  leftSection={
                    <ThemeIcon variant="light" size={touch ? 40 : 32}>
                      <section.icon size={touch ? 24 : 20} aria-hidden />
                    </ThemeIcon>
                  }
                >
                  {section.label}
                </Button>
              ))}
            </SimpleGrid>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}

/** A section the navigation names but a later update brings: says so plainly, shows no data. */
export function SectionPending({ label, homePath }: { label: string; homePath: string }) {
  const { t } = useTranslation();
  usePageTitle(label);
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <Title order={1}>{label}</Title>
        <Card withBorder radius="md" p="xl">
          <Stack gap="sm" align="flex-start">
            <Title order={2} size="h4">
              {t('areaHome.pendingTitle', { section: label })}
            </Title>
            <Text c="dimmed" maw={560}>
              {t('areaHome.pendingText')}
            </Text>
            <Group>
              <Button component={Link} to={homePath} variant="light">
                {t('notFound.action')}
              </Button>
            </Group>
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
