// The journey on a map: each route's line (the journey's routes in colour), stage ends
// as markers (ticked once completed, plain while locked), and the user's position.
import { basemap, positionMarker } from '../map/basemap.js';
import { h } from '../../ui.js';
import { journeyStages } from './stage-list.js';

/**
 * Draws `mission` (the API's MissionDetail) and `journey` (or null before joining) in `element`.
 * @returns {Promise<any>} the Leaflet map (retire it when the screen goes).
 */
export async function journeyMap(element, mission, journey) {
  const { L, map } = await basemap(element, { zoomControl: true });
  const bounds = L.latLngBounds([]);
  mission.routes.forEach((route, index) => {
    const inJourney = !journey || (index >= journey.start.route && index <= journey.end.route);
    const line = L.polyline(route.path, { color: inJourney ? '#0b6e4f' : '#9aa5ad', weight: inJourney ? 5 : 3, opacity: 0.8 }).addTo(map);
    line.bindTooltip(h('span', {}, route.name));
    if (inJourney) bounds.extend(line.getBounds());
  });
  const done = new Set((journey?.completedStages ?? []).map((stage) => `${stage.route}/${stage.stage}`));
  const stages = journey ? journeyStages(mission, journey) : mission.routes.flatMap((route, r) => route.stages.map((stage, s) => ({ route: r, stage: s, ...stage })));
  // With more than one leg, a stage's number restarts on each: the leg says which.
  const leg = (stage) => mission.routes.length > 1 ? `${mission.routes[stage.route].name} · ` : '';
  for (const stage of stages) {
    const unlocked = done.has(`${stage.route}/${stage.stage}`);
    const marker = L.marker([stage.end.latitude, stage.end.longitude], {
      icon: L.divIcon({ className: `stage-icon ${unlocked ? 'unlocked' : 'locked'}`, iconSize: [18, 18], html: h('span', {}, unlocked ? '✓' : '') }),
      title: `${leg(stage)}Stage ${stage.stage + 1}: ${stage.name}${unlocked ? '' : ' (locked)'}`,
    }).addTo(map);
    marker.bindPopup(h('div', {}, h('strong', {}, `Stage ${stage.stage + 1}: ${stage.name}`), h('br'),
      `${leg(stage)}${unlocked ? 'Unlocked' : 'Locked'}`));
  }
  if (journey) {
    const at = [journey.place.position.latitude, journey.place.position.longitude];
    positionMarker(L, at).setZIndexOffset(1000).addTo(map).bindTooltip(h('span', {}, 'You are here'));
    bounds.extend(at);
  }
  if (bounds.isValid()) map.fitBounds(bounds, { padding: [24, 24] });
  return map;
}
