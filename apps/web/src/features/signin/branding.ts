import { PRODUCT_NAME } from '../../shared/constants';

/**
 * "The logo on the login page depends on the subdomain: six partner companies are recognised, otherwise a
 * default logo." The six partners and their colours are ours (docs/decisions/0024).
 */
export interface Branding {
  key: string;
  name: string;
  color: string;
}

export const DEFAULT_BRANDING: Branding = { key: 'default', name: PRODUCT_NAME, color: '#1f7a5c' };

export const PARTNER_BRANDINGS: readonly Branding[] = [
  { key: 'cedarbrook', name: 'Cedarbrook Senior Living', color: '#7a4a1f' },
  { key: 'harborlight', name: 'Harborlight Communities', color: '#1f4f7a' },
  { key: 'willowcrest', name: 'Willowcrest Care', color: '#4f7a1f' },
  { key: 'sunmeadow', name: 'Sunmeadow Retirement', color: '#b8860b' },
  { key: 'pinehaven', name: 'Pinehaven Living', color: '#2f5d50' },
  { key: 'silverleaf', name: 'Silverleaf Residences', color: '#5b6470' },
];

/** The partner whose subdomain the app is served on (`cedarbrook.app.example.com`), else the default. */
export function brandingForHost(hostname: string): Branding {
  const labels = hostname.toLowerCase().split('.');
  if (labels.length < 3) return DEFAULT_BRANDING;
  return PARTNER_BRANDINGS.find((partner) => partner.key === labels[0]) ?? DEFAULT_BRANDING;
}
