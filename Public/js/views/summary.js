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
  const distance = tracker.meter.distance;
  const now = clockNow();
  const elapsed = tracker.elapsedSeconds(now);
  const result = tracker.follow?.result ?? null;
  const sport = sportName(header.sport);
  const day = new Date(header.startedAt).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
  const name = h('input', { name: 'name', maxlength: 200, value: header.follow?.routeName ?? `${sport} on ${day}` });
  const outcome = h('div', { class: 'card', id: 'save-outcome' });
  const mapElement = h('div', { class: 'map', id: 'summary-map' });

  const discard = h('button', { class: 'ghost', name: 'discard', onclick: async () => {
    if (distance >= MINIMUM_DISTANCE && !confirm('Discard this run? It will be gone for good.')) return;
    await ongoingRun.discard();
    go('#/activity');
  } }, 'Discard');

  const segments = ongoingRun.segments(fixes);
  async function save(then) {
    const wire = segments.map((segment) => segment.map((fix) => ({
      time: new Date(fix.time).toISOString(), latitude: fix.latitude, longitude: fix.longitude,
      ...(Number.isFinite(fix.elevation) ? { elevation: fix.elevation } : {}),
      ...(Number.isFinite(fix.accuracy) ? { horizontalAccuracy: fix.accuracy } : {}),
    })));
    const item = await outbox.upload({
      ...(wire.length > 1 ? { segments: wire } : { fixes: wire[0] ?? [] }),
      sport: header.sport, name: name.value.trim() || undefined, workoutId: header.workout?.id,
    }, then, name.value.trim() || sport);
    await ongoingRun.discard();
    showSaved(item);
  }

  function showSaved(item) {
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
      showMissionAdvances(answer.run.id);
    });
  }

  /** How far the run moved the user's missions ("+3.20 km on …; stage 2 (Cadder) unlocked"). */
  async function showMissionAdvances(runId) {
    const { advances } = await api.runMissionAdvances(runId).catch(() => ({ advances: [] }));
    if (advances.length && outcome.isConnected) {
      outcome.append(...advances.map((advance) => h('p', { class: 'mission-advance' }, advanceText(advance, u))));
    }
  }

  if (distance < MINIMUM_DISTANCE) {
    outcome.append(h('h2', {}, 'Too short to save'), h('p', { class: 'error', id: 'too-short' },
      `This ${sport.toLowerCase()} covered ${units.shortDistance(distance, u)}. Paceline saves runs and walks of at least ${units.shortDistance(MINIMUM_DISTANCE, u)}.`),
    h('div', { class: 'row' }, discard));
  } else if (!result) {
    outcome.append(field('Name', name), h('p', { class: 'muted' }, 'Saved as a new route that others can follow.'),
      h('div', { class: 'row' }, h('button', { class: 'primary', name: 'save-route', onclick: () => save({ createRoute: true, name: name.value.trim() || undefined }) }, 'Save as a route'), discard));
  } else if (result.classification === 'follow') {
    outcome.append(field('Name', name),
      h('p', { id: 'coverage' }, `You covered ${Math.round(result.coverage * 100)} % of ${header.follow.routeName || 'the route'}`
        + (result.finish.completed ? `, ${units.gap(result.finish.aheadSeconds)} at the finish.` : '.')),
      h('div', { class: 'row' },
        h('button', { class: 'primary', name: 'add-to-route', onclick: () => save({ addToRoute: header.follow.routeId }) }, 'Add to the route'),
        h('button', { name: 'save-route', onclick: () => save({ createRoute: true, name: name.value.trim() || undefined }) }, 'New route'),
        discard));
  } else {
    outcome.append(field('Name', name),
      h('p', { class: 'error', id: 'coverage' }, `This run covered ${Math.round(result.coverage * 100)} % of ${header.follow.routeName || 'the route'}; `
        + 'a run must cover 80 % of a route to join its leaderboard. You can save it as a new route.'),
      h('div', { class: 'row' }, h('button', { class: 'primary', name: 'save-route', onclick: () => save({ createRoute: true, name: name.value.trim() || undefined }) }, 'New route'), discard));
  }

  mount(h('section', { class: 'page summary' },
    h('h1', {}, `${sport} finished`),
    h('div', { class: 'card grid' },
      stat('distance', 'summary-distance', units.distance(distance, u)),
      stat('time', 'summary-time', units.clock(elapsed)),
      stat('avg pace', 'summary-pace', units.pace(tracker.averagePace(now), u))),
    tracker.workout ? h('div', { class: 'card' }, h('h2', {}, header.workout.name), summaryTable(tracker.workout.summary, tracker.workout.intervals, u)) : null,
    h('div', { class: 'map-box' }, mapElement),
    outcome));

  if (fixes.length) {
    const { L, map } = await basemap(mapElement, { zoomControl: false });
    const line = L.polyline(segments.map((segment) => segment.map((fix) => [fix.latitude, fix.longitude])), { color: '#1f6feb', weight: 5 }).addTo(map);
    map.fitBounds(line.getBounds(), { padding: [20, 20], maxZoom: 17 });
    return () => retire(map);
  }
  return null;
}
