// "You earned …": the badges an uploaded run earned, under the summary.
import { api } from '../../engine/api/paceline.js';
import { h } from '../../ui.js';

/** Appends to `container` what run `runId` earned (nothing when it earned none). */
export async function showEarned(container, runId) {
  let badges;
  try {
    ({ badges } = await api.runBadges(runId));
  } catch {
    return;  // the run is saved; badges show on the profile later
  }
  if (!badges.length || !container.isConnected) return;
  container.append(h('div', { class: 'earned-now', id: 'earned-now', role: 'status' },
    h('strong', {}, `You earned ${badges.length === 1 ? 'a badge' : `${badges.length} badges`}: `),
    badges.flatMap((badge, index) => [index ? ', ' : '', h('span', { class: 'earned-badge', dataset: { badge: badge.id } }, `★ ${badge.name}`)]),
    ' ', h('a', { href: '#/profile' }, 'See all')));
}
