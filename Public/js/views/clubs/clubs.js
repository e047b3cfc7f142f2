// #/clubs: the clubs I'm in (and those I asked to join), open clubs found by name, and
// the way to make a new one.
import { api } from '../../engine/api/paceline.js';
import { h, mount, describe } from '../../ui.js';
import { admissionName } from './club-format.js';

export function render() {
  const mine = h('ul', { class: 'list clubs-mine' });
  const found = h('ul', { class: 'list clubs-found' });
  const search = h('input', { type: 'search', name: 'club-search', maxlength: '100', placeholder: 'Name of an open club', autocomplete: 'off' });
  let timer = null;
  search.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => find(search.value.trim(), found), 300);
  });
  mount(h('section', { class: 'page clubs' },
    h('div', { class: 'spread' }, h('h1', {}, 'Clubs'), h('a', { class: 'button primary', href: '#/clubs/new', id: 'new-club' }, 'New club')),
    h('section', { class: 'card' }, h('h2', {}, 'Your clubs'), mine),
    h('section', { class: 'card' }, h('h2', {}, 'Find an open club'), search, found,
      h('p', { class: 'muted' }, 'A club by invitation is joined through the link its members share.'))));
  loadMine(mine);
  return () => clearTimeout(timer);
}

async function loadMine(list) {
  try {
    const { clubs } = await api.myClubs();
    list.replaceChildren(...(clubs.length ? clubs.map(clubRow)
      : [h('li', { class: 'muted empty' }, 'No club yet: make one for your group and share its link, or find an open one.')]));
  } catch (error) {
    list.replaceChildren(h('li', { class: 'error' }, describe(error)));
  }
}

async function find(name, list) {
  if (!name) { list.replaceChildren(); return; }
  try {
    const { clubs } = await api.searchClubs(name);
    list.replaceChildren(...(clubs.length ? clubs.map(clubRow) : [h('li', { class: 'muted' }, 'No open club has that name.')]));
  } catch (error) {
    list.replaceChildren(h('li', { class: 'error' }, describe(error)));
  }
}

/** A club in a list: its name, how many, and where I stand. */
function clubRow(club) {
  const standing = club.membership === 'requested' ? 'asked to join' : club.role && club.role !== 'member' ? club.role : null;
  return h('li', { class: 'club-row', dataset: { club: club.id } },
    h('a', { href: `#/clubs/${club.id}` }, h('strong', {}, club.name)),
    h('span', { class: 'muted' }, [`${club.memberCount} ${club.memberCount === 1 ? 'member' : 'members'}`,
      admissionName(club.admission), standing].filter(Boolean).join(' · ')));
}
