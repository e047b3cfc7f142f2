// Boots the app: the service worker, the outbox, the network badge and the router.
import { show } from './router.js';
import { outbox } from './engine/api/outbox.js';
import { session } from './engine/store/session.js';
import { forgetKeptLists } from './engine/store/kept-list.js';
import { fillIcons } from './icons.js';
import { waiting } from './engine/social/waiting.js';
import { unreadNotifications } from './engine/social/unread.js';
import { signInByProxy } from './engine/api/proxy-sign-in.js';

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
// The top bar's "Sign in" for someone browsing without an account.
function showSignIn() {
  document.getElementById('sign-in').hidden = session.loggedIn;
  document.getElementById('bell').hidden = !session.loggedIn;
}
showSignIn();
session.onChange(() => {
  showSignIn();
  waiting.refresh();
  unreadNotifications.refresh();
  if (session.loggedIn) return;
  caches?.delete('paceline-api');  // the last user's answers stay theirs
  forgetKeptLists();  // and their history and favourites
  show();
});

document.addEventListener('visibilitychange', () => {
  if (document.hidden) return;
  waiting.refresh();
  unreadNotifications.refresh();
});
// The bell's count: notifications not yet read.
unreadNotifications.watch((unread) => {
  const count = document.getElementById('bell-count');
  count.hidden = unread === 0;
  count.textContent = String(unread);
  document.getElementById('bell').setAttribute('aria-label', unread ? `Notifications, ${unread} unread` : 'Notifications');
});
// The Friends tab's badge: friend requests, walk invitations and live sessions waiting for an answer.
waiting.watch(({ total }) => {
  const badge = document.getElementById('friends-badge');
  badge.hidden = total === 0;
  badge.textContent = String(total);
  badge.closest('a').setAttribute('aria-label', total ? `Friends, ${total} waiting for you` : 'Friends');
});
window.addEventListener('hashchange', show);
// Who is signed in is settled before anything shows or is sent (a proxy's sign-in may have changed).
signInByProxy().finally(() => { show(); outbox.flush(); });
