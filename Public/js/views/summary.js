// After End (✓): what was run, and how to save it. Under 20 m is refused; a new run
// becomes a route; a follow run that covered the route may join it (or become a new
// route); one that did not is offered a new route with the reason. Saving puts the run in
// the outbox, so it is safe on the phone even offline. A paused run is uploaded as its
// segments (the stretches between pauses): the server counts nothing across a break.
import { outbox } from '../engine/api/outbox.js';
import { basemap, retire } from './map/basemap.js';
import { ongoingRun } from '../engine/store/ongoing-run.js';
import { session } from '../engine/store/session.js';
import { RunTracker } from '../engine/recording/run-tracker.js';
import { now as clockNow } from '../engine/clock.js';
import * as units from '../engine/core/units.js';
import { h, mount, field, stat } from '../ui.js';
import { sportName } from './analysis/format.js';
import { go } from '../router.js';
import { runDiscoveries } from './discovery/run-discoveries.js';
import { showEarned } from './achievements/earned.js';
import { summaryTable } from './workout/summary-table.js';
import { api } from '../engine/api/paceline.js';
import { advanceText } from './missions/advance-text.js';

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
  const now = clockNow();
  const sport = sportName(header.sport);
  const day = new Date(header.startedAt).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
  const run = {
    header, u, sport,
    distance: tracker.meter.distance,
    segments: ongoingRun.segments(fixes),
    name: h('input', { name: 'name', maxlength: 200, value: header.follow?.routeName ?? `${sport} on ${day}` }),
    outcome: h('div', { class: 'card', id: 'save-outcome' }),
  };
  const mapElement = h('div', { class: 'map', id: 'summary-map' });
  run.outcome.append(...choices(run, tracker.follow?.result ?? null));
  mount(h('section', { class: 'page summary' },
    h('h1', {}, `${sport} finished`),
    h('div', { class: 'card grid' },
      stat('distance', 'summary-distance', units.distance(run.distance, u)),
      stat('time', 'summary-time', units.clock(tracker.elapsedSeconds(now))),
      stat('avg pace', 'summary-pace', units.pace(tracker.averagePace(now), u))),
    tracker.workout ? h('div', { class: 'card' }, h('h2', {}, header.workout.name), summaryTable(tracker.workout.summary, tracker.workout.intervals, u)) : null,
    h('div', { class: 'map-box' }, mapElement),
    run.outcome));

  if (fixes.length) {
    const { L, map } = await basemap(mapElement, { zoomControl: false });
    const line = L.polyline(run.segments.map((segment) => segment.map((fix) => [fix.latitude, fix.longitude])), { color: '#1f6feb', weight: 5 }).addTo(map);
    map.fitBounds(line.getBounds(), { padding: [20, 20], maxZoom: 17 });
    return () => retire(map);
  }
  return null;
}

/** What the runner may do with the run: too short (discard), a new route, or join the route followed. */
function choices(run, result) {
  const { header, name, distance, u } = run;
  const discard = h('button', { class: 'ghost', name: 'discard', onclick: async () => {
    if (distance >= MINIMUM_DISTANCE && !confirm('Discard this run? It will be gone for good.')) return;
    await ongoingRun.discard();
    go('#/activity');
  } }, 'Discard');
  const newRoute = () => save(run, { createRoute: true, name: name.value.trim() || undefined });
  if (distance < MINIMUM_DISTANCE) {
    return [h('h2', {}, 'Too short to save'), h('p', { class: 'error', id: 'too-short' },
      `This ${run.sport.toLowerCase()} covered ${units.shortDistance(distance, u)}. Paceline saves runs and walks of at least ${units.shortDistance(MINIMUM_DISTANCE, u)}.`),
    h('div', { class: 'row' }, discard)];
  }
  if (!result) {
    return [field('Name', name), h('p', { class: 'muted' }, 'Saved as a new route that others can follow.'),
      h('div', { class: 'row' }, h('button', { class: 'primary', name: 'save-route', onclick: newRoute }, 'Save as a route'), discard)];
  }
  if (result.classification === 'follow') {
    return [field('Name', name),
      h('p', { id: 'coverage' }, `You covered ${Math.round(result.coverage * 100)} % of ${header.follow.routeName || 'the route'}`
        + (result.finish.completed ? `, ${units.gap(result.finish.aheadSeconds)} at the finish.` : '.')),
      h('div', { class: 'row' },
        h('button', { class: 'primary', name: 'add-to-route', onclick: () => save(run, { addToRoute: header.follow.routeId }) }, 'Add to the route'),
        h('button', { name: 'save-route', onclick: newRoute }, 'New route'),
        discard)];
  }
  return [field('Name', name),
    h('p', { class: 'error', id: 'coverage' }, `This run covered ${Math.round(result.coverage * 100)} % of ${header.follow.routeName || 'the route'}; `
      + 'a run must cover 80 % of a route to join its leaderboard. You can save it as a new route.'),
    h('div', { class: 'row' }, h('button', { class: 'primary', name: 'save-route', onclick: newRoute }, 'New route'), discard)];
}

/** Puts the run in the outbox with what to do `then`, and forgets the ongoing run. */
async function save(run, then) {
  const { header, name, sport } = run;
  const wire = run.segments.map((segment) => segment.map((fix) => ({
    time: new Date(fix.time).toISOString(), latitude: fix.latitude, longitude: fix.longitude,
    ...(Number.isFinite(fix.elevation) ? { elevation: fix.elevation } : {}),
    ...(Number.isFinite(fix.accuracy) ? { horizontalAccuracy: fix.accuracy } : {}),
  })));
  const item = await outbox.upload({
    ...(wire.length > 1 ? { segments: wire } : { fixes: wire[0] ?? [] }),
    sport: header.sport, name: name.value.trim() || undefined, workoutId: header.workout?.id,
  }, then, name.value.trim() || sport);
  await ongoingRun.discard();
  showSaved(run, item);
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
    status.replaceChildren(answer.route && item.then?.createRoute ? 'Uploaded, and it is a route now. ' : answer.routeRun
      ? `Uploaded: rank ${answer.routeRun.rank} on the route. ` : 'Uploaded. ',
    h('a', { href: `#/runs/${answer.run.id}` }, 'See the analysis'));
    runDiscoveries(answer.run).then((block) => status.isConnected && status.after(block));
    showEarned(outcome, answer.run.id);
    showMissionAdvances(run, answer.run.id);
  });
}

/** How far the run moved the user's missions ("+3.20 km on …; stage 2 (Cadder) unlocked"). */
async function showMissionAdvances({ outcome, u }, runId) {
  const { advances } = await api.runMissionAdvances(runId).catch(() => ({ advances: [] }));
  if (advances.length && outcome.isConnected) {
    outcome.append(...advances.map((advance) => h('p', { class: 'mission-advance' }, advanceText(advance, u))));
  }
}
