// Boots the app: the service worker, the outbox, the network badge and the router.
import { show } from './router.js';
import { outbox } from './engine/api/outbox.js';
import { session } from './engine/store/session.js';
import { fillIcons } from './icons.js';

fillIcons();

if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('/sw.js').catch((error) => console.warn('no service worker:', error));
}

function showNetwork() {
  document.getElementById('net-status').hidden = navigator.onLine;
}
window.addEventListener('online', () => { showNetwork(); outbox.flush(); });
window.addEventListener('offline', showNetwork);
showNetwork();

outbox.onChange((waiting) => {
  const badge = document.getElementById('outbox-status');
  badge.hidden = waiting === 0;
  badge.textContent = `${waiting} waiting to send`;
});
session.onChange(() => {
  if (session.loggedIn) return;
  caches?.delete('paceline-api');  // the last user's answers stay theirs
  show();
});
window.addEventListener('hashchange', show);
show();
outbox.flush();
