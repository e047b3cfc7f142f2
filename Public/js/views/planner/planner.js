// #/planner: plan a route on the map, as a runner does before going somewhere new. A tap
// adds a point (the first is the start) and the server draws the leg to it along paths
// (POST /map/legs), or straight when "Snap to paths" is off; points drag, a tap on a leg
// switches its snapping, Undo takes back any change; Back to start, Out and back and a Loop
// of a chosen distance (POST /map/loop) finish it for you. Distance, ascent, descent and the
// elevation stay in view; Save keeps it (save-sheet.js) and opens its page. With no map on
// the server (GET /map), it says so and legs are straight lines, measured all the same.
import { api } from '../../engine/api/paceline.js';
import { session } from '../../engine/store/session.js';
import { currentPosition } from '../../engine/gps/source.js';
import { RouteBuilder } from '../../engine/planner/route-builder.js';
import { h, mount, toast } from '../../ui.js';
import { PlannerMap } from './planner-map.js';
import { PlannerStats } from './planner-stats.js';
import { modeSwitch, snapToggle, actionBar } from './planner-tools.js';
import { LoopForm } from './loop-form.js';
import { openSaveSheet } from './save-sheet.js';
import { plannerMessage } from './planner-message.js';
import { NO_MAP } from './leg-words.js';

/** Where the Routes map was left (views/activity.js keeps it): where to plan when nothing better is known. */
const ROUTES_VIEW = 'paceline.mapView';
/** The route being planned, kept for this tab (a reload, a look at another screen) until it is saved: the runner's own. */
const draftKey = () => `paceline.planner.draft.${session.profile?.id ?? ''}`;

export async function render() {
  const planner = layout(session.units);
  mount(planner.screen);
  const [info] = await Promise.all([api.mapInfo().catch(() => null),
    planner.map.show(...firstView())]);
  if (planner.gone) return undefined;
  const draft = JSON.parse(sessionStorage.getItem(draftKey()) ?? 'null');  // before the first change writes it anew
  useMap(planner, info);
  planner.changed();
  if (draft?.waypoints?.length) {
    planner.builder.resume(draft);
    planner.map.fit(planner.builder);
  } else {
    placeOnRunner(planner, info);
  }
  return () => {
    planner.gone = true;
    planner.closeSheet?.();
    planner.map.destroy();
    if (planner.saved) sessionStorage.removeItem(draftKey());  // kept until saved: the planner opens on it again
  };
}

/** The screen's parts, and the route being built (its changes draw everything again). */
function layout(unit) {
  const planner = { unit, selected: -1, gone: false };
  planner.builder = new RouteBuilder({ onChange: () => planner.changed() });
  planner.mapElement = h('div', { class: 'map', id: 'planner-map', 'aria-label': 'Map: tap to add a point' }, centreButton(planner));
  planner.map = new PlannerMap(planner.mapElement, {
    tap: (point) => addPoint(planner, point),
    move: (index, point) => { planner.selected = -1; planner.builder.move(index, point); },
    legTap: (index) => toggleLeg(planner, index),
    pointTap: (index) => { planner.selected = index; planner.changed(); },
  });
  planner.stats = new PlannerStats(unit);
  planner.mode = modeSwitch('foot', (mode) => planner.builder.setMode(mode));
  planner.snap = snapToggle((on) => toast(on ? 'The next leg follows paths' : 'The next leg is a straight line'));
  planner.noMap = h('p', { class: 'planner-note', role: 'note', hidden: true }, NO_MAP[0], h('code', {}, NO_MAP[1]), NO_MAP[2]);
  planner.message = plannerMessage(planner);
  planner.loop = new LoopForm({ builder: planner.builder, unit, start: () => planner.map.centre,
    onMade: () => planner.map.fit(planner.builder) });
  planner.actions = actionBar(actionsOf(planner));
  planner.screen = h('div', { class: 'map-screen planner' },
    h('div', { class: 'planner-top' }, planner.mode.element, planner.snap.element),
    planner.noMap,
    h('div', { class: 'planner-map-frame' }, planner.mapElement),
    planner.panel = h('div', { class: 'planner-panel' }, planner.stats.element, planner.message.element, planner.loop.element, planner.actions.element,
      h('div', { class: 'planner-more' }, planner.clear = h('button', { type: 'button', class: 'link-button', name: 'clear',
        onclick: () => { planner.selected = -1; planner.builder.clear(); } }, 'Start again'),
      h('a', { href: '#/planned' }, 'Your planned routes'))));
  planner.changed = () => redraw(planner);
  return planner;
}

/** Draws the route as it is now: map, numbers, message, buttons; and keeps it for the tab. */
function redraw(planner) {
  if (planner.gone) return;
  const { builder } = planner;
  if (planner.selected >= builder.waypoints.length) planner.selected = -1;
  planner.map.draw(builder);
  planner.stats.update(builder);
  planner.mode.show(builder.mode);
  planner.message.update();
  planner.loop.update();
  planner.actions.update(builder, planner.mapImported !== false);
  planner.clear.disabled = builder.waypoints.length === 0;
  sessionStorage.setItem(draftKey(), JSON.stringify(builder.draft()));
}

/** What each button under the map does. */
function actionsOf(planner) {
  const { builder } = planner;
  return {
    undo: () => { planner.selected = -1; builder.undo(); },
    backToStart: () => builder.backToStart(planner.snap.on),
    outAndBack: () => builder.outAndBack(),
    loop: () => {
      planner.loop.toggle();
      planner.actions.buttons.loop.setAttribute('aria-expanded', String(planner.loop.shown));
      planner.panel.classList.toggle('looping', planner.loop.shown);  // the form says what to do: the hint gives it room
    },
    save: () => { planner.closeSheet = openSaveSheet(planner.screen, builder, planner.unit, () => { planner.saved = true; }); },
  };
}

/** A tap on the map: a new point, the leg to it drawn as "Snap to paths" says. */
function addPoint(planner, point) {
  planner.selected = -1;
  planner.builder.add(point, planner.snap.on);
}

/** A tap on a drawn leg: along paths becomes straight, and straight follows paths (when there is a map). */
function toggleLeg(planner, index) {
  const { builder } = planner;
  if (planner.mapImported === false && !builder.waypoints[index].snap) {
    toast('There is no map on this server to follow paths on: legs stay straight.');
    return;
  }
  builder.toggleSnap(index);
  toast(builder.waypoints[index].snap ? `The leg to point ${index + 1} follows paths now` : `The leg to point ${index + 1} is a straight line now`);
}

/**
 * For a keyboard: a button (shown when focused) that adds a point at the middle of the map,
 * which the arrow keys move.
 */
function centreButton(planner) {
  return h('button', { type: 'button', class: 'centre-point', name: 'add-centre',
    onclick: (event) => { event.stopPropagation(); addPoint(planner, planner.map.centre); } }, '+ Add a point at the middle of the map');
}

/** What GET /map said: with no map imported, snapping is off (and said why); with one, the map starts over it. */
function useMap(planner, info) {
  planner.mapImported = info ? info.imported : undefined;
  if (info && !info.imported) {
    planner.noMap.hidden = false;
    planner.snap.set(false, false);
  }
  const [centre] = firstView();
  if (info?.bounds && !within(info.bounds, { latitude: centre[0], longitude: centre[1] })) planner.map.fitBox(info.bounds);
}

/** Whether `point` lies in `box` ({south, west, north, east}). */
function within(box, point) {
  return point.latitude >= box.south && point.latitude <= box.north && point.longitude >= box.west && point.longitude <= box.east;
}

/** The Routes map's last view (or Glasgow): [centre, zoom]. */
function firstView() {
  const saved = JSON.parse(localStorage.getItem(ROUTES_VIEW) ?? 'null');
  return [saved?.center ?? [55.8642, -4.2518], Math.max(saved?.zoom ?? 14, 14)];
}

/** Moves the map to the runner, once the GPS says where, unless planning has started or they are off the server's map. */
async function placeOnRunner(planner, info) {
  const fix = await currentPosition(5000);
  if (!fix || planner.gone || planner.builder.waypoints.length) return;
  if (info?.bounds && !within(info.bounds, fix)) return;  // planning works only on the server's map: it stays there
  planner.map.map.setView([fix.latitude, fix.longitude], Math.max(planner.map.map.getZoom(), 15), { animate: false });
}
