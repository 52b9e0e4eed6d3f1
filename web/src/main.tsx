import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { createRoot } from 'react-dom/client';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
const root = createRoot(container);

// A first visit to / shows the landing without the router, TanStack Query or tRPC (issue 12,
// item 7); every other URL starts the routed app.
if (window.location.pathname === '/') {
  void import('./app/front-door').then(({ showFrontDoor }) => showFrontDoor(root));
} else {
  void import('./app/start-app').then(({ startApp }) => startApp(root));
}
