// #/runs/ID: one run analysed. Its numbers and splits, a chart of pace (or speed),
// elevation or time along the distance, and the track on a map; dragging across the chart
// moves a marker on the map to that point. A run on a route can be compared with the
// route's other runs (#/runs/ID?compare=OTHER): a second line, a second marker, the gap.
import { api } from '../../engine/api/paceline.js';
import { go } from '../../router.js';
import { session } from '../../engine/store/session.js';
import { h, mount, toast, describe } from '../../ui.js';
import * as units from '../../engine/core/units.js';
import { prepare, interpolate, splits as splitsOf } from './series.js';
import { analysisChart } from './chart.js';
import { trackMap } from '../map/trackmap.js';
import { shareButton } from '../achievements/share.js';
import { workoutLogCard } from '../workout/log-card.js';
import { creditNote } from './credit-note.js';
import { deviceNote } from './device-note.js';
import { runEditor, publishButton } from '../run/run-editor.js';
import { kudosLine } from '../run/kudos-line.js';
import { commentsCard } from '../run/comments-card.js';
import { earnedCard } from '../run/earned-card.js';
import { photosCard } from '../run/photos-card.js';
import { gearLine } from '../gear/gear-choice.js';
import { segmentsCard } from '../segments/efforts-card.js';
import { zonesCard } from '../fitness/zones-card.js';
import { height, shortDate, dayAndTime, runTitle, sportName, usesPace, privacyName } from '../shared/format.js';

const COLOUR_A = '#1f6feb';  // blue and orange: told apart with any colour vision
const COLOUR_B = '#e8590c';

/** A number with its label, small (the analysis has many). */
function figure(label, value, name) {
  return h('div', { class: 'figure', dataset: { name } }, h('strong', {}, value), h('span', {}, label));
}

/** What went wrong, for a person. */
function explain(error, what) {
  if (error?.isNetwork) return `No connection: ${what} needs the network.`;
  if (error?.status === 404) return 'This run does not exist, or its owner does not share it with you.';
  return describe(error);
}

export async function render({ runId }, query) {
  const page = h('section', { class: 'page wide analysis-page' }, h('p', { class: 'muted loading' }, 'Loading the run…'));
  mount(page);
  const [runResult, seriesResult, trackResult] = await Promise.allSettled([api.run(runId), api.runSeries(runId), api.runTrack(runId)]);
  if (runResult.status === 'rejected') {
    page.replaceChildren(
      h('h1', {}, 'Run not available'),
      h('p', { class: 'error', role: 'alert' }, explain(runResult.reason, 'opening a run')),
      h('p', {}, h('a', { href: '#/profile' }, 'Back to your runs')));
    return null;
  }
  const view = analysisView(page, runId, runResult.value, seriesResult.status === 'fulfilled' ? prepare(seriesResult.value.points ?? []) : []);
  const { run, unit, owned } = view;
  // The owner's: is the run in the workout log, or add it.
  const logCard = owned ? workoutLogCard(runId) : null;
  // What of the run was not credited, and why, under its numbers.
  const note = creditNote(run, unit);
  const splitsCard = h('div', { class: 'card splits-card' }, h('h2', {}, `Splits per ${units.unitName(unit)}`), splitsTable(run, view.points, unit, view.pace));
  const effortsCard = h('div', { class: 'card efforts-card' }, h('h2', {}, 'Best efforts'), h('p', { class: 'muted' }, 'Loading…'));
  const segments = segmentsCard({ run, points: view.points, unit, owned,
    highlight: (stretch) => view.map?.highlight(stretch), cursor: () => view.cursor });
  page.replaceChildren(...[runHead(view), kudosLine(runId, owned), runFigures(run, unit, view.pace), deviceNote(run, unit), note, h('div', { class: 'analysis' }, view.chartCard, view.mapBox),
    h('div', { class: 'lower' }, view.compareCard, splitsCard, owned && run.heartRate ? zonesCard(runId) : null, effortsCard, segments, logCard), photosCard(runId, owned), earnedCard(runId, owned), commentsCard(runId, owned)].filter(Boolean));
  showBestEfforts(effortsCard, runId, unit, view.pace, run.newRecords ?? []);

  // The chart and the map need their boxes laid out first.
  await drawChart(view, seriesResult);
  if (view.disposed) { view.chart?.destroy(); return null; }
  await drawMap(view, trackResult);
  showLegend(view);
  show(view, 0);
  if (run.routeId) loadRouteRuns(view);
  if (query.compare) compareWith(view, query.compare);

  const onResize = () => view.map?.resize();
  window.addEventListener('resize', onResize);
  return () => {
    view.disposed = true;
    window.removeEventListener('resize', onResize);
    view.chart?.destroy();
    view.map?.destroy();
  };
}

/** The screen's state (where the crosshair is, the run compared) and its live elements. */
function analysisView(page, runId, run, points) {
  const view = {
    page, runId, run, points,
    unit: session.units,
    me: session.profile?.id,
    pace: usesPace(run.sport),
    owned: run.owner?.id === session.profile?.id,
    cursor: 0,
    other: null,  // {run, points, gaps, label}
    chart: null,
    map: null,
    disposed: false,
    legend: h('div', { class: 'legend' }),
    readout: h('div', { class: 'readout', 'aria-live': 'off' }),
    gapLine: h('div', { class: 'gap-line', hidden: true, role: 'status' }),
    canvas: h('canvas', { class: 'analysis-chart', tabindex: '0', role: 'img',
      'aria-label': 'Chart along the run: drag across it, or use the arrow keys, to see each point on the map' }),
    mapBox: h('div', { class: 'map-box card' }, h('div', { class: 'map' })),
    compareCard: run.routeId ? h('div', { class: 'card compare-card' }, h('h2', {}, 'Compare'), h('p', { class: 'muted' }, 'Loading the route’s runs…')) : null,
  };
  view.chartCard = h('div', { class: 'card chart-card' },
    h('div', { class: 'chart-top' }, chartSwitch(view), view.legend), view.readout, view.gapLine,
    h('div', { class: 'chart-box' }, view.canvas),
    h('p', { class: 'hint muted' }, 'Drag across the chart to follow the run on the map.'));
  return view;
}

/** The heading: title, when, who, and (for the owner) renaming and privacy. */
function runHead(view) {
  const { owned } = view;
  const title = h('h1', { class: 'run-title' }, runTitle(view.run));
  const meta = h('p', { class: 'muted run-meta' });
  const description = h('p', { class: 'run-description' });
  const gear = h('p', { class: 'muted run-gear', hidden: true });
  function describeRun() {
    const { run } = view;
    title.textContent = runTitle(run);
    description.textContent = run.description ?? '';
    description.hidden = !run.description;
    gear.hidden = true;
    if (owned) {
      gearLine(run, view.unit).then((line) => {
        if (!line || view.run !== run) return;
        gear.textContent = `Gear: ${line}`;
        gear.hidden = false;
      }).catch(() => { /* offline: no gear line */ });
    }
    meta.replaceChildren(
      `${dayAndTime(run.startTime ?? run.createdAt)} · ${sportName(run.sport)} · `,
      h('span', { class: 'privacy', dataset: { privacy: run.privacy } }, privacyName(run.privacy)),
      owned ? '' : ` · by ${run.owner?.displayName ?? 'someone'}`);
  }
  describeRun();
  const editor = owned ? runEditor(view.run, (updated) => {
    // A new sport measures the run again: its figures, splits and chart are new.
    if (updated.sport !== view.run.sport) { go(`#/runs/${updated.id}`); return; }
    view.run = updated;
    describeRun();
  }) : null;
  // Sharing: a public run's page (others' runs and non-public ones have no Share button).
  const shareRun = view.run.privacy === 'public' ? shareButton(`/share/runs/${view.run.id}`, runTitle(view.run), 'run') : null;
  const publish = owned && !view.run.routeId ? publishButton(() => view.run) : null;
  return h('header', { class: 'run-head' },
    title, meta, h('div', { class: 'row run-actions' }, editor ? editor.button : null, publish, shareRun),
    description, gear,
    owned ? downloads(view.run) : null, editor?.form);
}

/** The run as a file, for a watch (FIT, TCX) or another service (GPX). */
function downloads(run) {
  const file = `paceline-${(run.startTime ?? run.createdAt ?? '').slice(0, 10) || 'run'}`;
  const link = (format, label) => h('a', { href: `/api/v1/runs/${run.id}/export?format=${format}`, download: `${file}.${format}`,
    dataset: { format }, title: label }, format.toUpperCase());
  return h('p', { class: 'muted downloads' }, 'Download: ', link('fit', 'For a Garmin watch or Garmin Connect'), ' · ',
    link('tcx', 'Training Center XML'), ' · ', link('gpx', 'For maps and other apps'));
}

/** The numbers. */
function runFigures(run, unit, pace) {
  return h('div', { class: 'figures' },
    figure('Distance', units.distance(run.distanceMeters, unit), 'distance'),
    figure('Moving time', units.clock(run.movingSeconds), 'moving'),
    figure(pace ? 'Average pace' : 'Average speed', pace
      ? units.pace(run.averagePaceSecondsPerKilometer ?? (run.movingSeconds / (run.creditedDistanceMeters / 1000)), unit)
      : units.speed(run.creditedDistanceMeters / run.movingSeconds, unit), 'pace'),
    figure('Elapsed time', units.clock(run.elapsedSeconds), 'elapsed'),
    figure('Ascent', height(run.ascentMeters, unit), 'ascent'),
    figure(caloriesLabel(run), Number.isFinite(run.calories) ? `${Math.round(run.calories)} kcal` : '–', 'calories'),
    Number.isFinite(run.steps) ? figure(run.stepsEstimated ? 'Steps (estimated)' : 'Steps', run.steps.toLocaleString(), 'steps') : null,
    run.trainingLoad ? figure(run.trainingLoad.source === 'heartRate' ? 'Training load (heart rate)' : 'Training load (from pace)',
      String(Math.round(run.trainingLoad.value)), 'training-load') : null,
    ...SENSORS.filter(([key]) => run[key]).map(([key, label, unit]) => figure(`${label}, avg / max`,
      `${Math.round(run[key].average)}\u00a0/\u00a0${run[key].maximum} ${unit(run.sport)}`, key)));  // "154 / 176" stays whole
}

/** The sensors a device may record: key, label, unit (cadence: steps on foot, revolutions on a bike). */
const SENSORS = [
  ['heartRate', 'Heart rate', () => 'bpm'],
  ['cadence', 'Cadence', (sport) => (['run', 'walk', 'hike'].includes(sport) ? 'spm' : 'rpm')],
  ['power', 'Power', () => 'W'],
];

/** Calories say what they assume: the owner's weight, or 70 kg until they set theirs in Profile. */
function caloriesLabel(run) {
  if (run.owner?.id !== session.profile?.id) return 'Calories';
  return Number.isFinite(session.profile?.weightKilograms) ? `Calories (at ${Math.round(session.profile.weightKilograms)} kg)` : 'Calories (at 70 kg: set your weight in Profile)';
}

/** What the chart shows: pace (or speed), elevation (if any), time, the sensors recorded. */
function chartSwitch(view) {
  const has = (key) => view.points.some((point) => Number.isFinite(point[key]));
  // A run without heights (an indoor file, a phone that gave none) has no elevation chart to show.
  const modes = [['speed', view.pace ? 'Pace' : 'Speed'], ...(has('elevationMeters') ? [['elevation', 'Elevation']] : []), ['time', 'Time'],
    ...SENSORS.filter(([key]) => view.points.some((point) => Number.isFinite(point[key]))).map(([key, label]) => [key, label])];
  const switcher = h('div', { class: 'segmented', role: 'group', 'aria-label': 'What the chart shows' },
    modes.map(([mode, label]) => h('button', { type: 'button', 'aria-pressed': String(mode === 'speed'), dataset: { mode },
      onclick: () => { view.chart?.setMode(mode); for (const button of switcher.children) button.setAttribute('aria-pressed', String(button.dataset.mode === mode)); show(view, view.cursor); } }, label)));
  return switcher;
}

function labelA({ owned, run }) { return owned ? 'This run' : `${run.owner?.displayName ?? 'This run'}`; }

function showLegend(view) {
  const { other, legend } = view;
  legend.replaceChildren(
    h('span', { class: 'key' }, h('i', { style: `background:${COLOUR_A}` }), other ? `${labelA(view)}, ${shortDate(view.run.startTime)}` : labelA(view)),
    other ? h('span', { class: 'key' }, h('i', { style: `background:${COLOUR_B}` }), other.fullLabel,
      h('button', { type: 'button', class: 'clear', name: 'clear-comparison', 'aria-label': 'Stop comparing', onclick: () => clearComparison(view) }, '✕')) : '');
  legend.hidden = !other;
}

/** Shows the point `meters` along the run: crosshair, markers, readout and gap. */
function show(view, meters) {
  const { points, pace, unit } = view;
  if (!points.length) return;
  view.cursor = Math.min(meters, points.at(-1).distanceMeters);
  const cursor = view.cursor;
  const here = interpolate(points, 'distanceMeters', cursor);
  view.chart?.setCursor(cursor);
  if (meters > 0) view.chartCard.querySelector('.hint')?.remove();  // they found out how
  view.map?.place('a', here.latitude, here.longitude, cursor, COLOUR_A);
  const speedText = pace ? units.paceFromSpeed(here.smoothSpeed, unit) : units.speed(here.smoothSpeed, unit);
  view.readout.replaceChildren(
    h('span', { dataset: { value: 'distance' } }, units.distance(cursor, unit)),
    h('span', { dataset: { value: 'time' } }, units.clock(here.elapsedSeconds)),
    h('span', { dataset: { value: 'speed' } }, speedText),
    Number.isFinite(here.elevationMeters) ? h('span', { dataset: { value: 'elevation' } }, height(here.elevationMeters, unit)) : '',
    Number.isFinite(here.heartRate) ? h('span', { dataset: { value: 'heart-rate' } }, `${Math.round(here.heartRate)} bpm`) : '');
  view.readout.dataset.distance = String(Math.round(cursor));
  if (view.other) showOther(view, here);
}

/** The other runner's marker (where they were at the same time after their start), and the gap. */
function showOther(view, here) {
  const { other, gapLine, cursor, unit } = view;
  const then = interpolate(other.points, 'elapsedSeconds', here.elapsedSeconds);
  view.map?.place('b', then.latitude, then.longitude, then.distanceMeters, COLOUR_B);
  const gap = other.gaps?.length ? interpolate(other.gaps, 'distanceMeters', cursor) : null;
  gapLine.hidden = false;
  if (gap && !gap.clamped) {
    const seconds = Math.round(gap.gapSeconds);
    const size = Math.abs(seconds) >= 60 ? units.clock(Math.abs(seconds)) : `${Math.abs(seconds)} s`;
    gapLine.className = `gap-line ${seconds > 0 ? 'behind' : seconds < 0 ? 'ahead' : ''}`;
    gapLine.textContent = seconds === 0
      ? `${other.label} is level at ${units.distance(cursor, unit)}`
      : `${other.label} is ${size} ${seconds > 0 ? 'behind' : 'ahead'} at ${units.distance(cursor, unit)}`;
    gapLine.dataset.gap = String(seconds);
  } else {
    gapLine.className = 'gap-line';
    gapLine.textContent = other.gaps ? `${other.label}: no time gap here (off the route)` : `${other.label}: ${other.note}`;
    delete gapLine.dataset.gap;
  }
}

async function compareWith(view, otherId, entry = null) {
  const { runId, gapLine, me } = view;
  if (otherId === runId) return;
  gapLine.hidden = false;
  gapLine.className = 'gap-line';
  gapLine.textContent = 'Loading the run to compare…';
  const routeId = view.run.routeId;
  const [otherRun, otherSeries, comparison] = await Promise.allSettled([
    api.run(otherId), api.runSeries(otherId), routeId ? api.comparison(routeId, runId, otherId) : Promise.reject(new Error('This run is not on a route, so there is no time gap.'))]);
  if (view.disposed) return;
  if (otherRun.status === 'rejected' || otherSeries.status === 'rejected') {
    const error = otherRun.reason ?? otherSeries.reason;
    gapLine.textContent = `Could not load the run to compare: ${explain(error, 'comparing')}`;
    gapLine.className = 'gap-line error';
    return;
  }
  const theirs = otherRun.value;
  const mine = theirs.owner?.id === me;
  view.other = {
    run: theirs,
    points: prepare(otherSeries.value.points ?? []),
    gaps: comparison.status === 'fulfilled' ? comparison.value.gaps : null,
    note: comparison.status === 'rejected' ? explain(comparison.reason, 'the time gap') : '',
    label: mine ? 'Your other run' : (theirs.owner?.displayName ?? entry?.runner?.displayName ?? 'The other run'),
    fullLabel: `${mine ? 'You' : (theirs.owner?.displayName ?? 'Other')}, ${shortDate(theirs.startTime)}`,
  };
  view.chart?.setRuns([{ points: view.points, colour: COLOUR_A, label: labelA(view) }, { points: view.other.points, colour: COLOUR_B, label: view.other.label }]);
  view.map?.showOther(view.other.points, COLOUR_B);
  showLegend(view);
  markChosen(view, otherId);
  history.replaceState(null, '', `#/runs/${runId}?compare=${otherId}`);
  view.page.dataset.compare = otherId;
  show(view, view.cursor);
}

function clearComparison(view) {
  view.other = null;
  view.chart?.setRuns([{ points: view.points, colour: COLOUR_A, label: labelA(view) }]);
  view.map?.showOther(null);
  view.gapLine.hidden = true;
  showLegend(view);
  markChosen(view, null);
  history.replaceState(null, '', `#/runs/${view.runId}`);
  delete view.page.dataset.compare;
  show(view, view.cursor);
}

function markChosen(view, otherId) {
  for (const button of view.compareCard?.querySelectorAll('button[data-run]') ?? []) {
    button.setAttribute('aria-pressed', String(button.dataset.run === otherId));
  }
}

/** The route's other runs, to pick one to compare with. */
async function loadRouteRuns(view) {
  const { run, compareCard } = view;
  const [routeResult, boardResult] = await Promise.allSettled([api.route(run.routeId), api.leaderboard(run.routeId, 50)]);
  if (view.disposed) return;
  const routeName = routeResult.status === 'fulfilled' ? routeResult.value.route.name : 'this route';
  const heading = h('h2', {}, `Compare on ${routeName}`);
  if (boardResult.status === 'rejected') {
    compareCard.replaceChildren(heading, h('p', { class: 'error' }, explain(boardResult.reason, 'comparing')));
    return;
  }
  const entries = boardResult.value.entries.filter((entry) => entry.runId !== view.runId);
  if (!entries.length) {
    compareCard.replaceChildren(heading, h('p', { class: 'muted empty' }, 'Nobody else has run this route yet. Share it with a friend, or run it again to race yourself.'));
    return;
  }
  compareCard.replaceChildren(heading,
    h('p', { class: 'muted' }, 'Pick a run to see it on the same chart and map.'),
    h('ul', { class: 'list compare-list' }, entries.map((entry) => h('li', {}, comparePick(view, entry)))));
  if (view.other) markChosen(view, view.other.run.id);
}

function comparePick(view, entry) {
  return h('button', { type: 'button', class: 'compare-pick', dataset: { run: entry.runId }, 'aria-pressed': 'false',
    onclick: () => (view.other?.run.id === entry.runId ? clearComparison(view) : compareWith(view, entry.runId, entry)) },
  h('span', { class: 'rank' }, `#${entry.rank}`),
  h('span', { class: 'who' }, entry.runner.id === view.me ? 'You' : entry.runner.displayName),
  h('span', { class: 'muted' }, shortDate(entry.date)),
  h('strong', {}, units.clock(entry.elapsedSeconds)));
}

async function drawChart(view, seriesResult) {
  const { points, chartCard } = view;
  if (points.length < 2) {
    chartCard.replaceChildren(h('p', { class: seriesResult.status === 'rejected' ? 'error' : 'muted empty' },
      seriesResult.status === 'rejected' ? `The chart is not available: ${explain(seriesResult.reason, 'the chart')}` : 'This run has too few GPS points for a chart.'));
    return;
  }
  try {
    view.chart = await analysisChart(view.canvas, { units: view.unit, sport: view.run.sport, onScrub: (meters) => show(view, meters) });
    view.chart.setRuns([{ points, colour: COLOUR_A, label: labelA(view) }]);
  } catch (error) {
    console.warn('chart:', error);
    chartCard.replaceChildren(h('p', { class: 'error' }, `The chart could not be drawn: ${describe(error)}`));
  }
}

async function drawMap(view, trackResult) {
  const { points, mapBox } = view;
  try {
    view.map = await trackMap(mapBox.querySelector('.map'), { colour: COLOUR_A });
    if (trackResult.status === 'fulfilled') view.map.showTrack(trackResult.value);
    else if (points.length) view.map.showTrack({ type: 'Feature', geometry: { type: 'LineString', coordinates: points.map((p) => [p.longitude, p.latitude]) } });
  } catch (error) {
    console.warn('map:', error);
    mapBox.replaceChildren(h('p', { class: 'error' }, `The map could not be shown: ${describe(error)}`));
    view.map = null;
  }
}

/** The run's fastest 400 m, 1 km, mile… with the owner's records marked. */
async function showBestEfforts(card, runId, unit, pace, fresh = []) {
  const title = h('h2', {}, 'Best efforts');
  let answer;
  try {
    answer = await api.runBestEfforts(runId);
  } catch (error) {
    card.replaceChildren(title, h('p', { class: 'muted' }, explain(error, 'loading the best efforts')));
    return;
  }
  if (!answer.efforts.length) {
    card.replaceChildren(title, h('p', { class: 'muted empty' }, 'Less than 400 m counted: no best efforts.'));
    return;
  }
  card.replaceChildren(title, h('table', { class: 'splits efforts' },
    h('thead', {}, h('tr', {}, h('th', {}, 'Distance'), h('th', {}, pace ? 'Pace' : 'Speed'), h('th', {}, 'Time'))),
    h('tbody', {}, answer.efforts.map((effort) => h('tr', { class: effort.personalRecord ? 'record' : '' },
      h('td', {}, effort.name, ' ', effort.personalRecord ? h('span', { class: 'record-mark', title: 'Your fastest ever' }, 'Record')
        : fresh.includes(effort.name) ? h('span', { class: 'record-mark new', title: 'The fastest when it was run' }, 'New record') : ''),
      h('td', {}, pace ? units.pace(effort.paceSecondsPerKilometer, unit) : units.speed(effort.distanceMeters / effort.seconds, unit)),
      h('td', {}, units.clock(effort.seconds)))))));
}

/**
 * The splits as rows with a bar each: longer bar, slower split; the fastest whole one
 * marked. A partial last split shows its own distance and the pace over it, and is never
 * the fastest: a few metres at a sprint are no kilometre.
 */
function splitsTable(run, points, unit, pace) {
  const perUnit = units.unitMeters(unit);
  const rows = unit === 'metric' && run.splits?.length
    ? run.splits.map((split) => ({ index: split.kilometer, meters: split.distanceMeters, seconds: split.seconds }))
    : splitsOf(points, unit);
  if (!rows.length) return h('p', { class: 'muted empty' }, `Shorter than a ${unit === 'imperial' ? 'mile' : 'kilometre'}: no splits.`);
  const partial = (row) => row.meters < perUnit * 0.99;  // a last "kilometre" of 999.4 m is the 2nd, not 1.00
  const perUnitSeconds = rows.map((row) => row.seconds * perUnit / row.meters);
  const slowest = Math.max(...perUnitSeconds);
  const fastest = Math.min(...perUnitSeconds.filter((value, index) => !partial(rows[index])));
  const whole = rows.filter((row) => !partial(row)).length;
  return h('table', { class: 'splits' },
    h('thead', {}, h('tr', {}, h('th', {}, units.unitName(unit)), h('th', {}, pace ? 'Pace' : 'Speed'), h('th', { class: 'bar-cell' }, ''), h('th', {}, 'Time'))),
    h('tbody', {}, rows.map((row, index) => {
      const value = perUnitSeconds[index];
      return h('tr', { class: !partial(row) && value === fastest && whole > 1 ? 'fastest' : '' },
        h('td', {}, partial(row) ? splitLength(row.meters, perUnit) : String(row.index)),
        h('td', {}, pace ? units.pace(value * 1000 / perUnit, unit) : units.speed(perUnit / value, unit)),
        h('td', { class: 'bar-cell' }, h('span', { class: 'bar', style: `width:${Math.max(8, 100 * value / slowest).toFixed(0)}%` })),
        h('td', {}, units.clock(row.seconds)));
    })));
}

/** A partial split's length in units (0.42), or in metres when under a hundredth of one. */
function splitLength(meters, perUnit) {
  return meters >= perUnit * 0.005 ? (meters / perUnit).toFixed(2) : `${Math.round(meters)} m`;
}
