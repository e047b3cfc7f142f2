// After End (✓): what was done, and how to keep it; until it is saved, Resume takes the
// runner back to the run (paused where it ended). Under 20 m is refused. Otherwise the
// runner gives it a title, sport, description and who may see it (their profile's
// default, "only me" for a new account), and saves: it goes in the outbox, safe on the
// phone even offline. A follow run that covered the route may also join its leaderboard.
// Once uploaded, a public one may be shared (its link card); any other says how it could be.
// Publishing a route is a separate choice, on the activity's page: saving never makes one.
// A visitor (no account) sees the same summary and chart; "Keep it: make an account" (or
// Log in) puts the run in the outbox unowned, kept on this phone, and the login gives it
// to the account made (views/visitor/), which uploads it.
// A paused run is uploaded as its segments (the stretches between pauses): the server
// counts nothing across a break. Once uploaded, the figures shown are the server's, the
// ones the activity page and the statistics show.
import { outbox } from '../engine/api/outbox.js';
import { basemap, retire } from './map/basemap.js';
import { ongoingRun } from '../engine/store/ongoing-run.js';
import { session } from '../engine/store/session.js';
import { RunTracker } from '../engine/recording/run-tracker.js';
import * as units from '../engine/core/units.js';
import { h, mount, stat } from '../ui.js';
import { icon } from '../icons.js';
import { sportName, defaultTitle } from './shared/format.js';
import { activityFields } from './run/activity-fields.js';
import { go } from '../router.js';
import { runDiscoveries } from './discovery/run-discoveries.js';
import { showEarned } from './achievements/earned.js';
import { activityShare } from './achievements/activity-share.js';
import { summaryTable } from './workout/summary-table.js';
import { api } from '../engine/api/paceline.js';
import { advanceText } from './missions/advance-text.js';
import { runSeries } from '../engine/recording/run-series.js';
import { summaryChart } from './analysis/summary-chart.js';
import { keepAddress } from './visitor/keep-address.js';

/** The shortest run worth saving (metres): less is a mis-tap, not a run. */
export const MINIMUM_DISTANCE = 20;

export async function render() {
  const ongoing = await ongoingRun.load();
  if (!ongoing) { go('#/activity'); return; }
  if (ongoing.header.state !== 'finished') { go('#/record'); return; }
  const { header, fixes } = ongoing;
  const u = session.units;
  const tracker = new RunTracker(header, u);
  for (const fix of fixes) tracker.add(fix);
  const sport = sportName(header.sport);
  const segments = ongoingRun.segments(fixes);
  const run = {
    header, u, sport,
    distance: tracker.meter.distance,
    // From the first fix to the last of each stretch between pauses, as the server measures
    // it: the wait for the GPS before the first fix, and after the last, is no part of it.
    seconds: segments.reduce((sum, segment) => sum + (segment.length ? (segment.at(-1).time - segment[0].time) / 1000 : 0), 0),
    segments,
    fields: activityFields({
      name: header.follow?.routeName ?? defaultTitle(header.sport, header.startedAt),
      sport: header.sport,
      privacy: session.profile?.defaultPrivacy ?? 'private',
    }),
    outcome: h('div', { class: 'card', id: 'save-outcome' }),
    // Until it is saved, ✓ can be taken back: the run goes on, paused where it ended.
    resume: h('button', { type: 'button', class: 'ghost', name: 'resume-run', onclick: async () => {
      await ongoingRun.reopen();
      go('#/record');
    } }, icon('play'), `Resume ${sport.toLowerCase()}`),
  };
  const mapElement = h('div', { class: 'map', id: 'summary-map' });
  // Pace and elevation along the way at once, from the phone's own numbers: no server needed.
  let marker = null;
  const chart = summaryChart(runSeries(fixes, header.sport), { sport: header.sport, units: u,
    place: (latitude, longitude) => marker?.setLatLng([latitude, longitude]).setStyle({ opacity: 1, fillOpacity: 1 }) });
  run.outcome.append(...choices(run, tracker.follow?.result ?? null));
  mount(h('section', { class: 'page summary' },
    h('div', { class: 'spread summary-head' }, h('h1', {}, `${sport} finished`), run.resume),
    h('div', { class: 'card grid', id: 'summary-figures' },
      stat('distance', 'summary-distance', units.distance(run.distance, u)),
      stat('time', 'summary-time', units.clock(run.seconds)),
      stat('avg pace', 'summary-pace', units.pace(run.distance > 50 ? run.seconds / (run.distance / 1000) : undefined, u))),
    tracker.workout ? h('div', { class: 'card' }, h('h2', {}, header.workout.name), summaryTable(tracker.workout.summary, tracker.workout.intervals, u)) : null,
    h('div', { class: 'map-box' }, mapElement),
    chart?.element,
    run.outcome));
  chart?.draw().catch(() => chart.element.remove());  // no chart rather than a broken one

  if (fixes.length) {
    const { L, map } = await basemap(mapElement, { zoomControl: false });
    const line = L.polyline(run.segments.map((segment) => segment.map((fix) => [fix.latitude, fix.longitude])), { color: '#1f6feb', weight: 5 }).addTo(map);
    map.fitBounds(line.getBounds(), { padding: [20, 20], maxZoom: 17 });
    marker = L.circleMarker(line.getLatLngs().flat()[0] ?? [0, 0], { radius: 7, color: '#fff', weight: 3, fillColor: '#1f6feb',
      opacity: 0, fillOpacity: 0 }).addTo(map);
    return () => { chart?.destroy(); retire(map); };
  }
  return () => chart?.destroy();
}

/** What the runner may do: too short (discard), or describe it and save; a follow run may join the route. */
function choices(run, result) {
  const { header, distance, u, fields } = run;
  const discard = h('button', { type: 'button', class: 'ghost', name: 'discard', onclick: async () => {
    if (distance >= MINIMUM_DISTANCE && !confirm(`Discard this ${run.sport.toLowerCase()}? It will be gone for good.`)) return;
    await ongoingRun.discard();
    go('#/activity');
  } }, 'Discard');
  if (distance < MINIMUM_DISTANCE) {
    return [h('h2', {}, 'Too short to save'), h('p', { class: 'error', id: 'too-short' },
      `This ${run.sport.toLowerCase()} covered ${units.shortDistance(distance, u)}. Paceline saves runs and walks of at least ${units.shortDistance(MINIMUM_DISTANCE, u)}.`),
    h('div', { class: 'row' }, discard)];
  }
  const routeName = header.follow?.routeName || 'the route';
  // A mission's stage followed has no leaderboard to join: how much of it was covered is all.
  const leaderboard = Boolean(header.follow?.routeId);
  const join = leaderboard && result?.classification === 'follow'
    ? h('input', { type: 'checkbox', name: 'add-to-route', checked: true }) : null;
  const coverage = !result ? null : join || !leaderboard
    ? h('p', { id: 'coverage' }, `You covered ${Math.round(result.coverage * 100)} % of ${routeName}`
      + (result.finish.completed ? `, ${units.gap(result.finish.aheadSeconds)} at the finish.` : '.'))
    : h('p', { class: 'error', id: 'coverage' }, `This run covered ${Math.round(result.coverage * 100)} % of ${routeName}; `
      + 'a run must cover 80 % of a route to join its leaderboard. It is saved as your own activity.');
  const then = () => (join?.checked ? { addToRoute: header.follow.routeId } : null);
  const visitor = !session.loggedIn;
  const form = h('form', { class: 'save-form', onsubmit: (event) => {
    event.preventDefault();
    if (visitor) keep(run, then(), event.submitter?.name !== 'keep-log-in'); else save(run, then());
  } },
  h('h2', {}, visitor ? 'Keep it' : 'Save'),
  visitor ? h('p', { class: 'visitor-note', id: 'visitor-note' }, `You are not signed in: this ${run.sport.toLowerCase()} is kept on this phone. `
    + 'Make an account, or log in, to keep it in your history: it is uploaded then, nothing lost.') : null,
  fields.element, coverage,
  join ? h('label', { class: 'check' }, join, h('span', {}, `Add it to the leaderboard of ${routeName}`)) : null,
  h('div', { class: 'row' }, ...(visitor
    ? [h('button', { type: 'submit', class: 'primary', name: 'keep' }, 'Keep it: make an account'),
      h('button', { type: 'submit', class: 'ghost', name: 'keep-log-in' }, 'Log in'), discard]
    : [h('button', { type: 'submit', class: 'primary', name: 'save' }, `Save ${run.sport.toLowerCase()}`), discard])));
  return [form];
}

/** The upload of the run as the runner described it: what the outbox sends. */
function uploadOf(run) {
  const { header, fields } = run;
  const chosen = fields.values();
  const wire = run.segments.map((segment) => segment.map((fix) => ({
    time: new Date(fix.time).toISOString(), latitude: fix.latitude, longitude: fix.longitude,
    ...(Number.isFinite(fix.elevation) ? { elevation: fix.elevation } : {}),
    ...(Number.isFinite(fix.accuracy) ? { horizontalAccuracy: fix.accuracy } : {}),
    ...(Number.isFinite(fix.heartRate) ? { heartRate: fix.heartRate } : {}),
  })));
  return {
    ...(wire.length > 1 ? { segments: wire } : { fixes: wire[0] ?? [] }),
    sport: chosen.sport, name: chosen.name || undefined, description: chosen.description || undefined,
    privacy: chosen.privacy, workoutId: header.workout?.id,
  };
}

/** Puts the run in the outbox (with what the runner chose, and what to do `then`) and forgets the ongoing run. */
async function toOutbox(run, then) {
  const upload = uploadOf(run);
  const item = await outbox.upload(upload, then, upload.name || run.sport,
    { sport: upload.sport, distanceMeters: run.distance, seconds: run.seconds });
  await ongoingRun.discard();
  return item;
}

/** Saves the run: it uploads from the outbox. */
async function save(run, then) {
  const item = await toOutbox(run, then);
  run.resume.remove();
  showSaved(run, item);
}

/** A visitor keeps the run: on this phone until the account made (`register`) or logged in to takes it. */
async function keep(run, then, register) {
  const item = await toOutbox(run, then);
  location.replace(keepAddress([item.sequence], register));
}

function showSaved(run, item) {
  const { outcome } = run;
  outcome.replaceChildren(h('h2', {}, 'Saved'), h('p', { id: 'saved-status' }, navigator.onLine
    ? 'Uploading…' : 'Saved on this phone: it will upload when you are back online.'),
  h('a', { class: 'button primary', href: '#/activity' }, 'Done'));
  const stop = outbox.onDone((done, answer, error) => {
    if (done.key !== item.key) return;
    stop();
    const status = document.getElementById('saved-status');
    if (!status) return;
    if (error) { status.className = 'error'; status.textContent = `Not uploaded: ${error.message}`; return; }
    showKept(run, answer.run);
    status.replaceChildren(answer.routeRun ? `Uploaded: rank ${answer.routeRun.rank} on the route. ` : 'Uploaded. ',
      h('a', { href: `#/runs/${answer.run.id}` }, 'Open it'),
      answer.routeRun ? '' : ' to edit it, or to publish it as a route others can follow.');
    status.after(activityShare(answer.run, answer.run.name || run.sport, run.u));
    runDiscoveries(answer.run).then((block) => status.isConnected && status.after(block));
    showEarned(outcome, answer.run.id);
    showMissionAdvances(run, answer.run.id);
  });
}

/** The figures as the server keeps them: what the activity page and the statistics show. */
function showKept({ u }, saved) {
  const figures = document.getElementById('summary-figures');
  if (!figures) return;
  const pace = saved.creditedDistanceMeters > 50 ? saved.movingSeconds / (saved.creditedDistanceMeters / 1000) : undefined;
  figures.replaceChildren(
    stat('distance', 'summary-distance', units.distance(saved.distanceMeters, u)),
    stat('moving time', 'summary-time', units.clock(saved.movingSeconds)),
    stat('avg pace', 'summary-pace', units.pace(saved.averagePaceSecondsPerKilometer ?? pace, u)),
    stat('elapsed', 'summary-elapsed', units.clock(saved.elapsedSeconds)));
  figures.dataset.kept = 'true';
}

/** How far the run moved the user's missions ("+3.20 km on …; stage 2 (Cadder) unlocked"). */
async function showMissionAdvances({ outcome, u }, runId) {
  const { advances } = await api.runMissionAdvances(runId).catch(() => ({ advances: [] }));
  if (advances.length && outcome.isConnected) {
    outcome.append(...advances.map((advance) => h('p', { class: 'mission-advance' }, advanceText(advance, u))));
  }
}
