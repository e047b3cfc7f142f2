// Import: GPX, TCX or FIT files recorded elsewhere (each also .gz) go through the outbox
// like a recorded run: uploaded now, or when the network returns. A Strava or Garmin export
// (.zip) moves a whole history in (views/import/archive.js).
import { outbox } from '../../engine/api/outbox.js';
import { ACTIVITY_FILE } from '../../engine/import/history.js';
import { h, mount, toast } from '../../ui.js';
import { archiveImport } from './archive.js';

const TYPES = { gpx: 'application/gpx+xml', tcx: 'application/vnd.garmin.tcx+xml', fit: 'application/vnd.ant.fit' };

export function render() {
  const list = h('ul', { class: 'list', id: 'import-list' });
  const archives = h('div', { id: 'archives' });
  const sport = h('select', { name: 'sport', 'aria-label': 'Sport' },
    h('option', { value: '' }, 'Sport from the file'), h('option', { value: 'run' }, 'Run'), h('option', { value: 'walk' }, 'Walk'),
    h('option', { value: 'hike' }, 'Hike'), h('option', { value: 'ride' }, 'Ride'));
  const input = h('input', { type: 'file', name: 'file', accept: '.gpx,.tcx,.fit,.gz,.zip', multiple: true, hidden: true });
  const zone = h('div', { class: 'dropzone', id: 'dropzone', tabindex: 0, role: 'button' },
    h('p', {}, h('strong', {}, 'Drop GPX, TCX or FIT files here')), h('p', {}, 'or tap to choose them'),
    h('p', { class: 'small' }, 'Moving from Strava or Garmin? Drop the .zip of your account export: every activity comes in, with its name.'));

  async function upload(file) {
    const extension = file.name.replace(/\.gz$/i, '').split('.').pop().toLowerCase();
    const typed = new File([file], file.name, { type: /\.gz$/i.test(file.name) ? 'application/octet-stream' : TYPES[extension] });
    const row = h('li', { dataset: { file: file.name } }, h('span', {}, file.name), h('span', { class: 'muted state' }, navigator.onLine ? 'uploading…' : 'waiting for the network'));
    list.prepend(row);
    const item = await outbox.upload({ file: typed, sport: sport.value || undefined, skipDuplicates: true }, null, file.name);
    const stop = outbox.onDone((done, answer, error) => {
      if (done.key !== item.key) return;
      stop();
      const state = row.querySelector('.state');
      if (error) { state.className = 'error state'; state.textContent = error.message; return; }
      state.className = 'state';
      const others = answer.run.otherRunIds?.length ?? 0;
      state.replaceChildren(h('a', { href: `#/runs/${answer.run.id}` }, 'uploaded: see it'),
        others ? ` and ${others} more ${others === 1 ? 'activity' : 'activities'} from this file` : '');
    });
  }

  function take(files) {
    for (const file of files) {
      if (/\.zip$/i.test(file.name)) archives.prepend(archiveImport(file));
      else if (ACTIVITY_FILE.test(file.name)) upload(file);
      else toast(`${file.name}: not a GPX, TCX, FIT or .zip file`, { error: true });
    }
  }

  zone.addEventListener('click', () => input.click());
  zone.addEventListener('keydown', (event) => { if (event.key === 'Enter' || event.key === ' ') input.click(); });
  zone.addEventListener('dragover', (event) => { event.preventDefault(); zone.classList.add('over'); });
  zone.addEventListener('dragleave', () => zone.classList.remove('over'));
  zone.addEventListener('drop', (event) => { event.preventDefault(); zone.classList.remove('over'); take([...event.dataTransfer.files]); });
  input.addEventListener('change', () => { take([...input.files]); input.value = ''; });

  mount(h('section', { class: 'page' },
    h('h1', {}, 'Import runs'),
    h('p', { class: 'muted' }, 'Runs, rides and walks recorded with a watch or another app. Each activity becomes one in your history; nothing is imported twice.'),
    h('div', { class: 'row' }, sport), zone, input, archives, list));
}
