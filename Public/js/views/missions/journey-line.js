// The journeys a recording moves, shown while it records: every run, walk or ride counts
// for each unfinished journey of its runner (the server credits the saved run), so the
// recording screen says how far is left to the end of the current stage and of the
// journey, counting the distance run so far, and says aloud when a stage's end is reached.
import { api } from '../../engine/api/paceline.js';
import * as units from '../../engine/core/units.js';
import { h } from '../../ui.js';

/** At most this many journeys are shown (the nearest to their stage's end first). */
const SHOWN = 2;

export class JourneyLine {
  constructor(unit) {
    this.unit = unit;
    this.journeys = [];
    this.element = h('div', { class: 'wide journey-line', id: 'journey-line', hidden: true, 'aria-live': 'polite' });
  }

  /**
   * Reads the unfinished journeys (needs the network; without it the line stays hidden)
   * and shows where `meters()`, the distance run by then, takes them.
   */
  async load(meters) {
    try {
      const { missions } = await api.missions();
      const open = missions.filter((mission) => mission.progress && !mission.progress.finishedAt);
      const journeys = await Promise.all(open.map((mission) => api.journey(mission.id).catch(() => null)));
      this.journeys = journeys.filter(Boolean).map((journey) => ({
        name: journey.missionName, stage: journey.place.stageName,
        toStageEnd: journey.place.stageLengthMeters - journey.place.metersIntoStage, toEnd: journey.remainingMeters,
        stageSaid: false, endSaid: false,
      })).sort((a, b) => a.toStageEnd - b.toStageEnd).slice(0, SHOWN);
    } catch { this.journeys = []; }
    this.update(meters());
  }

  /**
   * Shows where `meters` run so far take each journey; returns what to say (a stage's end
   * or the journey's, reached just now), or null.
   */
  update(meters) {
    const said = [];
    const lines = this.journeys.map((journey) => {
      const stageLeft = journey.toStageEnd - meters;
      const endLeft = journey.toEnd - meters;
      if (endLeft <= 0) {
        if (!journey.endSaid) { journey.endSaid = journey.stageSaid = true; said.push(`You have reached the end of ${journey.name}`); }
        return `${journey.name}: the end reached, saved with this run`;
      }
      if (stageLeft <= 0 && !journey.stageSaid) { journey.stageSaid = true; said.push(`End of stage ${journey.stage}, on ${journey.name}`); }
      const stage = stageLeft > 0 ? `${units.distance(stageLeft, this.unit)} to the end of ${journey.stage}` : `${journey.stage} done`;
      return `${journey.name}: ${stage} · ${units.distance(endLeft, this.unit, endLeft < 10_000 ? 2 : 0)} to go`;
    });
    this.element.hidden = lines.length === 0;
    this.element.replaceChildren(...lines.map((line) => h('div', {}, line)));
    return said.length ? said.join('. ') : null;
  }
}
