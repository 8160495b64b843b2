import { Anchor, Breadcrumbs, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/errors';

/** Locations / <name>: the way back from a location's page to the overview (`..`). */
export function LocationBreadcrumbs({ name }: { name?: string }) {
  const { t } = useTranslation();
  return (
    <Breadcrumbs>
      <Anchor component={Link} to="..">
        {t('sections.locations')}
      </Anchor>
      {name && <Text translate="no">{name}</Text>}
    </Breadcrumbs>
  );
}

/** A location's page whose location could not be loaded: the way back and a retry. */
export function LocationLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <LocationBreadcrumbs />
      <ErrorAlert
        error={error}
        action={
          <Button mt="sm" size="xs" variant="light" color="red" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        }
      />
    </Stack>
  );
}
