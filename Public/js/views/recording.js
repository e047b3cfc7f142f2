// Recording a run (or following a route): elapsed time, distance, current and average
// pace, GPS and network status (and what to do when location is blocked), the map's mode
// (locked on the runner, heading up or free: js/views/map/map-modes.js) and mute; when
// following, the gap to the pace on screen and spoken (a cue every 5 s, said when the gap
// moves by 3 s or at the interval set in the profile), computed on the phone so it keeps
// coming offline. A free run or walk says each kilometre (or mile) with its split's pace,
// and every N minutes if chosen. Every fix goes to IndexedDB as it comes: a reload resumes
// the run where it was. Pause stops the clock, the distance and a workout's intervals
// until Resume (the marker still moves); fixes after a resume are a new segment, so the way
// walked while paused counts for nothing. A pause survives a reload. Not when following a
// route: the gap to the pace assumes the clock never stops. A visitor (no account) records
// and follows as well; what needs an account (a workout, journeys, the live link) is left out.
import { api } from '../engine/api/paceline.js';
import { presence } from '../engine/social/presence.js';
import { basemap, retire, positionMarker } from './map/basemap.js';
import { watchPosition, isSimulated } from '../engine/gps/source.js';
import { ongoingRun } from '../engine/store/ongoing-run.js';
import { session, deviceSettings } from '../engine/store/session.js';
import { RunTracker } from '../engine/recording/run-tracker.js';
import { now as clockNow } from '../engine/clock.js';
import { storedFix } from '../engine/core/stored-fix.js';
import { stageCheckpoints } from '../engine/core/stage-pace.js';
import { speech } from '../speech.js';
import { haptics } from '../haptics.js';
import * as units from '../engine/core/units.js';
import { h, mount, stat, toast } from '../ui.js';
import { icon } from '../icons.js';
import { sportName } from './shared/format.js';
import { go } from '../router.js';
import { PoiLayer } from './discovery/poi-layer.js';
import { openPoiSheet } from './discovery/poi-detail.js';
import { loadWorkout } from '../engine/workout/active-workout.js';
import { WorkoutPanel } from './workout/workout-panel.js';
import { canConnectStrap, connectStrap, READING_LIFETIME_MS } from '../engine/sensors/heart-rate-strap.js';
import { ScreenAwake } from '../screen-awake.js';
import { JourneyLine } from './missions/journey-line.js';
import { SegmentLine } from './segments/segment-line.js';
import { BeaconControl } from './beacon/beacon-control.js';
import { STEPPED_SPORTS, estimatedSteps } from '../engine/core/steps.js';
import { MapModes } from './map/map-modes.js';
import { locationHelp } from './shared/location-help.js';

/** What the phone records, in the order the sport choice lists them. */
const RECORDED_SPORTS = ['run', 'walk', 'hike'];
/** Outings on foot that discover the plaques they pass (the map shows those near). */
const DISCOVERING_SPORTS = ['walk', 'hike'];

export async function render(_, query) {
  const ongoing = await ongoingRun.load();
  if (ongoing?.header.state === 'finished') { go('#/summary'); return; }
  // Before the start: what is being followed (needs the network once), the sport.
  let follow = ongoing?.header.follow ?? null;
  if (!ongoing && (query.follow || query.mission || query.planned)) {
    follow = await (query.mission ? stageToFollow(query) : query.planned ? plannedToFollow(query) : routeToFollow(query));
    if (!follow) return;
  }
  // The workout to run (not while following): the active one, or ?workout=ID; ?workout=none for none.
  let workout = ongoing?.header.workout ?? null;
  if (!ongoing && !follow && query.workout !== 'none' && session.loggedIn) workout = await loadWorkout(query.workout);
  const rec = recordingScreen(ongoing, follow, workout);
  // From Home's Start a walk, or a mission's stage walked.
  if (!ongoing && (!follow || query.mission) && RECORDED_SPORTS.includes(query.sport)) rec.sport.value = query.sport;
  mount(rec.screen);

  const { L, map } = await basemap(rec.mapElement, { zoom: 17, zoomControl: false });
  Object.assign(rec, { L, map });
  if (follow) {
    const paceLine = L.polyline(follow.pace.map((c) => [c.latitude, c.longitude]), { color: '#0b6e4f', weight: 6, opacity: 0.5 }).addTo(map);
    map.fitBounds(paceLine.getBounds(), { padding: [40, 40] });
  }
  rec.modes = new MapModes(map, rec.mapFrame, rec.mapMode, () => {
    if (rec.lastFix) map.panTo([rec.lastFix.latitude, rec.lastFix.longitude], { animate: false });
  });
  wireToggles(rec);
  wireControls(rec);
  keepMapFitted(rec);
  rec.awake.start();
  // Back from a locked screen or another app: say how long the GPS was away, if it was.
  rec.visibility = () => {
    if (document.visibilityState !== 'visible' || !rec.tracker || rec.tracker.isPaused || !rec.lastFix) return;
    const away = (clockNow() - rec.lastFix.time) / 1000;
    if (away > 15) toast(`No GPS for ${units.clock(away)} while the screen was off: that stretch is a straight line.`);
  };
  document.addEventListener('visibilitychange', rec.visibility);
  if (ongoing) begin(rec, ongoing.header, ongoing.fixes);
  rec.stopGPS = watchGPS(rec);
  return () => close(rec);
}

/** The GPS's fixes and state; blocked, the screen says what to do and Start waits. */
function watchGPS(rec) {
  return watchPosition((fix, { heading } = {}) => onFix(rec, fix, heading), (status, message) => {
    const denied = status === 'denied';
    rec.gpsPill.textContent = message;
    rec.gpsPill.classList.toggle('bad', denied || status === 'unavailable');
    rec.locationHelp.show(status);
    rec.lockNote.hidden = denied || Boolean(rec.tracker);
    rec.startButton.disabled = denied;
  });
}

/** What the gap is measured against, under it: "vs 6:00 /km", "vs plan 50:00" or "vs pace". */
function followedAs(follow, u) {
  if (follow.evenPace) return `vs ${units.pace(follow.evenPace, u)}`;
  return follow.planGoal ? `vs plan ${units.clock(follow.planGoal)}` : 'vs pace';
}

/** The route to follow and the pace to follow on it, or null (said, and back to the map). */
async function routeToFollow(query) {
  try {
    // A plan made from a goal (`&plan=SECONDS&strategy=…`, from #/routes/ID/plan), else a person's run.
    const plan = Number(query.plan) > 0;
    const [detail, pace] = await Promise.all([api.route(query.follow),
      plan ? api.pacePlan(query.follow, Number(query.plan), query.strategy) : api.pace(query.follow, query.pace)]);
    return { routeId: detail.route.id, routeName: detail.route.name, paceRunId: pace.runId, pace: pace.checkpoints, routeDistance: detail.route.distanceMeters,
      planGoal: plan ? pace.goalSeconds : undefined };
  } catch (error) {
    toast(error.isNetwork ? 'Following a route needs the network at the start' : error.message, { error: true });
    go('#/activity');
    return null;
  }
}

/**
 * A pace plan on one of the runner's planned routes (`?planned=ID&plan=SECONDS&strategy=…`,
 * from #/planned/ID/plan), or null (said, and back to the route). A planned route has no
 * route to join and no person's run: the plan's checkpoints are the pace.
 */
async function plannedToFollow(query) {
  const known = /^[0-9a-f-]{36}$/i.test(query.planned);
  try {
    if (!known || !(Number(query.plan) > 0)) throw new Error('No such plan to follow');
    const [route, plan] = await Promise.all([api.plannedRoute(query.planned), api.plannedPacePlan(query.planned, Number(query.plan), query.strategy)]);
    return { routeId: null, routeName: route.name || 'Planned route', paceRunId: null, pace: plan.checkpoints, routeDistance: route.distanceMeters,
      planGoal: plan.goalSeconds };
  } catch (error) {
    toast(error.isNetwork ? 'Following a planned route needs the network at the start' : error.message, { error: true });
    go(known ? `#/planned/${query.planned}` : '#/planned');
    return null;
  }
}

/**
 * A mission's stage to follow at an even pace (`?mission=ID&stage=ROUTE/STAGE&pace=SECONDS_PER_KM`),
 * or null (said, and back to the mission). The mission is kept for offline use, so this works offline too.
 */
async function stageToFollow(query) {
  try {
    const mission = await api.mission(query.mission);
    const [routeIndex, stageIndex] = String(query.stage ?? '').split('/').map(Number);
    const route = mission.routes[routeIndex], stage = route?.stages[stageIndex];
    const secondsPerKm = Number(query.pace);
    if (!stage || !Number.isFinite(secondsPerKm) || secondsPerKm < 120 || secondsPerKm > 3600) throw new Error('No such stage to follow');
    return { routeId: null, routeName: `${route.name}, stage ${stageIndex + 1}: to ${stage.name}`, paceRunId: null,
      pace: stageCheckpoints(route, stage.startMeters, stage.endMeters, secondsPerKm), routeDistance: stage.endMeters - stage.startMeters,
      evenPace: secondsPerKm };
  } catch (error) {
    toast(error.isNetwork ? 'Following a stage needs the mission once, with the network' : error.message, { error: true });
    go(query.mission ? `#/missions/${encodeURIComponent(query.mission)}` : '#/missions');
    return null;
  }
}

/** The screen's elements and what it keeps while recording. */
function recordingScreen(ongoing, follow, workout) {
  const u = session.units;
  const rec = {
    ongoing, follow, workout, u,
    workoutPanel: workout ? new WorkoutPanel(workout, u, () => { rec.workout = null; }) : null,
    tracker: null,
    stopGPS: null,
    timer: null,
    me: null,
    lastFix: null,
    pois: null,  // points of interest around a walker
    heart: null,  // the strap's latest reading: {bpm, time}
    awake: new ScreenAwake(),
    journeys: new JourneyLine(session.units),
    segments: null,  // the segments around the runner, once started
    beacon: null,  // the live safety link's control, once started
    stopStrap: null,
    // The way run, one line per segment (a resume starts a new one: no line across a pause).
    line: null,
    lineSegment: null,
    elapsedText: h('strong', { id: 'elapsed' }, '0:00'),
    gapText: h('strong', { id: 'gap', class: 'gap' }, follow ? 'Head to the start' : ''),
    gpsPill: h('span', { class: 'pill', id: 'gps-status' }, 'GPS…'),
    netPill: h('span', { class: 'pill', id: 'network-status' }, navigator.onLine ? 'online' : 'offline'),
    spokenLine: h('div', { class: 'wide spoken muted', id: 'spoken', 'aria-live': 'polite' }),
    pausedLine: h('div', { class: 'wide paused', id: 'paused', role: 'status', hidden: true }, 'Paused'),
    // Said before the start: a browser stops the GPS while the phone is locked.
    lockNote: h('div', { class: 'wide lock-note', id: 'lock-note', hidden: Boolean(ongoing) }, ScreenAwake.supported
      ? 'The screen stays on while you record: locking the phone would stop the GPS.'
      : 'Keep the screen on while you record: this browser stops the GPS when the phone locks.',
    ' With the phone in a pocket, record with a watch or another app and ', h('a', { href: '#/import' }, 'import the file'), '.'),
    mapElement: h('div', { class: 'map', id: 'record-map' }),
    locationHelp: locationHelp(() => { rec.stopGPS?.(); rec.stopGPS = watchGPS(rec); }),
    sport: h('select', { name: 'sport', 'aria-label': 'Sport' }, ...RECORDED_SPORTS.map((sport) => h('option', { value: sport }, sportName(sport)))),
    heartPill: canConnectStrap ? h('button', { type: 'button', class: 'pill heart-pill', name: 'heart-rate', 'aria-label': 'Connect a heart-rate strap' }, icon('heart'), ' Connect heart rate') : null,
  };
  // The frame clips the map, which outgrows it while turned (heading up).
  rec.mapFrame = h('div', { class: 'map-frame' }, rec.mapElement);
  rec.screen = h('div', { class: 'map-screen recording' }, rec.mapFrame, hud(rec), controls(rec));
  return rec;
}

/** Time, distance, paces, the gap or the sport (its choice before the start), the workout, what was said, GPS and network. */
function hud(rec) {
  const { follow, u } = rec;
  return h('div', { class: 'hud' },
    h('div', { class: 'stat wide' }, rec.elapsedText, h('span', {}, 'time')),
    rec.pausedLine,
    rec.lockNote,
    rec.locationHelp.element,
    stat('distance', 'distance', units.distance(0, u)),
    stat('avg pace', 'average-pace'),
    stat('current pace', 'current-pace'),
    rec.stepsStat = h('div', { class: 'stat', hidden: true }, h('strong', { id: 'steps' }, '0'), h('span', {}, 'steps (est.)')),
    // The sport: chosen here before the start (a follow is a run), then shown.
    follow ? h('div', { class: 'stat' }, rec.gapText, h('span', {}, followedAs(follow, u)))
      : h('div', { class: 'stat sport-stat' }, h('strong', { id: 'sport-label', hidden: !rec.ongoing }, 'Run'), rec.ongoing ? null : rec.sport, h('span', {}, 'sport')),
    rec.workoutPanel?.element,
    rec.journeys.element,
    rec.segmentElement = h('div', { class: 'wide' }),
    rec.beaconElement = h('div', { class: 'wide' }),
    rec.spokenLine,
    h('div', { class: 'status-line' }, rec.gpsPill, rec.netPill, rec.heartPill, isSimulated ? h('span', { class: 'pill' }, 'simulated GPS') : null,
      follow ? h('span', { class: 'pill' }, `following ${follow.routeName || 'a route'}`) : null));
}

/** The map's mode, Start, Pause, Resume, End, mute and Cancel. */
function controls(rec) {
  const { ongoing } = rec;
  Object.assign(rec, {
    // Its words and workings are the map's modes' (once the map is there).
    mapMode: h('button', { type: 'button', class: 'toggle map-mode', name: 'map-mode', disabled: true }, icon('lock'), h('span', {}, 'Locked')),
    mute: h('button', { class: 'toggle', name: 'mute', 'aria-pressed': String(speech.muted), title: 'Mute the voice' }, icon(speech.muted ? 'mute' : 'voice')),
    // Enabled once it works (the map loaded, the controls wired): a tap before would do nothing.
    startButton: h('button', { class: 'round primary', name: 'begin', 'aria-label': 'Start', title: 'Start', disabled: true }, icon('play')),
    endButton: h('button', { class: 'round primary', name: 'end', 'aria-label': 'End', title: 'End', hidden: true }, icon('check')),
    pauseButton: h('button', { class: 'round', name: 'pause', 'aria-label': 'Pause', title: 'Pause', hidden: true }, icon('pause')),
    resumeButton: h('button', { class: 'round primary', name: 'resume', 'aria-label': 'Resume', title: 'Resume', hidden: true }, icon('play')),
    cancel: h('button', { class: 'ghost', name: 'cancel', onclick: () => go('#/activity') }, 'Cancel'),
  });
  return h('div', { class: 'controls' }, rec.mapMode, rec.startButton, rec.pauseButton, rec.resumeButton, rec.endButton, rec.mute, ongoing ? null : rec.cancel);
}

/** The mute, the network pill and the heart-rate strap's. */
function wireToggles(rec) {
  const { mute, netPill } = rec;
  mute.addEventListener('click', () => {
    speech.muted = !speech.muted;
    mute.setAttribute('aria-pressed', String(speech.muted));
    mute.replaceChildren(icon(speech.muted ? 'mute' : 'voice'));
  });
  rec.showNetwork = () => { netPill.textContent = navigator.onLine ? 'online' : 'offline'; netPill.classList.toggle('bad', !navigator.onLine); };
  window.addEventListener('online', rec.showNetwork);
  window.addEventListener('offline', rec.showNetwork);
  rec.showNetwork();
  rec.heartPill?.addEventListener('click', () => connectHeartRate(rec));
}

/** The map's size follows the numbers' panels as they open and close; a following map keeps the runner in its centre. */
function keepMapFitted(rec) {
  rec.resizing = new ResizeObserver(() => {
    rec.modes.fit();
    rec.map.invalidateSize({ pan: false });
    if (rec.modes.following && rec.lastFix) rec.map.panTo([rec.lastFix.latitude, rec.lastFix.longitude], { animate: false });
  });
  rec.resizing.observe(rec.mapFrame);
  rec.resizing.observe(rec.mapElement);
}

/** Connects a strap (the browser asks which): its readings show on the pill and go on the fixes. */
async function connectHeartRate(rec) {
  const { heartPill } = rec;
  rec.stopStrap?.();
  heartPill.disabled = true;
  rec.stopStrap = await connectStrap((bpm, time) => {
    rec.heart = { bpm, time };
    heartPill.replaceChildren(icon('heart'), ` ${bpm} bpm`);
    heartPill.setAttribute('aria-label', `Heart rate ${bpm} beats a minute`);
  }, (status, message) => {
    heartPill.disabled = status === 'connecting';
    heartPill.classList.toggle('bad', status === 'lost' || status === 'failed');
    if (status !== 'connected') heartPill.replaceChildren(icon('heart'), ` ${message}`);
    if (status === 'failed') toast(message, { error: true });
  });
}

/** The strap's reading for a fix taken at `time`, if it is fresh enough to be true of it. */
function heartRateAt(rec, time) {
  const { heart } = rec;
  return heart && Math.abs(time - heart.time) <= READING_LIFETIME_MS ? heart.bpm : undefined;
}

function draw(rec, fix, segment) {
  if (segment !== rec.lineSegment) { rec.line = rec.L.polyline([], { color: '#1f6feb', weight: 5 }).addTo(rec.map); rec.lineSegment = segment; }
  rec.line.addLatLng([fix.latitude, fix.longitude]);
}

function showPosition(rec, fix) {
  rec.lastFix = fix;
  const at = [fix.latitude, fix.longitude];
  if (!rec.me) rec.me = positionMarker(rec.L, at).addTo(rec.map);
  else rec.me.setLatLng(at);
  if (rec.modes.following) rec.map.panTo(at, { animate: false });
}

function showNumbers(rec) {
  const { tracker, u } = rec;
  if (!tracker) return;
  const now = clockNow();
  rec.elapsedText.textContent = units.clock(tracker.elapsedSeconds(now));
  document.getElementById('distance').textContent = units.distance(tracker.meter.distance, u);
  document.getElementById('average-pace').textContent = units.pace(tracker.averagePace(now), u);
  document.getElementById('current-pace').textContent = units.paceFromSpeed(tracker.isPaused ? 0 : tracker.meter.currentSpeed, u);
  if (rec.stepped) document.getElementById('steps').textContent = estimatedSteps(tracker.meter.distance, session.profile?.stepLengthMeters).toLocaleString();
  if (tracker.workout) rec.workoutPanel?.update(tracker.workout);
}

function showCue(rec, cue, spoken) {
  const { gapText } = rec;
  if (!rec.follow) return;
  gapText.textContent = cue.deviated ? (cue.started ? 'off route' : 'Head to the start') : units.gap(cue.aheadSeconds);
  gapText.className = 'gap ' + (cue.deviated ? 'behind' : cue.aheadSeconds >= 0 ? 'ahead' : 'behind');
  if (spoken) rec.spokenLine.textContent = `“${spoken}”`;
}

/** A fix from the GPS (with its heading, when it gives one, for a map turned heading up). */
function onFix(rec, gpsFix, heading) {
  const { tracker } = rec;
  rec.modes.gpsHeading(heading);
  const fix = storedFix(gpsFix);  // what the server will keep, so live and replayed numbers agree
  const heartRate = heartRateAt(rec, fix.time);
  if (heartRate !== undefined) fix.heartRate = heartRate;
  showPosition(rec, fix);
  rec.pois?.update(fix, { counts: Boolean(tracker) && !tracker.isPaused });
  if (!tracker || tracker.isPaused) return;  // paused: the marker moves, nothing counts
  const segment = tracker.nextSegment;
  const { cue, spoken, sentences, cues } = tracker.add({ ...fix, segment });
  ongoingRun.appendFix(fix, segment);
  rec.beacon?.add(fix);
  draw(rec, fix, segment);
  if (cue) { showCue(rec, cue, spoken); speech.say(spoken); } else if (spoken) { rec.spokenLine.textContent = `“${spoken}”`; sentences.forEach((sentence) => speech.say(sentence)); }
  cues?.forEach((workoutCue) => haptics.workoutCue(workoutCue));  // felt too, where the phone can
  const reached = [rec.journeys.update(tracker.meter.distance), rec.segments?.update(fix, tracker.meter.distance)].filter(Boolean).join('. ');
  if (reached) { rec.spokenLine.textContent = `“${reached}”`; speech.say(reached); }
  showNumbers(rec);
}

function begin(rec, header, fixes = []) {
  rec.tracker = new RunTracker(header, rec.u, deviceSettings.runVoice);
  for (const fix of fixes) {
    const { cue, spoken } = rec.tracker.add(fix);  // replayed in silence
    draw(rec, fix, fix.segment ?? 0);
    if (cue) showCue(rec, cue, spoken);
  }
  if (fixes.length) showPosition(rec, fixes[fixes.length - 1]);
  rec.startButton.hidden = true;
  rec.endButton.hidden = false;
  rec.lockNote.hidden = true;
  showPaused(rec);
  rec.sport.hidden = true;
  rec.cancel.hidden = true;
  const sportLabel = document.getElementById('sport-label');
  if (sportLabel) { sportLabel.textContent = sportName(header.sport); sportLabel.hidden = false; }
  rec.stepped = STEPPED_SPORTS.includes(header.sport);  // a walk's steps, estimated as the server will
  rec.stepsStat.hidden = !rec.stepped;
  rec.timer = setInterval(() => showNumbers(rec), 1000);
  presence.start('recording', header.sport);  // friends who may see it see "Recording a run"
  rec.segments = new SegmentLine(rec.u, header.sport);
  rec.segmentElement.replaceChildren(rec.segments.element);
  if (session.loggedIn) {
    // The journeys this recording moves, where it takes them (a resumed run's distance counted).
    rec.journeys.load(() => rec.tracker?.meter.distance ?? 0);
    rec.beacon = new BeaconControl(header.sport, header.startedAt);
    rec.beaconElement.replaceChildren(h('div', { class: 'beacon-line' }, rec.beacon.pill), rec.beacon.panel);
  }
  showNumbers(rec);
  if (DISCOVERING_SPORTS.includes(header.sport)) {
    rec.pois = new PoiLayer(rec.L, rec.map, { onOpen: (id, passed) => openPoiSheet(id, passed, sportName(header.sport).toLowerCase()) });
  }
}

/** Pause or Resume, and "Paused" on the screen while paused (no Pause when following). */
function showPaused(rec) {
  const paused = rec.tracker?.isPaused ?? false;
  rec.pauseButton.hidden = !rec.tracker || paused || Boolean(rec.follow);
  rec.resumeButton.hidden = !paused;
  rec.pausedLine.hidden = !paused;
  rec.screen.classList.toggle('is-paused', paused);
}

/** Start, Pause, Resume and End. */
function wireControls(rec) {
  rec.startButton.disabled = false;
  rec.startButton.addEventListener('click', async () => {
    const { follow, lastFix } = rec;
    const header = { startedAt: clockNow(), sport: rec.sport.value, follow, workout: rec.workout };
    await ongoingRun.start(header);
    begin(rec, header);
    if (follow) speech.say('Following ' + (follow.routeName || 'the route'));
    else if (!rec.workout) speech.say(`${sportName(header.sport)} started`);
    // Where the runner stands when pressing Start is where the run starts.
    if (lastFix && header.startedAt - lastFix.time < 10_000) onFix(rec, { ...lastFix, time: header.startedAt });
  });
  rec.pauseButton.addEventListener('click', async () => {
    const { tracker } = rec;
    if (!tracker || tracker.isPaused) return;
    const at = clockNow();
    tracker.pause(at);
    rec.beacon?.pause(at);
    showPaused(rec);
    showNumbers(rec);
    speech.say('Paused');
    await ongoingRun.pause(at);
  });
  rec.resumeButton.addEventListener('click', async () => {
    if (!rec.tracker?.isPaused) return;
    const at = clockNow();
    rec.tracker.resume(at);
    rec.beacon?.resume();
    showPaused(rec);
    speech.say('Resumed');
    // Where the runner stands when pressing Resume is where the new segment starts (before
    // any later fix can come in, so the segment stays in time order).
    if (rec.lastFix && at - rec.lastFix.time < 10_000) onFix(rec, { ...rec.lastFix, time: at });
    await ongoingRun.resume(at);
  });
  rec.endButton.addEventListener('click', async () => {
    await ongoingRun.finish(clockNow());
    await rec.beacon?.end();  // the link ends with the activity
    presence.stop();
    go('#/summary');
  });
}

function close(rec) {
  rec.awake.stop();
  rec.modes?.stop();
  rec.resizing?.disconnect();
  document.removeEventListener('visibilitychange', rec.visibility);
  rec.stopGPS?.();
  rec.stopStrap?.();
  clearInterval(rec.timer);
  rec.pois?.stop();
  document.querySelector('.poi-sheet')?.remove();
  window.removeEventListener('online', rec.showNetwork);
  window.removeEventListener('offline', rec.showNetwork);
  retire(rec.map);
}
