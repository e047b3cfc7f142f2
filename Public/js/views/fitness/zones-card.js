// The activity page's time in heart-rate zones, for its owner: each zone's share of the
// time as a bar, its heart rates and its minutes, in the zones in force on the run's day.
// From /runs/ID/zones; shown only when the run has heart rate.
import { api } from '../../engine/api/paceline.js';
import { h } from '../../ui.js';
import * as units from '../../engine/core/units.js';

const NAMES = ['Recovery', 'Endurance', 'Tempo', 'Threshold', 'Maximum'];
const METHODS = {
  lactateThreshold: 'from your threshold heart rate (Friel)',
  heartRateReserve: 'from your resting and maximum heart rate (Karvonen)',
  manual: 'as you set them',
};

/** "140–149 bpm", "below 140 bpm", "165 bpm and up". */
function rates(zone) {
  if (zone.fromHeartRate === undefined) return `below ${zone.toHeartRate} bpm`;
  if (zone.toHeartRate === undefined) return `${zone.fromHeartRate} bpm and up`;
  return `${zone.fromHeartRate}–${zone.toHeartRate - 1} bpm`;
}

/** The card for run `runId`, hidden until it has something to show. */
export function zonesCard(runId) {
  const card = h('div', { class: 'card zones-card', hidden: true });
  api.runZones(runId).then(({ zones }) => {
    const total = zones.zones.reduce((sum, zone) => sum + (zone.seconds ?? 0), 0);
    if (!(total > 0)) return;
    card.replaceChildren(h('h2', {}, 'Heart-rate zones'),
      h('ol', { class: 'zone-bars' }, zones.zones.map((zone) => {
        const share = (zone.seconds ?? 0) / total;
        return h('li', { dataset: { zone: String(zone.zone) } },
          h('span', { class: 'zone-name' }, h('strong', {}, `Z${zone.zone}`), ` ${NAMES[zone.zone - 1]}`, h('small', { class: 'muted' }, rates(zone))),
          h('span', { class: 'zone-bar', role: 'img', 'aria-label': `${Math.round(share * 100)} %` },
            h('span', { class: `zone-fill zone-${zone.zone}`, style: `width: ${(share * 100).toFixed(1)}%` })),
          h('span', { class: 'zone-time' }, units.clock(zone.seconds ?? 0), h('small', { class: 'muted' }, `${Math.round(share * 100)} %`)));
      })),
      h('p', { class: 'muted' }, `Zones ${METHODS[zones.method]}, as in force on the day. Change them in Profile, Heart rate and pace.`));
    card.hidden = false;
  }).catch(() => { /* offline, or not the owner's: no card */ });
  return card;
}
