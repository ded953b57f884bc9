import { EMAIL_LOGIN_CALLBACK_ROUTE } from '@sage/contract';
import type { Config } from '../../../env';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether the hosted email sign-in page may send tokens to `redirectUri` (docs/decisions/0022). Registered:
 * the web app's own callback on PUBLIC_URL, each address of AUTH_REDIRECT_URIS, and (outside production) the
 * callback on a loopback address at any port. Addresses compare exactly (scheme, host, port and path); a
 * query or fragment is never accepted.
 */
export function isRegisteredRedirectUri(
  config: Pick<Config, 'PUBLIC_URL' | 'AUTH_REDIRECT_URIS' | 'NODE_ENV'>,
  redirectUri: string,
): boolean {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return false;
  }
  if (url.search || url.hash || url.username || url.password) return false;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  const candidate = `${url.origin}${url.pathname}`;
  const registered = new Set<string>();
  if (config.PUBLIC_URL) registered.add(new URL(EMAIL_LOGIN_CALLBACK_ROUTE, config.PUBLIC_URL).toString());
  for (const entry of (config.AUTH_REDIRECT_URIS ?? '').split(',')) {
    const trimmed = entry.trim();
    if (!trimmed) continue;
    try {
      const registeredUrl = new URL(trimmed);
      registered.add(`${registeredUrl.origin}${registeredUrl.pathname}`);
    } catch {
      // A malformed entry registers nothing.
    }
  }
  if (registered.has(candidate)) return true;
  return (
    config.NODE_ENV !== 'production' &&
    LOOPBACK_HOSTS.has(url.hostname) &&
    url.pathname === EMAIL_LOGIN_CALLBACK_ROUTE
  );
}
