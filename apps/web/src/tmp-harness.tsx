import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/theme.css';
import { Button, MantineProvider, Stack } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { drawerRegistry } from './app/drawer-registry';
import { theme } from './app/theme';
import { CookieBlockedScreen } from './features/shell/cookie-blocked-screen';
import { ErrorFallbackScreen } from './features/shell/error-fallback-screen';
import { LoadingScreenView } from './features/shell/loading-screen';
import { DrawerProvider, useDrawers } from './shared/drawers';
import { PageHeader } from './shared/page-header/page-header';
import { toast } from './shared/toast';

const screen = new URLSearchParams(location.search).get('s');

function Drawers() {
  const drawers = useDrawers();
  return (
    <Stack p="md">
      <Button onClick={() => drawers.open('confirmation', { title: 'Pendant already assigned', text: 'If the button pendant currently assigned to this resident is broken, unassign the broken button before assigning a new one.', confirmLabel: 'Continue' })}>one</Button>
      <Button onClick={() => { drawers.open('confirmation', { title: 'Low' }); drawers.open('confirmation', { title: 'High' }, { priority: 5 }); }}>queue</Button>
      <Button onClick={() => drawers.openWorkflow([{ type: 'confirmation', props: { title: 'Step 1' } }, { type: 'confirmation', props: { title: 'Step 2' } }])}>wf</Button>
      <Button onClick={() => drawers.open('resident-details', {})}>unsupported</Button>
      <Button onClick={() => { toast.error('Failed to add note'); toast.error('Failed to add note'); toast.success('Note added successfully'); }}>toasts</Button>
    </Stack>
  );
}

function Page() {
  return (
    <DrawerProvider registry={drawerRegistry}>
      <PageHeader title="Add Task" confirmBack action={<Button size="sm" variant="subtle">Save</Button>} />
      <Drawers />
    </DrawerProvider>
  );
}

const router = createMemoryRouter([{ path: '/', Component: Page }]);

createRoot(document.getElementById('root')!).render(
  <MantineProvider theme={theme} forceColorScheme="light">
    <Notifications position="top-center" />
    {screen === 'cookie' ? <CookieBlockedScreen userAgent={navigator.userAgent} /> : null}
    {screen === 'loading' ? <LoadingScreenView showReloadOffer /> : null}
    {screen === 'error' ? <ErrorFallbackScreen /> : null}
    {screen === null ? <RouterProvider router={router} /> : null}
  </MantineProvider>,
);
