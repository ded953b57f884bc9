import { describe, expect, it } from 'vitest';
import { brandingForHost, PARTNER_BRANDINGS } from './branding';

describe('[AUTH][LOGIN]: "six partner companies are recognised, otherwise a default logo"', () => {
  it('knows six partners', () => {
    expect(PARTNER_BRANDINGS).toHaveLength(6);
  });
  it.each([
    ['cedarbrook.sagecare.app', 'cedarbrook'],
    ['Harborlight.sagecare.app', 'harborlight'],
    ['silverleaf.staging.sagecare.app', 'silverleaf'],
    ['app.sagecare.app', 'default'],
    ['sagecare.app', 'default'],
    ['localhost', 'default'],
    ['127.0.0.1', 'default'],
  ])('%s -> %s', (host, key) => {
    expect(brandingForHost(host).key).toBe(key);
  });
});
