// A workout's summary as a table: each interval planned against actual (time, distance,
// pace), with its status; shared by the run's summary and the workout log.
import { h } from '../../ui.js';
import * as units from '../../engine/core/units.js';
import { targetLabel } from './workout-panel.js';

const STATUS = { completed: 'done', current: 'stopped here', notStarted: 'not started' };

/** The table of `summary` (WorkoutSummary JSON) for the intervals of `intervals` (the plan's, expanded). */
export function summaryTable(summary, intervals, u) {
  const rows = summary.intervals.map((row, i) => h('tr', { class: `status-${row.status}`, dataset: { status: row.status } },
    h('td', {}, String(row.number)),
    h('td', {}, targetLabel(intervals[i] ?? row, u)),
    h('td', {}, units.clock(row.plannedSeconds), h('br'), row.actualSeconds == null ? '–' : units.clock(row.actualSeconds)),
    h('td', {}, units.distance(row.plannedMeters, u), h('br'), row.actualMeters == null ? '–' : units.distance(row.actualMeters, u)),
    h('td', {}, units.paceClock(row.plannedPaceSecondsPerKilometer, u), h('br'), units.paceClock(row.actualPaceSecondsPerKilometer, u)),
    h('td', { class: 'status' }, STATUS[row.status])));
  return h('div', { class: 'workout-summary' },
    h('p', { id: 'workout-outcome' }, summary.completed
      ? `Workout complete: ${summary.intervals.length} intervals.`
      : `${summary.intervals.filter((r) => r.status === 'completed').length} of ${summary.intervals.length} intervals done.`),
    h('table', { class: 'workout-table', id: 'workout-table' },
      h('thead', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, 'Target'), h('th', {}, 'Time', h('br'), h('small', {}, 'plan / actual')),
        h('th', {}, 'Distance'), h('th', {}, `Pace /${units.unitName(u)}`), h('th', {}, 'Status'))),
      h('tbody', {}, rows)));
}
