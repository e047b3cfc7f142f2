// The activity's segments card: each segment the run passed, its time and pace, and its
// place among the runner's own efforts there (PR, 2nd, 3rd); tapping one draws it on the
// map. The run's owner can make a new segment from a stretch of it.
import { api } from '../../engine/api/paceline.js';
import { h, describe } from '../../ui.js';
import * as units from '../../engine/core/units.js';
import { segmentMaker } from './segment-maker.js';
import { effortPace, RANK_MARKS, RANK_TITLES } from './effort-format.js';

/**
 * The card for `run`. `points` are its series points; `highlight(points)` draws a stretch
 * on the map and `cursor()` says where the chart's crosshair is (metres), for a new segment's start.
 */
export function segmentsCard({ run, points, unit, owned, highlight, cursor }) {
  const title = h('h2', {}, 'Segments');
  const list = h('div', { class: 'segment-efforts' }, h('p', { class: 'muted' }, 'Loading…'));
  const card = h('div', { class: 'card segments-card' }, title, list);
  let maker = null;
  const make = owned && points.length > 1 ? h('button', { type: 'button', class: 'ghost', name: 'make-segment', onclick: openMaker }, 'Make a segment') : null;
  if (make) card.append(make);

  function openMaker() {
    maker = segmentMaker({ runId: run.id, points, unit, from: cursor(), onStretch: highlight,
      onMade: () => { closeMaker(); load(); } });
    maker.addEventListener('reset', closeMaker);
    card.append(maker);
    make.hidden = true;
    maker.querySelector('input[name=segment-start]').focus();
  }

  function closeMaker() {
    maker?.remove();
    maker = null;
    make.hidden = false;
    highlight(null);
  }

  function stretchOf(effort) {
    return points.filter((point) => point.distanceMeters >= effort.startDistanceMeters && point.distanceMeters <= effort.endDistanceMeters);
  }

  function row(effort) {
    const rank = RANK_MARKS[effort.personalRank];
    return h('tr', { dataset: { segmentId: effort.segment.id } },
      h('td', {}, h('a', { href: `#/segments/${effort.segment.id}` }, effort.segment.name),
        rank ? h('span', { class: `record-mark rank-${effort.personalRank}`, title: RANK_TITLES[effort.personalRank] }, rank) : '',
        h('span', { class: 'muted segment-length' }, units.distance(effort.segment.distanceMeters, unit))),
      h('td', {}, effortPace(effort.endDistanceMeters - effort.startDistanceMeters, effort.elapsedSeconds, run.sport, unit)),
      h('td', {}, h('button', { type: 'button', class: 'link', name: 'show-effort', title: 'Show it on the map',
        onclick: () => highlight(stretchOf(effort)) }, units.clock(effort.elapsedSeconds)),
        // A segment is raced against the clock: a pause on it counts, and is said.
        effort.pausedSeconds ? h('span', { class: 'muted effort-paused' }, `incl. ${units.clock(effort.pausedSeconds)} paused`) : ''));
  }

  async function load() {
    let answer;
    try {
      answer = await api.runSegmentEfforts(run.id);
    } catch (error) {
      list.replaceChildren(h('p', { class: 'muted' }, error?.isNetwork ? 'No connection: segments need the network.' : describe(error)));
      return;
    }
    list.replaceChildren(answer.efforts.length
      ? h('table', { class: 'splits efforts segment-table' },
        h('thead', {}, h('tr', {}, h('th', {}, 'Segment'), h('th', {}, run.sport === 'ride' ? 'Speed' : 'Pace'), h('th', {}, 'Time'))),
        h('tbody', {}, answer.efforts.map(row)))
      : h('p', { class: 'muted empty' }, owned
        ? 'This run passed no segment yet. Make one from a stretch you like to race.'
        : 'This run passed no segment.'));
  }

  load();
  return card;
}
