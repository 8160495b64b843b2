import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';

function BrandMark() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="6" fill="var(--mantine-color-steel-8)" />
      <path d="M7 23 L25 9" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <path d="M7 9v14h18" fill="none" stroke="#cfe0ef" strokeWidth="2.5" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * Product mark and name (the name from phone width up); a link to the given start page. The name is a
 * brand and is not translated.
 */
export function Brand({
  to,
  label,
  touch,
  className,
}: {
  to: string;
  label: string;
  touch?: boolean;
  className?: string;
}) {
  return (
    <Link
      to={to}
      aria-label={`Kerf · ${label}`}
      className={className}
      // on a touch terminal the link is a full 48 px target like every other
      style={{
        textDecoration: 'none',
        borderRadius: 4,
        display: 'flex',
        alignItems: 'center',
        minHeight: touch ? 48 : undefined,
      }}
    >
      <Group gap={8} wrap="nowrap">
        <BrandMark />
        <Text fw={750} fz="lg" c="dark.8" translate="no" visibleFrom="xs">
          Kerf
        </Text>
      </Group>
    </Link>
  );
}
