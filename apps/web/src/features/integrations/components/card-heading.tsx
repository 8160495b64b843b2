import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The heading of each integration card: its title, what it is for, and the card's main action (if
 * it has one) on the end side.
 */
export function CardHeading({
  title,
  explain,
  action,
}: {
  title: string;
  explain: string;
  action?: ReactNode;
}) {
  const heading = (
    <Stack gap={4}>
      <Title order={2} size="h3">
        {title}
      </Title>
      <Text c="dimmed" size="sm" maw={760}>
        {explain}
      </Text>
    </Stack>
  );
  if (!action) return heading;
  return (
    <Group justify="space-between" align="flex-start">
      {heading}
      {action}
    </Group>
  );
}
