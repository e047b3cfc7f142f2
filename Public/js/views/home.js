// #/home: where the app opens. Signed in: start a run or a walk, the other ways to go out
// (follow a route, plan one, run with friends, workouts, walk and discover, missions, favourites),
// what waits for an answer, goals and gear due for replacement, and the latest activities of mine and of my friends. Not
// signed in: what Paceline is, a run or a walk to record without an account (and what is
// kept of those on this phone), and the public routes to browse. Either way, a run in
// progress takes over; signed in, the activities a visitor kept on this phone are asked about.
import { api } from '../engine/api/paceline.js';
import { session } from '../engine/store/session.js';
import { unfinishedAddress } from '../engine/recording/resume.js';
import { waiting } from '../engine/social/waiting.js';
import { h, mount, describe } from '../ui.js';
import { icon } from '../icons.js';
import { go } from '../router.js';
import { dayAndTime, runTitle, runFigures, sportName } from './shared/format.js';
import { gearDistance } from './gear/gear-card.js';
import { goalsCard } from './goals/goals-card.js';
import { keptForVisitor, keptQuestion } from './visitor/kept-activities.js';

/** The ways out, as tiles: [address, icon, title, what it is, badge key]. */
const TILES = [
  ['#/activity', 'map', 'Follow a route', 'Race someone’s pace on their route'],
  ['#/planner', 'route', 'Plan a route', 'Draw your own on the map, then pace it'],
  ['#/live', 'friends', 'Run with friends', 'Start together with a code, live', 'live'],
  ['#/workouts', 'clock', 'Workouts', 'Intervals with pace targets'],
  ['#/invitations', 'flag', 'Walk together', 'Invite friends for a time and place', 'invitations'],
  ['#/record?sport=walk', 'compass', 'Walk and discover', 'Plaques and places on the way'],
  ['#/missions', 'star', 'Missions', 'Journeys your distance moves along'],
  ['#/favourites', 'heart', 'Favourites', 'Routes you keep'],
  ['#/import', 'plus', 'Import', 'GPX, TCX, FIT or a whole history'],
];

export async function render() {
  const unfinished = await unfinishedAddress();
  if (unfinished) { go(unfinished); return undefined; }
  if (!session.loggedIn) { await showWelcome(); markReady(); return undefined; }
  const profile = session.profile ?? {};
  const mine = h('ul', { class: 'activity-cards', id: 'my-activities' }, h('li', { class: 'muted' }, 'Loading…'));
  const friends = h('ul', { class: 'activity-cards', id: 'friends-activities' }, h('li', { class: 'muted' }, 'Loading…'));
  const badges = {};
  const reminders = h('div', { class: 'home-reminders' });
  const kept = h('div', { class: 'home-kept' });
  mount(h('section', { class: 'page home-page' },
    h('h1', { class: 'greeting' }, `${greeting()}, ${profile.displayName ?? 'runner'}`),
    kept,
    reminders,
    h('div', { class: 'home-start' },
      h('a', { class: 'button primary', href: '#/record?sport=run', id: 'start-run' }, icon('run'), 'Start a run'),
      h('a', { class: 'button primary', href: '#/record?sport=walk', id: 'start-walk' }, icon('walk'), 'Start a walk')),
    goalsCard(session.units),
    h('nav', { class: 'home-tiles', 'aria-label': 'Ways to go out' }, TILES.map(([href, name, title, note, badge]) => {
      const count = badge ? (badges[badge] = h('span', { class: 'badge-count', hidden: true })) : null;
      return h('a', { class: 'home-tile', href, dataset: { tile: href.replace(/^#\//, '').split('?')[0] } },
        h('strong', {}, icon(name), title), h('span', {}, note), count);
    })),
    h('div', { class: 'card' }, h('h2', {}, 'Your activities'), mine, h('a', { href: '#/profile' }, 'All your activities')),
    h('div', { class: 'card' }, h('h2', {}, 'Friends'), friends, h('a', { href: '#/feed' }, 'The whole feed'))));

  markReady();
  keptQuestion(() => kept.replaceChildren()).then((question) => question && kept.replaceChildren(question));
  const stopWaiting = waiting.watch((counts) => {
    for (const [key, element] of Object.entries(badges)) {
      const count = counts[key] ?? 0;
      element.hidden = count === 0;
      element.textContent = String(count);
      element.setAttribute('aria-label', `${count} waiting`);
    }
  });
  let shown = true;
  const u = session.units;
  api.runs(undefined, 3).then(({ runs }) => {
    if (!shown) return;
    mine.replaceChildren(...(runs.length ? runs.map((run) => card(run, u))
      : [h('li', { class: 'muted empty' }, 'Nothing yet: start a run or a walk, or import one.')]));
  }, (error) => shown && mine.replaceChildren(h('li', { class: 'muted' }, describe(error))));
  api.feed(undefined, 20).then(({ items }) => {
    if (!shown) return;
    const theirs = items.filter((entry) => entry.kind === 'run' && entry.run && entry.user.id !== profile.id).slice(0, 5);
    friends.replaceChildren(...(theirs.length ? theirs.map((entry) => card(entry.run, u, entry.user.displayName))
      : [h('li', { class: 'muted empty' }, 'Your friends’ runs and walks show here. ', h('a', { href: '#/friends' }, 'Find friends'))]));
  }, (error) => shown && friends.replaceChildren(h('li', { class: 'muted' }, describe(error))));
  api.gear().then(({ gear }) => {
    if (!shown) return;
    reminders.replaceChildren(...gear.filter((piece) => piece.dueForRetirement).map((piece) => h('p', { class: 'card reminder gear-reminder', role: 'note' },
      h('strong', {}, piece.name), ` has done ${gearDistance(piece.distanceMeters, u)}, past its ${gearDistance(piece.retireDistanceMeters, u)}: time to replace it? `,
      h('a', { href: '#/profile' }, 'Your gear'))));
  }, () => { /* offline or failed: no reminder this time */ });
  return () => { shown = false; stopWaiting(); };
}

/** Marks when the home screen can be used (its starts and tiles shown): `home-ready` in the page's performance timeline. */
function markReady() {
  if (!performance.getEntriesByName('home-ready').length) performance.mark('home-ready');
}

/** "Good morning", "Good afternoon", "Good evening". */
function greeting(now = new Date()) {
  const hour = now.getHours();
  return hour >= 5 && hour < 12 ? 'Good morning' : hour >= 12 && hour < 18 ? 'Good afternoon' : 'Good evening';
}

/** One activity: its title (a link to it), who and when, distance, time and pace. */
function card(run, u, who) {
  return h('li', { dataset: { run: run.id } },
    h('a', { href: `#/runs/${run.id}` }, runTitle(run)),
    h('span', { class: 'muted' }, [who, sportName(run.sport), dayAndTime(run.startTime ?? run.createdAt)].filter(Boolean).join(' · ')),
    h('span', {}, runFigures(run, u)));
}

/** For someone not signed in: the welcome, with what is kept on this phone. */
async function showWelcome() {
  mount(welcome(await keptForVisitor(showWelcome)));
}

/** What this is, signing in, recording without an account (`kept`: what is kept of it), and the routes open to all. */
function welcome(kept) {
  return h('section', { class: 'page home-page' },
    h('div', { class: 'card home-welcome' },
      h('h1', {}, 'Paceline'),
      h('p', {}, 'Record your runs and walks, follow someone’s pace on their route, and run with friends, live.'),
      h('div', { class: 'row' },
        h('a', { class: 'button primary', href: '#/login?register=1', id: 'create-account' }, 'Create an account'),
        h('a', { class: 'button', href: '#/login', id: 'log-in' }, 'Log in'))),
    kept,
    h('div', { class: 'home-start' },
      h('a', { class: 'button', href: '#/record?sport=run', id: 'start-run' }, icon('run'), 'Start a run'),
      h('a', { class: 'button', href: '#/record?sport=walk', id: 'start-walk' }, icon('walk'), 'Start a walk')),
    h('p', { class: 'muted visitor-start-note' }, 'No account needed to record or to follow a public route: what you record is kept on this phone until you make one.'),
    h('nav', { class: 'home-tiles', 'aria-label': 'Browse' },
      h('a', { class: 'home-tile', href: '#/activity', dataset: { tile: 'activity' } }, h('strong', {}, icon('map'), 'Browse routes'), h('span', {}, 'Public routes on the map, with their leaderboards')),
      h('a', { class: 'home-tile', href: '#/popular', dataset: { tile: 'popular' } }, h('strong', {}, icon('star'), 'Popular nearby'), h('span', {}, 'The most liked routes around you'))));
}
