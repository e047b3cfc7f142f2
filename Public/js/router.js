// Hash routes (#/activity, #/runs/ID …) to views. A view module exports
// `render(params, query)`, which fills #view and may return a function that cleans up
// (stops timers, closes sockets) when the user goes elsewhere.
import { session } from './engine/store/session.js';
import { mount, h, describe } from './ui.js';

// `view`: the screen's name (`body[data-view]`); `module`: where it lives under views/ when
// the screen has a folder of its parts (`live/live`), else `view` names the file.
// `access`: 'open' (the login), 'browse' (anyone, signed in or not: public routes and
// runs, recording and its summary, a visitor's kept on the device), otherwise signed in. `parent`: where the back control leads when the app was
// opened on this screen (inner screens have one; the tabs' screens, the recording and the
// summary, which have their own way out, do not).
const ROUTES = [
  { pattern: /^\/home$/, view: 'home', tab: 'home', access: 'browse' },
  { pattern: /^\/login$/, view: 'login', access: 'open' },
  { pattern: /^\/activity$/, view: 'activity', tab: 'activity', access: 'browse' },
  { pattern: /^\/record$/, view: 'recording', tab: 'home', access: 'browse' },
  { pattern: /^\/summary$/, view: 'summary', tab: 'home', access: 'browse' },
  { pattern: /^\/runs\/([0-9a-f-]{36})$/i, view: 'analysis', module: 'analysis/analysis', tab: 'profile', keys: ['runId'], access: 'browse', parent: '#/profile' },
  { pattern: /^\/segments\/([0-9a-f-]{36})$/i, view: 'segment', module: 'segments/segment', tab: 'profile', keys: ['segmentId'], access: 'browse', parent: '#/profile' },
  { pattern: /^\/beacon\/(bc_[A-Za-z0-9_-]{10,100})$/, view: 'beacon', module: 'beacon/beacon', tab: 'home', keys: ['token'], access: 'browse' },
  { pattern: /^\/favourites$/, view: 'favourites', tab: 'home', parent: '#/home' },
  { pattern: /^\/profile$/, view: 'profile', tab: 'profile' },
  { pattern: /^\/import$/, view: 'import', module: 'import/import', tab: 'profile', parent: '#/profile' },
  { pattern: /^\/heatmap$/, view: 'heatmap', tab: 'profile', parent: '#/profile' },
  { pattern: /^\/friends$/, view: 'friends', tab: 'friends' },
  { pattern: /^\/invitations$/, view: 'invitations', tab: 'friends', parent: '#/friends' },
  { pattern: /^\/notifications$/, view: 'notifications', parent: '#/home' },
  { pattern: /^\/moderation$/, view: 'moderation', tab: 'profile', parent: '#/profile' },
  { pattern: /^\/clubs$/, view: 'clubs', module: 'clubs/clubs', tab: 'friends', parent: '#/friends' },
  { pattern: /^\/clubs\/new$/, view: 'club-new', module: 'clubs/club-form', tab: 'friends', parent: '#/clubs' },
  { pattern: /^\/clubs\/([0-9a-f-]{36})$/i, view: 'club', module: 'clubs/club', tab: 'friends', keys: ['clubId'], parent: '#/clubs' },
  { pattern: /^\/clubs\/([0-9a-f-]{36})\/challenges\/new$/i, view: 'challenge-new', module: 'clubs/challenge-form', tab: 'friends', keys: ['clubId'], parent: '#/clubs' },
  { pattern: /^\/clubs\/([0-9a-f-]{36})\/challenges\/([0-9a-f-]{36})$/i, view: 'challenge', module: 'clubs/challenge', tab: 'friends', keys: ['clubId', 'challengeId'], parent: '#/clubs' },
  { pattern: /^\/live$/i, view: 'live', module: 'live/live', tab: 'friends', parent: '#/friends' },
  { pattern: /^\/live\/([0-9a-f-]{36})$/i, view: 'live', module: 'live/live', tab: 'friends', keys: ['sessionId'], parent: '#/live' },
  { pattern: /^\/discoveries$/, view: 'discoveries', module: 'discovery/discoveries', tab: 'home', parent: '#/home' },
  { pattern: /^\/pois\/([0-9a-f-]{36})$/i, view: 'poi', module: 'discovery/poi', tab: 'home', keys: ['poiId'], access: 'browse', parent: '#/discoveries' },
  { pattern: /^\/routes\/([0-9a-f-]{36})\/plan$/i, view: 'pace-plan', module: 'plan/pace-plan', tab: 'activity', keys: ['routeId'], access: 'browse', parent: '#/activity' },
  { pattern: /^\/planner$/, view: 'planner', module: 'planner/planner', tab: 'activity', parent: '#/activity' },
  { pattern: /^\/planned$/, view: 'planned-list', module: 'planner/planned-list', tab: 'activity', parent: '#/activity' },
  { pattern: /^\/planned\/([0-9a-f-]{36})$/i, view: 'planned-route', module: 'planner/planned-route', tab: 'activity', keys: ['plannedRouteId'], parent: '#/planned' },
  { pattern: /^\/planned\/([0-9a-f-]{36})\/plan$/i, view: 'pace-plan', module: 'plan/pace-plan', tab: 'activity', keys: ['plannedRouteId'], parent: '#/planned' },
  { pattern: /^\/popular$/, view: 'popular', tab: 'activity', access: 'browse', parent: '#/activity' },
  { pattern: /^\/feed$/, view: 'feed', tab: 'feed' },
  { pattern: /^\/workouts$/, view: 'workouts', module: 'workout/workouts', tab: 'home', parent: '#/home' },
  { pattern: /^\/workouts\/(new|[0-9a-f-]{36})$/i, view: 'workout-editor', module: 'workout/workout-editor', tab: 'home', keys: ['workoutId'], parent: '#/workouts' },
  { pattern: /^\/workout-log$/i, view: 'workout-log', module: 'workout/workout-log', tab: 'home', parent: '#/workouts' },
  { pattern: /^\/workout-log\/([0-9a-f-]{36})$/i, view: 'workout-log', module: 'workout/workout-log', tab: 'home', keys: ['entryId'], parent: '#/workout-log' },
  { pattern: /^\/missions$/, view: 'missions', module: 'missions/missions', tab: 'home', access: 'browse', parent: '#/home' },
  { pattern: /^\/missions\/([a-z0-9-]{1,64})$/, view: 'missions', module: 'missions/missions', tab: 'home', keys: ['missionId'], access: 'browse', parent: '#/missions' },
];

/** The screen the app opens on. */
export const HOME = '#/home';

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
  const route = ROUTES.find((candidate) => candidate.pattern.test(path || '/home')) ?? ROUTES[0];
  if (!route.access && !session.loggedIn) {
    location.replace(signInAddress(location.hash || HOME));
    return;
  }
  const match = (path || '/home').match(route.pattern);
  const params = Object.fromEntries((route.keys ?? []).map((key, index) => [key, match[index + 1]]));
  const query = Object.fromEntries(new URLSearchParams(search));
  document.body.dataset.view = route.view;
  for (const tab of document.querySelectorAll('.tabs a')) {
    const active = tab.dataset.tab === route.tab;
    tab.classList.toggle('active', active);
    if (active) tab.setAttribute('aria-current', 'page'); else tab.removeAttribute('aria-current');
  }
  trail.visit(location.hash || HOME, route.parent);
  if (cleanup) { try { cleanup(); } catch { /* the old view is gone anyway */ } cleanup = null; }
  window.scrollTo(0, 0);  // every screen opens at its top, not where the last one was scrolled to
  const current = ++navigation;
  try {
    const module = await import(`./views/${route.module ?? route.view}.js`);
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

/**
 * The login screen's address, coming back to `next` (an app address) once signed in;
 * `why` names what asked (a key the login screen explains: 'favourite', 'kudos' …);
 * `register` opens it on Create account (a "Make an account" button).
 */
export function signInAddress(next, why, register = false) {
  return `#/login?${register ? 'register=1&' : ''}${why ? `why=${why}&` : ''}next=${encodeURIComponent(next)}`;
}

/**
 * Sends someone not signed in to the login, to come back to `next` (or here), saying
 * `why`; true if it did. For the actions of a screen anyone may browse that need an
 * account: favourite, like.
 */
export function signInFirst(next = location.hash || HOME, why) {
  if (session.loggedIn) return false;
  go(signInAddress(next, why));
  return true;
}

/**
 * The back control of inner screens (the top bar's ‹): the browser's back when the app
 * came here from one of its own screens, else the screen's parent (opened from a link).
 * Where the browser has the Navigation API, "came from one of its own" is an entry after
 * the one the app was loaded on (a `location.replace`, as to and from the login, makes
 * none); elsewhere, the screens seen in this tab, which a replace can overcount.
 */
const trail = {
  visited: [],
  firstEntry: globalThis.navigation?.currentEntry?.index,
  back: document.getElementById('back'),
  canGoBack() {
    const index = globalThis.navigation?.currentEntry?.index;
    return this.firstEntry !== undefined && index !== undefined ? index > this.firstEntry : this.visited.length > 1;
  },
  visit(hash, parent) {
    const { visited } = this;
    if (visited.at(-2) === hash) visited.pop();  // the browser's (or our) back
    else if (visited.at(-1) !== hash) visited.push(hash);
    if (!this.back) return;
    this.back.hidden = !parent;
    this.back.onclick = () => (this.canGoBack() ? history.back() : location.replace(parent));
  },
};
