import { Box } from '@mantine/core';
import { createContext, useContext, useMemo } from 'react';
import { brandingForHost } from './branding';

/**
 * True while the sign-in page is rendered to HTML at build time (sign-in-html.tsx): the logo depends on the
 * address it is served at, so the HTML keeps its place empty and the app draws the right one (decision 0900).
 */
export const LogoPlaceholder = createContext(false);

/** The login page logo: the partner's for a partner subdomain, else the product's. */
export function PartnerLogo({ hostname }: { hostname?: string }) {
  if (useContext(LogoPlaceholder)) return <Box w={64} h={64} aria-hidden />;
  return <BrandedLogo hostname={hostname ?? window.location.hostname} />;
}

function BrandedLogo({ hostname }: { hostname: string }) {
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
