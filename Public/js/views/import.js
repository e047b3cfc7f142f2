// Import: a GPX, TCX or FIT file recorded elsewhere, dropped here (or picked), goes through
// the outbox like a recorded run: uploaded now, or when the network returns.
import { outbox } from '../engine/api/outbox.js';
import { h, mount, toast } from '../ui.js';

const ACCEPTED = /\.(gpx|tcx|fit)$/i;
const TYPES = { gpx: 'application/gpx+xml', tcx: 'application/vnd.garmin.tcx+xml', fit: 'application/vnd.ant.fit' };

export function render() {
  const list = h('ul', { class: 'list', id: 'import-list' });
  const sport = h('select', { name: 'sport', 'aria-label': 'Sport' },
    h('option', { value: '' }, 'Sport from the file'), h('option', { value: 'run' }, 'Run'), h('option', { value: 'walk' }, 'Walk'));
  const input = h('input', { type: 'file', name: 'file', accept: '.gpx,.tcx,.fit', multiple: true, hidden: true });
  const zone = h('div', { class: 'dropzone', id: 'dropzone', tabindex: 0, role: 'button' },
    h('p', {}, h('strong', {}, 'Drop GPX, TCX or FIT files here')), h('p', {}, 'or tap to choose them'));

  async function take(files) {
    for (const file of files) {
      if (!ACCEPTED.test(file.name)) { toast(`${file.name}: not a GPX, TCX or FIT file`, { error: true }); continue; }
      const extension = file.name.split('.').pop().toLowerCase();
      const typed = new File([file], file.name, { type: TYPES[extension] });
      const row = h('li', { dataset: { file: file.name } }, h('span', {}, file.name), h('span', { class: 'muted state' }, navigator.onLine ? 'uploading…' : 'waiting for the network'));
      list.prepend(row);
      const item = await outbox.upload({ file: typed, sport: sport.value || undefined, name: file.name.replace(ACCEPTED, '') }, null, file.name);
      const stop = outbox.onDone((done, answer, error) => {
        if (done.key !== item.key) return;
        stop();
        const state = row.querySelector('.state');
        if (error) { state.className = 'error state'; state.textContent = error.message; return; }
        state.className = 'state';
        state.replaceChildren(h('a', { href: `#/runs/${answer.run.id}` }, 'uploaded: see it'));
      });
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
    h('p', { class: 'muted' }, 'Runs and walks recorded with a watch or another app. Each file becomes one run in your history.'),
    h('div', { class: 'row' }, sport), zone, input, list));
}
