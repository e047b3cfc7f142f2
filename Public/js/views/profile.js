// #/profile: what is waiting to send, the runner's totals and records, their runs (newest
// first, a page at a time, kept on the device and synced: engine/sync/history.js) and their settings.
import { api } from '../engine/api/paceline.js';
import { outbox } from '../engine/api/outbox.js';
import { session } from '../engine/store/session.js';
import { h, mount, toast, describe } from '../ui.js';
import * as units from '../engine/core/units.js';
import { achievementCards } from './achievements/score-card.js';
import { challengeBadgesCard } from './achievements/challenge-badges.js';
import { passwordForm } from './account/password-form.js';
import { signInAccountsSection } from './account/sign-in-accounts.js';
import { privacyZonesSection } from './account/privacy-zones.js';
import { gearCard } from './gear/gear-card.js';
import { segmentsListCard } from './segments/segments-list-card.js';
import { plannedRoutesCard } from './planner/planned-card.js';
import { volumeChart } from './goals/volume-chart.js';
import { fitnessCard } from './fitness/fitness-card.js';
import { predictionsCard } from './fitness/predictions-card.js';
import { physiologySection } from './fitness/physiology-section.js';
import { emailForm, dataSection } from './account/account-data.js';
import { blockedSection } from './account/blocked-people.js';
import { connectedAppsSection } from './account/connected-apps.js';
import { pushSection } from './account/push-settings.js';
import { voiceSettings } from './account/voice-settings.js';
import { shortDate, dayAndTime, runTitle, sportName, usesPace, paceOrSpeed, privacyName, POUNDS_PER_KILOGRAM } from './shared/format.js';
import { runShape } from './shared/run-shape.js';
import { DEFAULT_STEP_METERS } from '../engine/core/steps.js';
import { runHistory, PAGE } from '../engine/sync/history.js';

function offlineOr(error, what) {
  return error?.isNetwork ? `No connection: ${what} will show when you are back online.` : describe(error);
}

export function render() {
  const profile = session.profile ?? {};
  const view = {
    unit: session.units,
    disposed: false,
    shown: PAGE,     // runs of the kept history on the screen
    outboxCard: h('div', { class: 'card outbox-card', hidden: true }),
    statsCard: h('div', { class: 'card stats-card' }, h('h2', {}, 'Your running'), h('p', { class: 'muted' }, 'Loading…')),
    historyList: h('ul', { class: 'list history' }),
    historyStatus: h('div', { class: 'history-status' }),
    historyNote: h('p', { class: 'muted history-note', role: 'status' }),
  };
  // Fitness and predictions ask the server once the totals and the history are shown: they never delay them.
  let shown;
  const ready = new Promise((resolve) => { shown = resolve; });
  const settingsCard = settings(() => render(), ready);
  const historyCard = h('div', { class: 'card history-card' }, h('h2', {}, 'Your activities'), view.historyNote, view.historyList, view.historyStatus);
  const initial = (profile.displayName ?? '?').trim().charAt(0).toUpperCase() || '?';
  const page = h('section', { class: 'page profile-page' });
  const achievements = achievementCards(profile, session.units);
  page.append(
    h('div', { class: 'profile-head' }, h('div', { class: 'avatar', 'aria-hidden': 'true' }, initial),
      h('div', {}, h('h1', {}, profile.displayName ?? 'You'), h('p', { class: 'muted' }, profile.email ?? ''))),
    view.outboxCard,
    // Totals and records first, then fitness and race predictions, the gear, the score and badge shelf, the history; beside them
    // (below on a phone) friends' scores and the settings.
    h('div', { class: 'columns' },
      h('div', {}, view.statsCard, fitnessCard(ready), predictionsCard(session.units, ready), gearCard(session.units), segmentsListCard(session.units), plannedRoutesCard(), achievements.score, achievements.badges, challengeBadgesCard(), historyCard),
      h('div', { class: 'achievements' }, achievements.board, settingsCard)));
  mount(page);

  const stopChange = outbox.onChange(() => showOutbox(view));
  const stopDone = outbox.onDone((item, result) => {
    if (item.kind !== 'upload' || !result?.run) return;
    // A run just arrived on the server: what changed in the history, and the totals again.
    loadRuns(view); showStats(view);
  });
  showOutbox(view);
  // Usable once the totals and the history's first page are shown: `profile-ready` in the page's performance timeline.
  Promise.allSettled([showStats(view), loadRuns(view)]).then(() => {
    shown();
    if (!view.disposed && !performance.getEntriesByName('profile-ready').length) performance.mark('profile-ready');
  });
  return () => { view.disposed = true; stopChange(); stopDone(); };
}

/** Waiting to send: the outbox's uploads (favourite changes are the favourites screen's). */
async function showOutbox(view) {
  const { outboxCard } = view;
  const items = (await outbox.items()).filter((item) => item.kind === 'upload');
  if (view.disposed) return;
  const online = navigator.onLine;
  const signature = JSON.stringify([online, items.map((item) => [item.sequence, item.state, item.reason])]);
  if (signature === outboxCard.dataset.signature) return;  // nothing new: no flicker
  outboxCard.dataset.signature = signature;
  outboxCard.hidden = !items.length;
  if (!items.length) { outboxCard.replaceChildren(); return; }
  const waiting = items.filter((item) => item.state !== 'failed').length;
  outboxCard.replaceChildren(
    h('h2', {}, waiting ? `${waiting} run${waiting === 1 ? '' : 's'} waiting to send` : 'Not sent'),
    waiting ? h('p', { class: 'muted' }, online ? 'Sending…' : 'They will be sent when you are back online.') : '',
    h('ul', { class: 'list' }, items.map((item) => outboxItem(view, item))));
}

function outboxItem(view, item) {
  const when = dayAndTime(item.upload?.fixes?.[0]?.time ?? item.upload?.segments?.[0]?.[0]?.time ?? item.createdAt);
  if (item.state === 'failed') {
    return h('li', { class: 'failed', dataset: { sequence: String(item.sequence) } },
      h('div', {}, h('strong', {}, `${item.label ?? 'Run'} of ${when}: not sent`),
        h('div', { class: 'reason muted' }, item.reason ?? 'The server refused it.')),
      h('button', { type: 'button', class: 'ghost small', name: 'dismiss', onclick: async () => { await outbox.dismiss(item.sequence); showOutbox(view); } }, 'Dismiss'));
  }
  return h('li', { class: 'waiting', dataset: { sequence: String(item.sequence) } },
    h('span', {}, `${item.label ?? 'Run'} of ${when}`),
    h('span', { class: 'pill good' }, 'waiting to send'));
}

/** The totals and records of one sport at a time (a ride's are not a run's): the sport
 * with the most distance first, the others a tap away. */
async function showStats(view, sport = null) {
  const { statsCard, unit } = view;
  let stats;
  try {
    stats = await api.statistics(sport ?? undefined);
  } catch (error) {
    if (!view.disposed) statsCard.replaceChildren(h('h2', {}, 'Your totals'), h('p', { class: 'error' }, offlineOr(error, 'your totals')));
    return;
  }
  if (view.disposed) return;
  if (!stats.runs && !sport) {
    statsCard.replaceChildren(h('h2', {}, 'Your totals'), h('p', { class: 'muted empty' }, 'Your totals and personal records will appear here after your first run or walk.'));
    return;
  }
  const shown = sport ?? stats.sports[0]?.sport;
  if (!sport && stats.sports.length) { showStats(view, shown); return; }  // one sport's numbers, never a run and a ride summed
  const figure = (label, value, name) => h('div', { class: 'figure', dataset: { name } }, h('strong', {}, value), h('span', {}, label));
  const week = stats.weekly?.[0];
  const pace = usesPace(shown);
  const noun = sportName(shown).toLowerCase();
  const switcher = h('div', { class: 'segmented sports-switch', role: 'group', 'aria-label': 'Which sport' },
    stats.sports.map((total) => h('button', { type: 'button', dataset: { sport: total.sport }, 'aria-pressed': String(total.sport === shown),
      onclick: () => showStats(view, total.sport) }, `${sportName(total.sport)} · ${units.distance(total.distanceMeters, unit, 0)}`)));
  statsCard.replaceChildren(...[
    h('h2', {}, 'Your totals'),
    ...(stats.sports.length > 1 ? [switcher] : []),
    h('div', { class: 'figures' },
      figure(`${sportName(shown)}s`, String(stats.runs), 'runs'),
      figure('Distance', units.distance(stats.distanceMeters, unit, 1), 'distance'),
      figure('Moving time', units.clock(stats.movingSeconds), 'moving'),
      figure(`Average ${noun}`, units.distance(stats.averageDistanceMeters, unit), 'average-distance'),
      pace ? figure('Average pace', units.pace(stats.averagePaceSecondsPerKilometer, unit), 'average-pace')
        : figure('Average speed', units.speed(stats.distanceMeters / stats.movingSeconds, unit), 'average-pace'),
      figure(week ? `Week of ${new Date(week.start).toLocaleDateString(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' })}` : 'This week', week ? units.distance(week.distanceMeters, unit, 1) : '–', 'week'),
      stats.steps > 0 ? figure('Steps', stats.steps.toLocaleString(), 'steps') : null),
    volumeChart(stats.weekly, unit),  // null: nothing in the last 12 months
    h('a', { class: 'button ghost small heat-link', href: '#/heatmap' }, 'Your heat map'),
    ...records(stats.records.filter((record) => record.sport === shown), unit, pace, noun)].filter(Boolean));
}

/** The personal records of one sport, or what sets the first. */
function records(list, unit, pace, noun) {
  if (!list?.length) return [h('p', { class: 'muted' }, `Cover 400 metres in one ${noun} to set your first record.`)];
  return [h('h2', {}, 'Personal records'),
    h('table', { class: 'splits records' },
      h('thead', {}, h('tr', {}, h('th', {}, 'Distance'), h('th', {}, 'Time'), h('th', {}, pace ? 'Pace' : 'Speed'), h('th', {}, 'When'))),
      h('tbody', {}, list.map((record) => h('tr', {},
        h('td', {}, record.name),
        h('td', {}, h('a', { href: `#/runs/${record.runId}` }, units.clock(record.elapsedSeconds))),
        h('td', {}, pace ? units.pace(record.elapsedSeconds / (record.distanceMeters / 1000), unit) : units.speed(record.distanceMeters / record.elapsedSeconds, unit)),
        h('td', {}, shortDate(record.date))))))];
}

/**
 * The history: kept on this device (`engine/sync/history.js`), shown at once, then brought
 * up to date with what changed since; a page at a time, Load more reading the next from the
 * server once the kept ones are all shown.
 */
async function loadRuns(view) {
  const kept = runHistory.kept();
  if (kept) showRuns(view, kept);
  else view.historyStatus.replaceChildren(h('p', { class: 'muted' }, 'Loading…'));
  try {
    showRuns(view, await runHistory.sync());
  } catch (error) {
    if (view.disposed) return;
    if (kept) { view.historyNote.textContent = offlineOr(error, 'changes to your activities'); return; }
    view.historyStatus.replaceChildren(h('p', { class: 'error' }, offlineOr(error, 'your runs')),
      h('button', { type: 'button', class: 'ghost', onclick: () => loadRuns(view) }, 'Try again'));
  }
}

/** The first `view.shown` runs of the kept history, and Load more while there are others. */
function showRuns(view, kept) {
  const { historyList, historyStatus } = view;
  if (view.disposed) return;
  view.historyNote.textContent = '';
  historyList.replaceChildren(...kept.items.slice(0, view.shown).map((run) => runItem(run, view.unit)));
  if (!kept.items.length) {
    historyStatus.replaceChildren(h('p', { class: 'muted empty' }, 'No runs yet: press + on the ',
      h('a', { href: '#/activity' }, 'map'), ' to record one, or ', h('a', { href: '#/import' }, 'import'), ' a GPX, TCX or FIT file.'));
  } else if (kept.items.length > view.shown || kept.cursor) {
    historyStatus.replaceChildren(h('button', { type: 'button', class: 'ghost load-more', name: 'load-more', onclick: () => showMore(view, kept) }, 'Load more'));
  } else {
    historyStatus.replaceChildren(historyList.children.length > PAGE ? h('p', { class: 'muted' }, 'That is all your runs.') : '');
  }
  historyList.dataset.count = String(historyList.children.length);
}

async function showMore(view, kept) {
  view.shown += PAGE;
  if (kept.items.length >= view.shown || !kept.cursor) { showRuns(view, kept); return; }
  view.historyStatus.replaceChildren(h('p', { class: 'muted' }, 'Loading…'));
  try {
    showRuns(view, await runHistory.more());
  } catch (error) {
    view.shown -= PAGE;
    if (!view.disposed) showRuns(view, kept);
    toast(offlineOr(error, 'older runs'), { error: true });
  }
}

function runItem(run, unit) {
  return h('li', { dataset: { run: run.id } }, h('a', { href: `#/runs/${run.id}` }, runShape(run.shape),
    h('span', { class: 'run-text' }, h('span', { class: 'when' }, `${dayAndTime(run.startTime ?? run.createdAt)} · ${sportName(run.sport)}`),
      h('span', { class: 'name' }, runTitle(run))),
    h('span', { class: 'numbers' }, h('strong', {}, units.distance(run.distanceMeters, unit)),
      h('small', {}, `${units.clock(run.movingSeconds)} · ${paceOrSpeed(run, unit)}`))));
}


/** Units, voice and vibration, weight, step length, default privacy, heart rate and pace (asked once `ready` settles); change password; log out; import. `rerender` after a change of units. */
function settings(rerender, ready) {
  const profile = session.profile ?? {};
  const imperial = profile.units === 'imperial';
  const status = h('p', { class: 'muted settings-status', role: 'status' });

  async function change(changes, what) {
    status.textContent = 'Saving…';
    try {
      const updated = await api.updateProfile(changes);
      session.updateProfile(updated);
      status.textContent = `${what} saved.`;
      return updated;
    } catch (error) {
      status.textContent = '';
      toast(error.isNetwork ? 'No connection: settings need the network to change.' : describe(error), { error: true });
      return null;
    }
  }

  const privacy = h('select', { name: 'default-privacy', onchange: () => change({ defaultPrivacy: privacy.value }, 'Default privacy') },
    ['public', 'friends_and_clubs', 'friends', 'private'].map((value) => h('option', { value, selected: value === (profile.defaultPrivacy ?? 'private') }, privacyName(value))));
  const logOutArea = h('div', { class: 'logout-area' });

  return h('div', { class: 'card settings' },
    h('h2', {}, 'Settings'),
    h('div', { class: 'switch-row' }, h('span', {}, 'Units'), unitSwitch(profile, change, rerender)),
    ...voiceSettings({ imperial, say: (text) => { status.textContent = text; } }),
    h('label', { class: 'switch-row' }, h('span', {}, `Weight (${imperial ? 'lb' : 'kg'})`, h('small', {}, 'For calories')), weightInput(profile, change)),
    h('label', { class: 'switch-row' }, h('span', {}, `Step length (${imperial ? 'in' : 'cm'})`,
      h('small', {}, 'Estimates a walk\'s steps when the device gave no cadence')), stepLengthInput(profile, change)),
    h('label', { class: 'switch-row' }, h('span', {}, 'New runs are seen by'), privacy),
    h('label', { class: 'switch-row' }, h('span', {}, 'Friends see when I\'m active', h('small', {}, 'Recording or in a live session, on their Friends screen')),
      h('input', { type: 'checkbox', name: 'shares-presence', checked: profile.sharesPresence === true,
        onchange: (event) => change({ sharesPresence: event.target.checked }, 'Presence') })),
    status,
    physiologySection(ready),
    privacyZonesSection(),
    pushSection(),
    blockedSection(),
    connectedAppsSection(),
    signInAccountsSection(),
    passwordForm(),
    emailForm(profile, (updated) => session.updateProfile(updated)),
    dataSection(),
    h('div', { class: 'actions' },
      h('a', { class: 'button', href: '#/import' }, 'Import a GPX, TCX or FIT file'),
      h('a', { class: 'button', href: '#/discoveries' }, 'Discoveries'),
      h('a', { class: 'button', href: '#/popular' }, 'Popular near you'),
      h('a', { class: 'button', href: '#/workouts', id: 'workouts-link' }, 'Workouts'),
      profile.isAdmin ? h('a', { class: 'button', href: '#/moderation', id: 'moderation-link' }, 'Moderation') : null,
      h('button', { type: 'button', class: 'ghost', name: 'logout', onclick: () => logOut(logOutArea) }, 'Log out')),
    logOutArea);
}

/** km or miles; the screen is drawn again in the new units. */
function unitSwitch(profile, change, rerender) {
  return h('div', { class: 'segmented', role: 'group', 'aria-label': 'Units' },
    [['metric', 'km'], ['imperial', 'miles']].map(([value, label]) => h('button', {
      type: 'button', name: `units-${value}`, 'aria-pressed': String((profile.units ?? 'metric') === value),
      onclick: async () => {
        if ((session.profile?.units ?? 'metric') === value) return;
        if (await change({ units: value }, 'Units')) { rerender(); toast(value === 'imperial' ? 'Showing miles' : 'Showing kilometres'); }
      } }, label)));
}

/** The weight in kg or lb, for calories. */
function weightInput(profile, change) {
  const imperial = profile.units === 'imperial';
  const kilograms = profile.weightKilograms;
  const weight = h('input', { type: 'number', name: 'weight', inputmode: 'decimal', min: imperial ? '44' : '20', max: imperial ? '880' : '400', step: imperial ? '1' : '0.5',
    value: Number.isFinite(kilograms) ? String(imperial ? Math.round(kilograms * POUNDS_PER_KILOGRAM) : Math.round(kilograms * 10) / 10) : '',
    placeholder: imperial ? 'lb' : 'kg',
    onchange: async () => {
      const value = Number(weight.value);
      if (!weight.value || !Number.isFinite(value)) return;
      const kg = imperial ? value / POUNDS_PER_KILOGRAM : value;
      if (kg < 20 || kg > 400) { toast('A weight between 20 and 400 kg, please.', { error: true }); return; }
      await change({ weightKilograms: Math.round(kg * 10) / 10 }, 'Weight');
    } });
  return weight;
}

/** Step length in centimetres or inches; walks without cadence estimate their steps from it. */
function stepLengthInput(profile, change) {
  const imperial = profile.units === 'imperial';
  const perUnit = imperial ? 2.54 : 1;
  const stepLength = h('input', { type: 'number', name: 'step-length', inputmode: 'decimal',
    min: String(Math.ceil(30 / perUnit)), max: String(Math.floor(150 / perUnit)), step: '1',
    value: Number.isFinite(profile.stepLengthMeters) ? String(Math.round(profile.stepLengthMeters * 100 / perUnit)) : '',
    placeholder: String(Math.round(DEFAULT_STEP_METERS * 100 / perUnit)),
    onchange: async () => {
      const value = Number(stepLength.value);
      if (!stepLength.value || !Number.isFinite(value)) return;
      const meters = value * perUnit / 100;
      if (meters < 0.3 || meters > 1.5) {
        toast(imperial ? 'A step length between 12 and 59 in, please.' : 'A step length between 30 and 150 cm, please.', { error: true });
        return;
      }
      await change({ stepLengthMeters: Math.round(meters * 1000) / 1000 }, 'Step length');
    } });
  return stepLength;
}

/** Logs out, unless items still wait to send from this device (then asks first, in `area`). */
async function logOut(area, force = false) {
  const waiting = (await outbox.items()).filter((item) => item.state !== 'failed').length;
  if (waiting && !force) {
    area.replaceChildren(h('p', { class: 'error' }, `${waiting} item${waiting > 1 ? 's are' : ' is'} still waiting to send from this device; ` +
      'they will be sent once you (or whoever logs in here next) are online.'),
    h('div', { class: 'row' }, h('button', { type: 'button', class: 'danger', name: 'logout-anyway', onclick: () => logOut(area, true) }, 'Log out anyway'),
      h('button', { type: 'button', class: 'ghost', onclick: () => area.replaceChildren() }, 'Stay')));
    return;
  }
  try {
    await api.logOut();
  } catch (error) {
    // Signed in by the sign-in page in front of this instance: signing out is done there.
    if (error.status === 409) { area.replaceChildren(h('p', { class: 'error', role: 'alert' }, describe(error))); return; }
    if (!error.isNetwork && error.status !== 401) console.warn('log out:', error);
  }
  session.end();
}
