// The recording screen's segment line: the segments around the runner are asked for as
// they move (a box of 1.5 km each way, asked again after 750 m), each fix is fed to the
// segment watch, and while a segment is being run the line says how far is left of it.
import { api } from '../../engine/api/paceline.js';
import { NearbyBoxPlanner, boxAround } from '../../engine/core/nearby-box.js';
import { SegmentWatch } from '../../engine/segments/segment-watch.js';
import * as units from '../../engine/core/units.js';
import { h } from '../../ui.js';

const BOX_HALF_SIZE = 1500;

export class SegmentLine {
  constructor(unit, sport) {
    this.unit = unit;
    this.sport = sport;
    this.watch = new SegmentWatch();
    this.planner = new NearbyBoxPlanner({ refreshDistance: BOX_HALF_SIZE / 2 });
    this.element = h('div', { class: 'wide segment-line', id: 'segment-line', hidden: true, 'aria-live': 'polite' });
  }

  /** Takes a fix with the run's distance so far; returns what to say, or null. */
  update(fix, meters) {
    if (this.planner.next(fix)) this.load(boxAround(fix, BOX_HALF_SIZE));
    const said = this.watch.add(fix, meters);
    const progress = this.watch.progress(meters);
    this.element.hidden = !progress;
    this.element.textContent = progress ? `${progress.name}: ${units.distance(progress.left, this.unit)} to its end` : '';
    return said;
  }

  /** Asks for the segments in `box` (offline: none new, the run is matched when saved). */
  async load(box) {
    try {
      const { segments } = await api.segmentsNear(box, this.sport);
      this.watch.know(segments.map((segment) => ({ ...segment, bestSeconds: segment.yourBestSeconds })));
    } catch { /* offline: the segments known so far */ }
  }
}
