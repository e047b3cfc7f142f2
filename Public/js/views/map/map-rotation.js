// Turning a Leaflet map so that the way ahead is up ("heading up"). Leaflet has no turning
// of its own: the map's pane turns with the CSS `rotate` property (beside the `transform`
// Leaflet moves it with) about the middle of the map, where the runner is kept. While
// turned, the map's element outgrows the frame around it to the frame's diagonal, centred
// on it, and the frame clips it: the tiles and tracks reach into a turned map's corners.
// Leaflet's controls and the map's notes keep to the frame's visible part, upright, and
// the markers' contents and tooltips turn back so they read upright (css: `.map.turned`).

/** Turns smaller than this (degrees) are not worth a frame: a compass trembles. */
const SMALLEST_TURN = 2;

/** The angle `degrees` as the nearest turn from -180 to 180. */
const shortest = (degrees) => ((degrees % 360) + 540) % 360 - 180;

export class MapRotation {
  /** The pane's turn now, degrees clockwise, unwrapped (350° to 10° is +20°, not -340°). */
  #turn = 0;
  #wanted = null;
  #frame = 0;

  /** `map` is Leaflet's, its element inside `frame` (which clips it). */
  constructor(map, frame) {
    this.map = map;
    this.frame = frame;
    this.element = map.getContainer();
    this.pane = map.getPane('mapPane');
  }

  get on() { return this.element.classList.contains('turned'); }

  /** The heading shown at the top, degrees clockwise from north. */
  get heading() { return ((-this.#turn % 360) + 360) % 360; }

  /** Makes room for turning (the map must then be told its new size, `invalidateSize`). */
  start() {
    this.element.classList.add('turned');
    this.fit();
  }

  /** Sizes the element to the frame's diagonal; again whenever the frame's size changes. */
  fit() {
    if (!this.on) return;
    const width = this.frame.clientWidth, height = this.frame.clientHeight;
    const side = Math.ceil(Math.hypot(width, height));
    const x = (side - width) / 2, y = (side - height) / 2;
    this.element.style.inset = `${-y}px ${-x}px`;
    this.element.style.setProperty('--spill-x', `${x}px`);
    this.element.style.setProperty('--spill-y', `${y}px`);
    // The pane is a point at the element's top left: its turn is about the element's middle.
    this.pane.style.transformOrigin = `${side / 2}px ${side / 2}px`;
  }

  /** Turns the map so that `heading` (degrees clockwise from north) is up, at the next frame. */
  turn(heading) {
    if (!Number.isFinite(heading)) return;
    this.#wanted = heading;
    this.#frame ||= requestAnimationFrame(() => {
      this.#frame = 0;
      const change = shortest(-this.#wanted - this.#turn);
      if (Math.abs(change) < SMALLEST_TURN) return;
      this.#show(this.#turn + change);
    });
  }

  /** North up again, at the element's own size. */
  stop() {
    cancelAnimationFrame(this.#frame);
    this.#frame = 0;
    this.#show(0);
    this.element.classList.remove('turned');
    this.element.style.inset = '';
    this.pane.style.rotate = '';
    this.pane.style.transformOrigin = '';
  }

  #show(turn) {
    this.#turn = turn;
    this.pane.style.rotate = `${turn}deg`;
    this.frame.style.setProperty('--map-turn', `${turn}deg`);
  }
}
