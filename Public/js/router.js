// Hash routes (#/activity, #/runs/ID …) to views. A view module exports
// `render(params, query)`, which fills #view and may return a function that cleans up
// (stops timers, closes sockets) when the user goes elsewhere.
import { session } from './engine/store/session.js';
import { mount, h, describe } from './ui.js';

const ROUTES = [
  { pattern: /^\/login$/, view: 'login', open: true },
  { pattern: /^\/activity$/, view: 'activity', tab: 'activity' },
  { pattern: /^\/record$/, view: 'recording', tab: 'activity' },
  { pattern: /^\/summary$/, view: 'summary', tab: 'activity' },
  { pattern: /^\/runs\/([0-9a-f-]{36})$/i, view: 'analysis', tab: 'profile', keys: ['runId'] },
  { pattern: /^\/favourites$/, view: 'favourites', tab: 'favourites' },
  { pattern: /^\/profile$/, view: 'profile', tab: 'profile' },
  { pattern: /^\/import$/, view: 'import', tab: 'profile' },
  { pattern: /^\/friends$/, view: 'friends', tab: 'friends' },
  { pattern: /^\/live(?:\/([0-9a-f-]{36}))?$/i, view: 'live', tab: 'friends', keys: ['sessionId'] },
  { pattern: /^\/discoveries$/, view: 'discoveries', tab: 'favourites' },
  { pattern: /^\/pois\/([0-9a-f-]{36})$/i, view: 'poi', tab: 'favourites', keys: ['poiId'] },
  { pattern: /^\/popular$/, view: 'popular', tab: 'activity' },
  { pattern: /^\/feed$/, view: 'feed', tab: 'feed' },
  { pattern: /^\/workouts$/, view: 'workouts', tab: 'profile' },
  { pattern: /^\/workouts\/(new|[0-9a-f-]{36})$/i, view: 'workout-editor', tab: 'profile', keys: ['workoutId'] },
  { pattern: /^\/workout-log(?:\/([0-9a-f-]{36}))?$/i, view: 'workout-log', tab: 'profile', keys: ['entryId'] },
  { pattern: /^\/missions(?:\/([a-z0-9-]{1,64}))?$/, view: 'missions', tab: 'missions', keys: ['missionId'] },
];

let cleanup = null;
/** Counts navigations: a view that finishes loading after the user moved on is dropped. */
let navigation = 0;

/** Goes to `hash` (e.g. "#/runs/ID"). */
export function go(hash) {
  if (location.hash === hash) show(); else location.hash = hash;
}

/** Renders the view the address names. */
export async function show() {
  const [path, search = ''] = location.hash.replace(/^#/, '').split('?');
  const route = ROUTES.find((candidate) => candidate.pattern.test(path || '/activity')) ?? ROUTES[1];
  if (!route.open && !session.loggedIn) {
    location.replace(`#/login?next=${encodeURIComponent(location.hash || '#/activity')}`);
    return;
  }
  const match = (path || '/activity').match(route.pattern);
  const params = Object.fromEntries((route.keys ?? []).map((key, index) => [key, match[index + 1]]));
  const query = Object.fromEntries(new URLSearchParams(search));
  document.body.dataset.view = route.view;
  for (const tab of document.querySelectorAll('.tabs a')) tab.classList.toggle('active', tab.dataset.tab === route.tab);
  if (cleanup) { try { cleanup(); } catch { /* the old view is gone anyway */ } cleanup = null; }
  const current = ++navigation;
  try {
    const module = await import(`./views/${route.view}.js`);
    if (current !== navigation) return;
    const done = (await module.render(params, query)) ?? null;
    if (current === navigation) cleanup = done;
    else if (done) done();  // the user left while it was rendering
  } catch (error) {
    if (current !== navigation) return;
    console.error(error);
    mount(h('section', { class: 'page' }, h('h1', {}, 'Something went wrong'), h('p', { class: 'error' }, describe(error))));
  }
}
