// The photos on an activity, on its page: thumbnails in a grid, each opening the
// screen-sized copy; its owner adds photos from the phone (several at once, one after the
// other, each said as it goes) and removes them. Others see the card only when there are
// photos. The server keeps no location or camera data of a photo: the owner is told so.
import { api } from '../../engine/api/paceline.js';
import { h, toast } from '../../ui.js';
import { icon } from '../../icons.js';

const TYPES = 'image/jpeg,image/png,image/webp,image/heic,image/heif';

/** The photos card of run `runId`; `owned` when the viewer owns it. */
export function photosCard(runId, owned) {
  const card = h('section', { class: 'card photos-card', hidden: true, 'aria-labelledby': 'photos-title' });
  const status = h('p', { class: 'photos-status muted', role: 'status' });
  const input = h('input', { type: 'file', accept: TYPES, multiple: true, hidden: true, 'aria-label': 'Photos to add',
    onchange: () => add([...input.files]) });
  let listing = { photos: [], canAdd: false };

  const draw = () => {
    const grid = h('ul', { class: 'photo-grid' }, listing.photos.map((photo, index) => h('li', {},
      h('button', { type: 'button', class: 'photo-thumb', 'aria-label': `Photo ${index + 1} of ${listing.photos.length}`,
        onclick: () => view(photo, index) },
        h('img', { src: api.photoAddress(photo.id), alt: '', loading: 'lazy', width: 120, height: 120 })))));
    const addButton = owned && listing.canAdd
      ? h('button', { type: 'button', class: 'ghost', name: 'add-photos', onclick: () => input.click() }, icon('plus'), ' Add photos')
      : null;
    const full = owned && !listing.canAdd ? h('p', { class: 'muted small' }, `${listing.photos.length} photos: the most an activity keeps.`) : null;
    const note = owned ? h('p', { class: 'muted small' }, 'Location and camera details are removed from photos you add.') : null;
    card.replaceChildren(...[h('h2', { id: 'photos-title' }, 'Photos'),
      listing.photos.length ? grid : (owned ? h('p', { class: 'muted' }, 'No photos yet.') : null),
      addButton, full, status, note, input].filter(Boolean));
    card.hidden = !owned && listing.photos.length === 0;
  };

  const load = () => api.runPhotos(runId).then((answer) => { listing = answer; draw(); }).catch(() => {});

  async function add(files) {
    input.value = '';
    let added = 0;
    for (const [index, file] of files.entries()) {
      status.textContent = files.length > 1 ? `Adding photo ${index + 1} of ${files.length}…` : 'Adding the photo…';
      try {
        await api.addRunPhoto(runId, file);
        added += 1;
      } catch (error) {
        toast(`${file.name || 'A photo'}: ${error.message}`);
        if (error.code === 'too_many_photos') break;
      }
    }
    status.textContent = added ? `${added} ${added === 1 ? 'photo' : 'photos'} added.` : '';
    await load();
  }

  function view(photo, index) {
    // Closed by Close, Escape, a tap beside the photo, or leaving the page (it sits outside the view).
    const close = () => {
      viewer.remove();
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('hashchange', close);
    };
    const onKey = (event) => { if (event.key === 'Escape') close(); };
    const remove = owned ? h('button', { type: 'button', class: 'danger', name: 'remove-photo', onclick: async () => {
      try {
        await api.deleteRunPhoto(runId, photo.id);
        close();
        toast('Photo removed');
        await load();
      } catch (error) {
        toast(error.message);
      }
    } }, 'Remove') : null;
    const viewer = h('div', { class: 'photo-viewer', role: 'dialog', 'aria-modal': 'true', 'aria-label': `Photo ${index + 1} of ${listing.photos.length}` },
      h('img', { src: api.photoAddress(photo.id, 'screen'), alt: `Photo ${index + 1}`, width: photo.width, height: photo.height }),
      h('div', { class: 'photo-viewer-actions' }, remove, h('button', { type: 'button', class: 'primary', name: 'close-photo', onclick: close }, 'Close')));
    viewer.addEventListener('click', (event) => { if (event.target === viewer) close(); });
    document.addEventListener('keydown', onKey);
    window.addEventListener('hashchange', close);
    document.body.append(viewer);
    viewer.querySelector('.photo-viewer-actions button:last-child').focus();
  }

  load();
  return card;
}
