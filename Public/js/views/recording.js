// Recording a run (or following a route): elapsed time, distance, current and average
// pace, GPS and network status, map lock and mute; when following, the gap to the pace on
// screen and spoken every few seconds, computed on the phone so it keeps coming offline.
// Every fix goes to IndexedDB as it comes: a reload resumes the run where it was.
// Pause stops the clock, the distance and a workout's intervals until Resume (the marker
// still moves); fixes after a resume are a new segment, so the way walked while paused
// counts for nothing. A pause survives a reload. Not when following a route: the gap to
// the pace assumes the clock never stops.
import { api } from '../engine/api/paceline.js';
import { basemap, retire, positionMarker } from './map/basemap.js';
import { watchPosition, isSimulated } from '../engine/gps/source.js';
import { ongoingRun } from '../engine/store/ongoing-run.js';
import { session } from '../engine/store/session.js';
import { RunTracker } from '../engine/recording/run-tracker.js';
import { now as clockNow } from '../engine/clock.js';
import { speech } from '../speech.js';
import * as units from '../engine/core/units.js';
import { h, mount, stat, toast } from '../ui.js';
import { icon } from '../icons.js';
import { sportName } from './analysis/format.js';
import { go } from '../router.js';
import { PoiLayer } from './discovery/poi-layer.js';
import { openPoiSheet } from './discovery/poi-detail.js';
import { loadWorkout } from '../engine/workout/active-workout.js';
import { WorkoutPanel } from './workout/workout-panel.js';

export async function render(_, query) {
  const ongoing = await ongoingRun.load();
  if (ongoing?.header.state === 'finished') { go('#/summary'); return; }
  const u = session.units;

  // Before the start: what is being followed (needs the network once), the sport.
  let follow = ongoing?.header.follow ?? null;
  if (!ongoing && query.follow) {
    try {
      const [detail, pace] = await Promise.all([api.route(query.follow), api.pace(query.follow, query.pace)]);
      follow = { routeId: detail.route.id, routeName: detail.route.name, paceRunId: pace.runId, pace: pace.checkpoints, routeDistance: detail.route.distanceMeters };
    } catch (error) {
      toast(error.isNetwork ? 'Following a route needs the network at the start' : error.message, { error: true });
      go('#/activity');
      return;
    }
  }

  // The workout to run (not while following): the active one, or ?workout=ID; ?workout=none for none.
  let workout = ongoing?.header.workout ?? null;
  if (!ongoing && !follow && query.workout !== 'none') workout = await loadWorkout(query.workout);
  const workoutPanel = workout ? new WorkoutPanel(workout, u, () => { workout = null; }) : null;

  const elapsedText = h('strong', { id: 'elapsed' }, '0:00');
  const gapText = h('strong', { id: 'gap', class: 'gap' }, follow ? 'Head to the start' : '');
  const gpsPill = h('span', { class: 'pill', id: 'gps-status' }, 'GPS…');
  const netPill = h('span', { class: 'pill', id: 'network-status' }, navigator.onLine ? 'online' : 'offline');
  const spokenLine = h('div', { class: 'wide spoken muted', id: 'spoken', 'aria-live': 'polite' });
  const pausedLine = h('div', { class: 'wide paused', id: 'paused', role: 'status', hidden: true }, 'Paused');
  const hud = h('div', { class: 'hud' },
    h('div', { class: 'stat wide' }, elapsedText, h('span', {}, 'time')),
    pausedLine,
    stat('distance', 'distance', units.distance(0, u)),
    stat('avg pace', 'average-pace'),
    stat('current pace', 'current-pace'),
    follow ? h('div', { class: 'stat' }, gapText, h('span', {}, 'vs pace')) : stat('sport', 'sport-label', 'Run'),
    workoutPanel?.element,
    spokenLine,
    h('div', { class: 'status-line' }, gpsPill, netPill, isSimulated ? h('span', { class: 'pill' }, 'simulated GPS') : null,
      follow ? h('span', { class: 'pill' }, `following ${follow.routeName || 'a route'}`) : null));
  const mapElement = h('div', { class: 'map', id: 'record-map' });
  const lock = h('button', { class: 'toggle', name: 'lock', 'aria-pressed': 'true', title: 'Map follows me' }, icon('lock'), 'Map');
  const mute = h('button', { class: 'toggle', name: 'mute', 'aria-pressed': String(speech.muted), title: 'Mute the voice' }, icon(speech.muted ? 'mute' : 'voice'));
  const sport = h('select', { name: 'sport', 'aria-label': 'Sport' }, h('option', { value: 'run' }, 'Run'), h('option', { value: 'walk' }, 'Walk'));
  const startButton = h('button', { class: 'round primary', name: 'begin', 'aria-label': 'Start', title: 'Start' }, icon('play'));
  const endButton = h('button', { class: 'round primary', name: 'end', 'aria-label': 'End', title: 'End', hidden: true }, icon('check'));
  const pauseButton = h('button', { class: 'round', name: 'pause', 'aria-label': 'Pause', title: 'Pause', hidden: true }, icon('pause'));
  const resumeButton = h('button', { class: 'round primary', name: 'resume', 'aria-label': 'Resume', title: 'Resume', hidden: true }, icon('play'));
  const cancel = h('button', { class: 'ghost', name: 'cancel', onclick: () => go('#/activity') }, 'Cancel');
  const controls = h('div', { class: 'controls' }, lock, ongoing ? null : sport, startButton, pauseButton, resumeButton, endButton, mute, ongoing ? null : cancel);
  const screen = h('div', { class: 'map-screen recording' }, mapElement, hud, controls);
  mount(screen);

  const { L, map } = await basemap(mapElement, { zoom: 17, zoomControl: false });
  let locked = true;
  let tracker = null;
  let stopGPS = null;
  let timer = null;
  let me = null;
  let lastFix = null;
  let pois = null;  // points of interest around a walker
  // The way run, one line per segment (a resume starts a new one: no line across a pause).
  let line = null;
  let lineSegment = null;
  function draw(fix, segment) {
    if (segment !== lineSegment) { line = L.polyline([], { color: '#1f6feb', weight: 5 }).addTo(map); lineSegment = segment; }
    line.addLatLng([fix.latitude, fix.longitude]);
  }
  if (follow) {
    const paceLine = L.polyline(follow.pace.map((c) => [c.latitude, c.longitude]), { color: '#0b6e4f', weight: 6, opacity: 0.5 }).addTo(map);
    map.fitBounds(paceLine.getBounds(), { padding: [40, 40] });
  }

  lock.addEventListener('click', () => {
    locked = !locked;
    lock.setAttribute('aria-pressed', String(locked));
    lock.replaceChildren(icon(locked ? 'lock' : 'unlock'), 'Map');
    if (locked && lastFix) map.panTo([lastFix.latitude, lastFix.longitude]);
  });
  map.on('dragstart', () => { if (locked) lock.click(); });
  mute.addEventListener('click', () => {
    speech.muted = !speech.muted;
    mute.setAttribute('aria-pressed', String(speech.muted));
    mute.replaceChildren(icon(speech.muted ? 'mute' : 'voice'));
  });
  const showNetwork = () => { netPill.textContent = navigator.onLine ? 'online' : 'offline'; netPill.classList.toggle('bad', !navigator.onLine); };
  window.addEventListener('online', showNetwork);
  window.addEventListener('offline', showNetwork);
  showNetwork();

  function showPosition(fix) {
    lastFix = fix;
    const at = [fix.latitude, fix.longitude];
    if (!me) me = positionMarker(L, at).addTo(map);
    else me.setLatLng(at);
    if (locked) map.panTo(at, { animate: false });
  }

  function showNumbers() {
    if (!tracker) return;
    const now = clockNow();
    elapsedText.textContent = units.clock(tracker.elapsedSeconds(now));
    document.getElementById('distance').textContent = units.distance(tracker.meter.distance, u);
    document.getElementById('average-pace').textContent = units.pace(tracker.averagePace(now), u);
    document.getElementById('current-pace').textContent = units.paceFromSpeed(tracker.isPaused ? 0 : tracker.meter.currentSpeed, u);
    if (tracker.workout) workoutPanel?.update(tracker.workout);
  }

  function showCue(cue, spoken) {
    if (!follow) return;
    gapText.textContent = cue.deviated ? (cue.started ? 'off route' : 'Head to the start') : units.gap(cue.aheadSeconds);
    gapText.className = 'gap ' + (cue.deviated ? 'behind' : cue.aheadSeconds >= 0 ? 'ahead' : 'behind');
    if (spoken) spokenLine.textContent = `“${spoken}”`;
  }

  function onFix(fix) {
    showPosition(fix);
    pois?.update(fix);
    if (!tracker || tracker.isPaused) return;  // paused: the marker moves, nothing counts
    const segment = tracker.nextSegment;
    const { cue, spoken, sentences } = tracker.add({ ...fix, segment });
    ongoingRun.appendFix(fix, segment);
    draw(fix, segment);
    if (cue) { showCue(cue, spoken); speech.say(spoken); } else if (spoken) { spokenLine.textContent = `“${spoken}”`; sentences.forEach((sentence) => speech.say(sentence)); }
    showNumbers();
  }

  function begin(header, fixes = []) {
    tracker = new RunTracker(header, u);
    for (const fix of fixes) {
      const { cue, spoken } = tracker.add(fix);  // replayed in silence
      draw(fix, fix.segment ?? 0);
      if (cue) showCue(cue, spoken);
    }
    if (fixes.length) showPosition(fixes[fixes.length - 1]);
    startButton.hidden = true;
    endButton.hidden = false;
    showPaused();
    sport.hidden = true;
    cancel.hidden = true;
    const sportLabel = document.getElementById('sport-label');
    if (sportLabel) sportLabel.textContent = sportName(header.sport);
    timer = setInterval(showNumbers, 1000);
    showNumbers();
    if (header.sport === 'walk') pois = new PoiLayer(L, map, { onOpen: openPoiSheet });
  }

  startButton.addEventListener('click', async () => {
    const header = { startedAt: clockNow(), sport: sport.value, follow, workout };
    await ongoingRun.start(header);
    begin(header);
    if (follow) speech.say('Following ' + (follow.routeName || 'the route'));
    // Where the runner stands when pressing Start is where the run starts.
    if (lastFix && header.startedAt - lastFix.time < 10_000) onFix({ ...lastFix, time: header.startedAt });
  });
  /** Pause or Resume, and "Paused" on the screen while paused (no Pause when following). */
  function showPaused() {
    const paused = tracker?.isPaused ?? false;
    pauseButton.hidden = !tracker || paused || Boolean(follow);
    resumeButton.hidden = !paused;
    pausedLine.hidden = !paused;
    screen.classList.toggle('is-paused', paused);
  }
  pauseButton.addEventListener('click', async () => {
    if (!tracker || tracker.isPaused) return;
    const at = clockNow();
    tracker.pause(at);
    showPaused();
    showNumbers();
    speech.say('Paused');
    await ongoingRun.pause(at);
  });
  resumeButton.addEventListener('click', async () => {
    if (!tracker?.isPaused) return;
    const at = clockNow();
    tracker.resume(at);
    showPaused();
    speech.say('Resumed');
    // Where the runner stands when pressing Resume is where the new segment starts (before
    // any later fix can come in, so the segment stays in time order).
    if (lastFix && at - lastFix.time < 10_000) onFix({ ...lastFix, time: at });
    await ongoingRun.resume(at);
  });
  endButton.addEventListener('click', async () => {
    await ongoingRun.finish(clockNow());
    go('#/summary');
  });

  if (ongoing) begin(ongoing.header, ongoing.fixes);
  stopGPS = watchPosition(onFix, (status, message) => {
    gpsPill.textContent = message;
    gpsPill.classList.toggle('bad', status === 'denied' || status === 'unavailable');
  });

  return () => {
    stopGPS?.();
    clearInterval(timer);
    pois?.stop();
    document.querySelector('.poi-sheet')?.remove();
    window.removeEventListener('online', showNetwork);
    window.removeEventListener('offline', showNetwork);
    retire(map);
  };
}
