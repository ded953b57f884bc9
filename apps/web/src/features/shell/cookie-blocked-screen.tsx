import { Button, Center, Stack, Text, Title } from '@mantine/core';
import type { CookieBlockedMessages } from '@sage/contract';
import { PRODUCT_NAME } from '../../shared/constants';
import { detectBrowser } from './detect-browser';
import { ShellScreenLoading } from './error-fallback-screen';
import { useShellMessages } from './shell-messages';

/** Help pages on enabling cookies, for the four browsers the spec names (in the contract's order). */
export const COOKIE_HELP_LINKS: ReadonlyArray<{
  browser: (typeof CookieBlockedMessages.browsers)[number];
  href: string;
}> = [
  { browser: 'Chrome', href: 'https://support.google.com/chrome/answer/95647' },
  { browser: 'Safari', href: 'https://support.apple.com/guide/safari/manage-cookies-sfri11471/mac' },
  {
    browser: 'Firefox',
    href: 'https://support.mozilla.org/en-US/kb/cookies-information-websites-store-on-your-computer',
  },
  {
    browser: 'Microsoft Edge',
    href: 'https://support.microsoft.com/en-us/microsoft-edge/manage-cookies-in-microsoft-edge-view-allow-block-delete-and-use-168dab11-0753-043d-7c16-ede5947fc64d',
  },
];

export interface CookieBlockedScreenProps {
  userAgent: string;
}

/** Shown instead of the whole app when the browser has cookies disabled. */
export function CookieBlockedScreen({ userAgent }: CookieBlockedScreenProps) {
  const browser = detectBrowser(userAgent);
  const m = useShellMessages();
  if (!m) return <ShellScreenLoading />;
  return (
    <Center component="main" mih="100dvh" p="lg">
      <Stack gap="md" maw={480}>
        <Title order={1} fz="h2">
          {m.cookieHeadline({ product: PRODUCT_NAME })}
        </Title>
        <Text>{m.cookieExplanation()}</Text>
        <Text data-testid="detected-browser">
          {m.yourBrowser({ browser: browser.version ? `${browser.name} ${browser.version}` : browser.name })}
        </Text>
        <Text fw={700}>{m.howToEnableCookies()}:</Text>
        <Stack gap="sm" component="nav" aria-label={m.howToEnableCookies()}>
          {COOKIE_HELP_LINKS.map((link) => (
            <Button
              key={link.browser}
              component="a"
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              fullWidth
            >
              {link.browser}
            </Button>
          ))}
        </Stack>
      </Stack>
    </Center>
  );
}
