// Privacy zones, in the profile's settings: circles (200 m to 1 km) around places the
// runner keeps to themselves. For everyone else, the parts of their tracks inside are not
// shown (docs/PRIVACY.md). A zone is placed by moving the map under a fixed cross.
import { api } from '../../engine/api/paceline.js';
import { h, describe, toast } from '../../ui.js';
import { PlacePicker } from '../map/place-picker.js';

const RADII = [200, 400, 600, 800, 1000];

/** The collapsible "Privacy zones" section. */
export function privacyZonesSection() {
  const list = h('ul', { class: 'list zones' });
  const place = new PlacePicker({ className: 'zone-map' });
  const radius = h('select', { name: 'zone-radius' }, RADII.map((meters) => h('option', { value: String(meters), selected: meters === 400 }, `${meters} m`)));
  const add = h('button', { type: 'button', class: 'primary', name: 'add-zone' }, 'Hide this place');
  const picker = h('div', { class: 'zone-picker', hidden: true },
    h('p', { class: 'muted' }, 'Move the map until the cross is on the place to hide (your home, say), choose how far around it, and save.'),
    place.element,
    h('div', { class: 'row' }, h('label', { class: 'row' }, h('span', {}, 'Radius'), radius), add));
  const open = h('button', { type: 'button', class: 'ghost', name: 'new-zone' }, 'Add a zone');
  let zones = [];
  let circles = null;

  function show() {
    list.replaceChildren(...(zones.length ? zones.map((zone, index) => h('li', { class: 'spread' },
      h('span', {}, `${zone.radiusMeters} m around ${zone.latitude.toFixed(4)}, ${zone.longitude.toFixed(4)}`),
      h('button', { type: 'button', class: 'ghost small', name: 'remove-zone', onclick: () => save(zones.filter((_, other) => other !== index)) }, 'Remove')))
      : [h('li', { class: 'muted empty' }, 'None yet: others who may see your runs see their whole track.')]));
    if (circles) {
      circles.clearLayers();
      for (const zone of zones) place.L.circle([zone.latitude, zone.longitude], { radius: zone.radiusMeters, color: '#c0392b', weight: 2, fillOpacity: 0.15 }).addTo(circles);
    }
  }

  async function save(next) {
    try {
      zones = (await api.putPrivacyZones({ zones: next })).zones;
      show();
      toast('Privacy zones saved');
    } catch (error) {
      toast(error.isNetwork ? 'No connection: zones need the network to change.' : describe(error), { error: true });
    }
  }

  open.addEventListener('click', async () => {
    picker.hidden = false;
    open.hidden = true;
    if (circles) return;
    await place.show();
    circles = place.L.layerGroup().addTo(place.map);
    show();
  });
  add.addEventListener('click', () => {
    if (place.place) save([...zones, { ...place.place, radiusMeters: Number(radius.value) }]);
  });

  const section = h('details', { class: 'privacy-zones', ontoggle: async () => {
    if (!section.open || section.dataset.loaded) return;
    section.dataset.loaded = 'true';
    try { zones = (await api.privacyZones()).zones; } catch (error) { toast(describe(error), { error: true }); }
    show();
  } },
  h('summary', {}, 'Privacy zones'),
  h('p', { class: 'muted' }, 'Hide where you live or work: for everyone but you, the parts of your tracks inside a zone are not shown. Your distances and times stay as they are.'),
  list, open, picker);
  return section;
}
