// #/popular: public walks and runs starting within 10 km of the user, by
// runners + likes / 2 (the server's score), with like / unlike.
import { discoveryApi } from '../engine/api/discovery.js';
import { signInFirst } from '../router.js';
import { currentPosition } from '../engine/gps/source.js';
import { session } from '../engine/store/session.js';
import * as units from '../engine/core/units.js';
import { h, mount, toast, describe } from '../ui.js';

export async function render() {
  const body = h('div', { class: 'card' }, h('p', { class: 'muted' }, 'Finding where you are…'));
  mount(h('section', { class: 'page popular-page' }, h('h1', {}, 'Popular near you'), body));
  const fix = await currentPosition();
  if (!fix) { body.replaceChildren(h('p', { class: 'error' }, 'No position: is location allowed?')); return; }
  async function load() {
    try {
      const { routes } = await discoveryApi.popularRoutes(fix.latitude, fix.longitude);
      body.replaceChildren(routes.length ? h('ol', { class: 'list popular' }, ...routes.map(row))
        : h('p', { class: 'muted empty' }, 'No public routes start within 10 km yet.'));
    } catch (error) { body.replaceChildren(h('p', { class: 'error' }, describe(error))); }
  }
  function row(entry) {
    const { route } = entry;
    const like = h('button', { name: 'like', 'aria-pressed': String(entry.liked) }, `${entry.liked ? '♥' : '♡'} ${entry.likes}`);
    like.addEventListener('click', async () => {
      if (signInFirst('#/popular', 'like')) return;
      try {
        await (entry.liked ? discoveryApi.unlikeRoute(route.id) : discoveryApi.likeRoute(route.id));
        await load();
      } catch (error) { toast(describe(error), { error: true }); }
    });
    return h('li', { dataset: { route: route.id } },
      h('a', { href: `#/activity?route=${route.id}` }, h('strong', { class: 'route-name' }, route.name)),
      h('span', { class: 'muted' }, ` ${units.distance(route.distanceMeters, session.units)} · ${route.runners} ${route.runners === 1 ? 'person' : 'people'} · ${units.distance(entry.distanceMeters, session.units)} away `),
      like);
  }
  await load();
}
