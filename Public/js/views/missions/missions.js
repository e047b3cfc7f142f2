// #/missions: the missions to choose from, with the user's progress on each.
// #/missions/ID: one mission: choose a start and an end stage and join; then the journey
// map with the user's position, km done and to go, the current stage, medals, stage photos
// (locked ones shown locked), sharing, restart and leave.
import { api } from '../../engine/api/paceline.js';
import { session } from '../../engine/store/session.js';
import { h, mount, field, stat, toast, describe } from '../../ui.js';
import * as units from '../../engine/core/units.js';
import { retire } from '../map/basemap.js';
import { journeyMap } from './journey-map.js';
import { stageList } from './stage-list.js';
import { stageSelect, stagePlace } from './stage-select.js';
import { followStageCard } from './follow-stage.js';
import { go, signInAddress } from '../../router.js';
import { progressBar } from '../shared/progress-bar.js';

export function render({ missionId }) {
  return missionId ? renderMission(missionId) : renderList();
}

async function renderList() {
  const unit = session.units;
  const body = h('div', { class: 'card' }, h('p', { class: 'muted' }, 'Loading missions…'));
  mount(h('section', { class: 'page missions-page' }, h('h1', {}, 'Missions'),
    h('p', { class: 'muted' }, 'Every run or walk moves you along a real journey, stage by stage.'), body));
  let missions;
  try {
    ({ missions } = await api.missions());
  } catch (error) {
    body.replaceChildren(h('p', { class: 'error', role: 'alert' }, describe(error)));
    return;
  }
  if (!missions.length) {
    body.replaceChildren(h('p', { class: 'muted empty' }, 'No missions on this server yet: an admin adds them with `paceline mission import`.'));
    return;
  }
  body.replaceChildren(h('ul', { class: 'list missions' }, missions.map((mission) => h('li', { dataset: { mission: mission.id } },
    h('a', { href: `#/missions/${mission.id}` },
      h('span', { class: 'mission-name' }, mission.name, h('span', { class: 'chevron', 'aria-hidden': 'true' }, ' ›')),
      h('span', { class: 'muted mission-facts' }, `${units.distance(mission.lengthMeters, unit, 1)} · ${mission.routeCount} route${mission.routeCount === 1 ? '' : 's'} · ${mission.stageCount} stages`),
      mission.progress ? journeyProgress(mission.progress, unit) : h('span', { class: 'muted' }, mission.summary))))));
}

/** A bar of the share travelled, with "12.3 km of 78.8 km" below it unless `bare`. */
function journeyProgress({ distanceMeters, lengthMeters, finishedAt }, unit, bare = false) {
  const share = lengthMeters > 0 ? Math.min(1, distanceMeters / lengthMeters) : 0;
  return h('span', { class: 'progress-line' },
    progressBar(share),
    bare ? '' : h('span', { class: 'muted' }, finishedAt ? `Completed ${units.date(finishedAt)}`
      : `${units.distance(distanceMeters, unit, 1)} of ${units.distance(lengthMeters, unit, 1)}`));
}

async function renderMission(missionId) {
  const unit = session.units;
  const page = h('section', { class: 'page mission-page' }, h('p', { class: 'muted' }, 'Loading the mission…'));
  mount(page);
  let mission, journey = null;
  try {
    // The list says whether the user is on this mission, so the journey is asked for only then.
    const [detail, { missions }] = await Promise.all([api.mission(missionId), api.missions()]);
    mission = detail;
    if (missions.find((candidate) => candidate.id === missionId)?.progress) journey = await api.journey(missionId);
  } catch (error) {
    page.replaceChildren(h('h1', {}, 'Mission'), h('p', { class: 'error', role: 'alert' }, describe(error)),
      h('a', { href: '#/missions' }, 'All missions'));
    return null;
  }
  const mapElement = h('div', { class: 'map', id: 'journey-map' });
  // A visitor may look and follow a stage; starting the mission needs an account.
  const chooser = session.loggedIn ? chooserCard(mission, journey, unit)
    : h('div', { class: 'card journey-chooser' }, h('h2', {}, 'Start the mission'),
      h('p', { class: 'muted' }, 'With an account, every run and walk you record moves you along it, stage by stage.'),
      h('a', { class: 'button primary', href: signInAddress(location.hash, 'mission', true) }, 'Make an account'));
  chooser.hidden = Boolean(journey);
  page.replaceChildren(
    h('a', { class: 'back', href: '#/missions' }, '‹ All missions'),
    h('h1', {}, mission.name),
    h('p', { class: 'muted' }, mission.summary),
    journey ? progressCard(mission, journey, unit, () => { chooser.hidden = false; chooser.scrollIntoView(); }) : '',
    chooser,
    h('div', { class: 'map-box journey-map-box' }, mapElement),
    journey ? h('div', { class: 'card' }, h('h2', {}, 'Stages'), stageList(mission, journey, unit)) : '',
    followStageCard(mission, unit, journey?.place && !journey.finishedAt ? `${journey.place.route}/${journey.place.stage}` : '0/0'),
    h('p', { class: 'muted attribution' }, mission.attribution));
  const map = await journeyMap(mapElement, mission, journey);
  return () => retire(map);
}

function progressCard(mission, journey, unit, restart) {
  const place = journey.place;
  const share = h('select', { name: 'privacy', onchange: async () => {
    try {
      await api.shareJourney(mission.id, share.value);
      toast(share.value === 'private' ? 'Only you see your progress' : `Your progress is ${share.value === 'public' ? 'public' : share.value === 'friends' ? 'shared with friends' : 'shared with friends and your clubs'}`);
    } catch (error) { toast(describe(error), { error: true }); }
  } }, [['private', 'Only me'], ['friends', 'Friends'], ['friends_and_clubs', 'Friends and my clubs'], ['public', 'Everyone']].map(([value, label]) =>
    h('option', { value, selected: journey.privacy === value }, label)));
  const medals = journey.completedRoutes.map((route) => h('li', { class: `medal ${route.medal ?? 'none'}` },
    h('strong', {}, route.medal ? route.medal[0].toUpperCase() + route.medal.slice(1) : 'Completed'),
    ` ${route.name} in ${days(route.seconds)}`));
  return h('div', { class: 'card journey-progress' },
    h('div', { class: 'grid journey-stats' },
      stat('done', 'journey-done', units.distance(journey.distanceMeters, unit, 2)),
      stat('to go', 'journey-to-go', units.distance(journey.remainingMeters, unit, 2)),
      stat('stages', 'journey-stages', `${journey.completedStages.length}`)),
    journeyProgress(journey, unit, true),
    h('p', { id: 'journey-place' }, journey.finishedAt
      ? `Mission complete on ${units.date(journey.finishedAt)}.`
      : `${place.routeName}, stage ${place.stage + 1} to ${place.stageName}: ${units.distance(place.metersIntoStage, unit, 2)} of ${units.distance(place.stageLengthMeters, unit, 2)}.`),
    medals.length ? h('ul', { class: 'list medals' }, medals) : '',
    field('Who sees your progress', share),
    h('div', { class: 'row' },
      h('button', { type: 'button', class: 'ghost', name: 'restart', onclick: restart }, 'Restart…'),
      h('button', { type: 'button', class: 'ghost', name: 'leave', onclick: async () => {
        if (!confirm(`Leave ${mission.name}? Your progress on it will be gone.`)) return;
        try { await api.leaveMission(mission.id); go('#/missions'); } catch (error) { toast(describe(error), { error: true }); }
      } }, 'Leave')));
}

function chooserCard(mission, journey, unit) {
  // Stages grouped by route: "Stage 2: to Cadder (4.1 km)".
  const lastRoute = mission.routes.length - 1;
  const last = `${lastRoute}/${mission.routes[lastRoute].stages.length - 1}`;
  const start = stageSelect(mission, unit, 'start', journey ? `${journey.start.route}/${journey.start.stage}` : '0/0');
  const end = stageSelect(mission, unit, 'end', journey ? `${journey.end.route}/${journey.end.stage}` : last);
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  return h('form', { class: 'card journey-chooser', onsubmit: async (event) => {
    event.preventDefault();
    error.hidden = true;
    try {
      await api.joinMission(mission.id, stagePlace(start), stagePlace(end), journey?.privacy);
      toast(journey ? 'Restarted: your next run starts the journey again' : `Joined: your next run moves you along ${mission.name}`);
      go(`#/missions/${mission.id}`);
    } catch (failure) {
      error.textContent = describe(failure);
      error.hidden = false;
    }
  } },
  h('h2', {}, journey ? 'Restart from…' : 'Choose your journey'),
  field('Start with', start), field('Finish with', end),
  journey ? h('p', { class: 'muted' }, 'Restarting clears your progress and medals on this mission.') : '',
  error,
  h('button', { class: 'primary', name: 'join', type: 'submit' }, journey ? 'Restart the mission' : 'Start the mission'));
}

function days(seconds) {
  const value = seconds / 86_400;
  if (value < 1) return units.clock(seconds);
  return `${value.toFixed(value < 10 ? 1 : 0)} days`;
}
