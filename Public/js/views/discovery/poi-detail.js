// A point of interest's detail: title, photo, inscription, the people it commemorates
// (linked to Wikipedia where the data set says), the year it went up, when the user
// discovered it, and a favourite toggle. The photo is the picture this server fetched
// from where the data set says it is (Open Plaques' are on Wikimedia, Flickr …) and serves
// itself (`pictureOrLink`); until then, or offline, a link that opens it there: the
// Content-Security-Policy loads images from this server (and the map tiles) only. A plaque
// of Open Plaques' data says so, with a link to it on openplaques.org (their terms ask it).
import { discoveryApi } from '../../engine/api/discovery.js';
import { shortDistance } from '../../engine/core/units.js';
import { session } from '../../engine/store/session.js';
import { h, toast, describe } from '../../ui.js';
import { signInFirst } from '../../router.js';
import { pictureOrLink } from '../shared/picture.js';

/** How close a walk must pass to discover a point, metres (the server's `ProximityGrid.defaultRadius`). */
export const DISCOVERY_RADIUS = 30;

/**
 * The detail card of point `id` (loaded here); `passed`: the outing being recorded (`outing`:
 * "walk", "hike") went by it.
 */
export async function poiDetailCard(id, { passed = false, outing = 'walk' } = {}) {
  const poi = await discoveryApi.poi(id);
  const favourite = h('button', { name: 'favourite-poi', 'aria-pressed': String(poi.favourite) }, poi.favourite ? '♥ Favourite' : '♡ Favourite');
  favourite.addEventListener('click', async () => {
    if (signInFirst(`#/pois/${id}`, 'favourite')) return;
    const next = favourite.getAttribute('aria-pressed') !== 'true';
    try {
      await (next ? discoveryApi.addFavouritePoi(id) : discoveryApi.removeFavouritePoi(id));
      favourite.setAttribute('aria-pressed', String(next));
      favourite.textContent = next ? '♥ Favourite' : '♡ Favourite';
    } catch (error) { toast(describe(error), { error: true }); }
  });
  const when = poi.discovery
    ? h('p', { class: 'discovered', id: 'poi-discovered' }, `Discovered ${new Date(poi.discovery.discoveredAt).toLocaleString()} `,
      h('a', { href: `#/runs/${poi.discovery.runId}` }, 'on this walk'))
    : passed ? h('p', { class: 'discovered', id: 'poi-discovered' }, `Discovered on this ${outing}: it is yours once you save the ${outing}.`)
      : h('p', { class: 'muted', id: 'poi-discovered' }, `Not discovered yet: pass within ${shortDistance(DISCOVERY_RADIUS, session.units)} of it on a walk.`);
  return h('article', { class: 'card poi-detail', dataset: { poi: poi.id } },
    h('h2', {}, poi.title),
    poi.photoUrl ? photo(poi) : null,
    poi.inscription ? h('blockquote', { class: 'inscription' }, poi.inscription) : null,
    poi.subjects.length ? h('ul', { class: 'poi-subjects' }, ...poi.subjects.map((subject) => h('li', {},
      subject.wikipediaUrl ? h('a', { href: subject.wikipediaUrl, target: '_blank', rel: 'noopener' }, subject.name) : subject.name))) : null,
    poi.erectedYear ? h('p', { class: 'muted' }, `Erected ${poi.erectedYear}`) : null,
    when,
    poi.source === 'openplaques' ? attribution(poi) : null,
    h('div', { class: 'row' }, favourite));
}

/** The plaque's photo as a picture from this server, saying where it came from; else the link to it there. */
function photo(poi) {
  const frame = h('figure', { class: 'poi-picture' });
  const shown = pictureOrLink(poi.pictureUrl, {
    alt: `Photo of ${poi.title}`, className: 'poi-photo', frame,
    link: (failure) => h('p', { class: 'poi-photo-line' },
      h('a', { class: 'poi-photo-link', href: poi.photoUrl, target: '_blank', rel: 'noopener' }, 'Photo'),
      failure ? ` (${failure}: opens where it is kept)` : ' (opens where it is kept)'),
  });
  if (shown === frame) {
    // The author and licence the data gives (a picture is copied only with them), linked to where it is kept.
    frame.append(h('figcaption', { class: 'muted' }, 'Photo: ',
      h('a', { href: poi.photoUrl, target: '_blank', rel: 'noopener' }, poi.photoCredit ?? new URL(poi.photoUrl).hostname)));
  }
  return shown;
}

/** Open Plaques' acknowledgement, which their terms ask for: the data's source, linked to the plaque there. */
function attribution(poi) {
  return h('p', { class: 'muted poi-attribution' }, 'Plaque data: ',
    h('a', { href: `https://openplaques.org/plaques/${encodeURIComponent(poi.sourceId)}`, target: '_blank', rel: 'noopener' }, 'Open Plaques'),
    ', public domain');
}

/**
 * Opens point `id`'s detail in a sheet over the current screen (above the recording's
 * controls, which stay in reach); Close closes it.
 */
export async function openPoiSheet(id, passed = false, outing = 'walk') {
  document.querySelector('.poi-sheet')?.remove();
  let card;
  try { card = await poiDetailCard(id, { passed, outing }); } catch (error) { toast(describe(error), { error: true }); return; }
  const close = h('button', { class: 'ghost', name: 'close-poi' }, 'Close');
  const sheet = h('div', { class: 'poi-sheet', role: 'dialog', 'aria-label': 'Point of interest' }, card, close);
  close.addEventListener('click', () => sheet.remove());
  document.body.append(sheet);
}
