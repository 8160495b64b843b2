import { Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingFactory2, IconLogin, IconRotateClockwise2, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout, usePageTitle } from '../../components/layout';

/** A minimal public home (DESIGN.md "Website"); the marketing pages fill it with their issue. */
export function WebsiteHome() {
  const { t } = useTranslation();
  usePageTitle(t('website.title'));
  const audiences = [
    { icon: IconBuildingFactory2, title: t('website.printingShops'), text: t('website.printingShopsText') },
    { icon: IconRotateClockwise2, title: t('website.grindingShops'), text: t('website.grindingShopsText') },
  ];
  return (
    <PublicLayout
      actions={
        <Button
          component={Link}
          to="/login"
          variant="subtle"
          leftSection={<IconLogin size={18} aria-hidden className="mirror-in-rtl" />}
          visibleFrom="xs"
        >
          {t('website.login')}
        </Button>
      }
    >
      <Container size="lg" py={{ base: 40, sm: 80 }}>
        <Stack gap="xl">
          <Stack gap="md" maw={720}>
            <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.15}>
              {t('website.title')}
            </Title>
            <Text size="lg" c="dimmed">
              {t('website.promise')}
            </Text>
            <Group>
              <Button
                component={Link}
                to="/register"
                size="lg"
                leftSection={<IconUserPlus size={20} aria-hidden />}
              >
                {t('website.register')}
              </Button>
              <Button
                component={Link}
                to="/login"
                size="lg"
                variant="default"
                leftSection={<IconLogin size={20} aria-hidden className="mirror-in-rtl" />}
              >
                {t('website.login')}
              </Button>
            </Group>
          </Stack>
          <SimpleGrid
            cols={{ base: 1, sm: 2 }}
            spacing="lg"
            component="section"
            aria-label={t('website.title')}
          >
            {audiences.map((audience) => (
              <Card key={audience.title} withBorder radius="md" p="lg">
                <Group wrap="nowrap" align="flex-start">
                  <ThemeIcon size={44} variant="light" radius="md">
                    <audience.icon size={24} aria-hidden />
                  </ThemeIcon>
                  <Stack gap={4}>
                    <Title order={2} size="h3">
                      {audience.title}
                    </Title>
                    <Text c="dimmed">{audience.text}</Text>
                  </Stack>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      </Container>
    </PublicLayout>
  );
}

export const Component = WebsiteHome;
