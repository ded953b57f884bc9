import { Box } from '@mantine/core';
import { useMemo } from 'react';
import { brandingForHost } from './branding';

/** The login page logo: the partner's for a partner subdomain, else the product's. */
export function PartnerLogo({ hostname = window.location.hostname }: { hostname?: string }) {
  const branding = useMemo(() => brandingForHost(hostname), [hostname]);
  const initials = branding.name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word[0])
    .join('');
  return (
    <Box
      component="svg"
      role="img"
      aria-label={`${branding.name} logo`}
      data-branding={branding.key}
      viewBox="0 0 64 64"
      w={64}
      h={64}
    >
      <circle cx="32" cy="32" r="30" fill={branding.color} />
      <text
        x="32"
        y="40"
        textAnchor="middle"
        fontSize="22"
        fontWeight="700"
        fill="#fff"
        fontFamily="system-ui, sans-serif"
      >
        {initials}
      </text>
    </Box>
  );
}
