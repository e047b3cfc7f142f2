// The recording map's modes, one button going round them. Locked (the start) keeps the
// runner in the middle, north up: the map zooms (about the runner) but a drag does not move
// it, and says how to. Heading up does the same with the map turned so that the way ahead
// is up: the compass's heading (js/engine/sensors/compass.js), else the GPS's while moving;
// it is offered where one may come, and when none does it says "No compass on this device"
// (or, the site's motion sensors blocked, how to allow them) and goes back to Locked. Free
// lets the map be dragged anywhere and no longer follows.
import { h } from '../../ui.js';
import { icon } from '../../icons.js';
import { mayHaveCompass, askCompass, watchCompass } from '../../engine/sensors/compass.js';
import { MapRotation } from './map-rotation.js';

/** Each mode: the button's word and icon, and what it says when chosen. */
const MODES = {
  locked: { label: 'Locked', icon: 'lock', says: 'The map follows you, north up. Pinch to zoom.' },
  heading: { label: 'Heading up', icon: 'compass', says: 'The map follows you and turns with you.' },
  free: { label: 'Free', icon: 'unlock', says: 'Move the map as you like. Tap Free to follow you again.' },
};
const ORDER = ['locked', 'heading', 'free'];
/** How long heading up waits for a first heading before saying there is none (ms). */
const FIRST_HEADING_WAIT = 2500;
/** A compass reading this recent (ms) wins over the GPS's heading. */
const COMPASS_FRESH = 3000;
/** How far (px) a finger moves on a locked map before it is a drag, and is answered. */
const DRAG = 12;
/** Leaflet's zoom gestures, which a following map makes zoom about its middle (the runner). */
const ZOOMS = ['touchZoom', 'scrollWheelZoom', 'doubleClickZoom'];

export class MapModes {
  mode = 'locked';
  /** Whether a compass may give headings: 'maybe' until one does ('yes') or did not ('none'). */
  #compass = mayHaveCompass ? 'maybe' : 'none';
  #compassAt = -Infinity;
  #gpsHeading = false;
  #stopCompass = null;
  #waiting = 0;
  #hintTimer = 0;

  /**
   * `map` is Leaflet's, inside `frame`; `button` goes round the modes; `onFollow()` is
   * called when the map starts following again (to bring the runner back to the middle).
   */
  constructor(map, frame, button, onFollow) {
    Object.assign(this, { map, frame, button, onFollow });
    this.zooms = Object.fromEntries(ZOOMS.map((name) => [name, map.options[name]]));
    this.rotation = new MapRotation(map, frame);
    this.hint = h('div', { class: 'map-hint', id: 'map-hint', role: 'status', hidden: true });
    this.north = h('div', { class: 'north-arrow', hidden: true, title: 'North' }, h('span', {}, 'N'), icon('north'));
    frame.append(this.hint, this.north);
    button.addEventListener('click', () => this.next());
    this.#answerDrags();
    this.#set('locked', false);
    button.disabled = false;
  }

  /** Whether the map keeps the runner in its middle. */
  get following() { return this.mode !== 'free'; }

  /** Whether heading up is worth offering: a compass may answer, or the GPS gave a heading. */
  get headingOffered() { return this.#compass !== 'none' || this.#gpsHeading; }

  /** The next mode after this one (heading up skipped where no heading comes). */
  next() {
    let next = ORDER[(ORDER.indexOf(this.mode) + 1) % ORDER.length];
    if (next === 'heading' && !this.headingOffered) next = 'free';
    if (next === 'heading') this.#startHeading(); else this.#set(next);
  }

  /** The GPS's heading with a fix (undefined when standing still, or not given). */
  gpsHeading(heading) {
    if (!Number.isFinite(heading)) return;
    this.#gpsHeading = true;
    if (this.mode === 'heading' && performance.now() - this.#compassAt > COMPASS_FRESH) this.rotation.turn(heading);
  }

  /** After the frame changed size. */
  fit() { this.rotation.fit(); }

  stop() {
    this.#stopCompass?.();
    clearTimeout(this.#waiting);
    clearTimeout(this.#hintTimer);
  }

  /** Says `text` over the map for a few seconds. */
  say(text, seconds = 4) {
    this.hint.textContent = text;
    this.hint.hidden = false;
    clearTimeout(this.#hintTimer);
    this.#hintTimer = setTimeout(() => { this.hint.hidden = true; }, seconds * 1000);
  }

  #set(mode, announce = true) {
    const { map, button } = this;
    const turning = mode === 'heading';
    this.mode = mode;
    if (turning !== this.rotation.on) {
      if (turning) this.rotation.start(); else this.rotation.stop();
      map.invalidateSize();  // the element grew or shrank about its middle: the middle stays
    }
    if (!turning) { this.#stopCompass?.(); this.#stopCompass = null; clearTimeout(this.#waiting); }
    this.north.hidden = !turning;
    if (mode === 'free') map.dragging.enable(); else map.dragging.disable();
    for (const name of ZOOMS) if (this.zooms[name]) map.options[name] = mode === 'free' ? this.zooms[name] : 'center';
    const { label, icon: shape, says } = MODES[mode];
    button.dataset.mode = mode;
    button.setAttribute('aria-label', `Map: ${label}`);
    button.title = `Map: ${label}. Tap to change`;
    button.replaceChildren(icon(shape), h('span', {}, label));
    if (announce) this.say(says);
    if (this.following) this.onFollow();
  }

  /** Heading up: the compass asked for (a tap is when a browser may ask), then watched. */
  async #startHeading() {
    const answer = this.#compass === 'none' ? 'absent' : await askCompass();
    if (answer !== 'granted' && !this.#gpsHeading) { this.#noCompass(answer === 'denied'); return; }
    this.#set('heading');
    this.#stopCompass ??= watchCompass((heading) => {
      this.#compass = 'yes';
      this.#compassAt = performance.now();
      this.rotation.turn(heading);
    });
    clearTimeout(this.#waiting);
    this.#waiting = setTimeout(() => {
      if (this.mode === 'heading' && this.#compass !== 'yes' && !this.#gpsHeading) this.#noCompass();
    }, FIRST_HEADING_WAIT);
  }

  /** No heading comes (or the browser keeps the sensors from the app: `blocked`): said, back
   * to Locked, and heading up no longer offered (until the GPS gives a heading). */
  #noCompass(blocked = false) {
    this.#compass = 'none';
    this.say(blocked ? 'The compass is blocked: allow motion sensors for Paceline in the browser’s site settings.'
      : 'No compass on this device: the map stays north up.', 6);
    this.#set('locked', false);
  }

  /** A drag on a following map moves nothing: it says how to move the map. */
  #answerDrags() {
    let from = null;
    this.frame.addEventListener('pointerdown', (event) => { from = event.isPrimary ? [event.clientX, event.clientY] : null; });
    this.frame.addEventListener('pointerup', () => { from = null; });
    this.frame.addEventListener('pointercancel', () => { from = null; });
    this.frame.addEventListener('pointermove', (event) => {
      if (!from || !this.following || !event.isPrimary) return;
      if (Math.hypot(event.clientX - from[0], event.clientY - from[1]) < DRAG) return;
      from = null;
      this.say(`The map stays on you. To move it, tap ${MODES[this.mode].label} until it says Free.`);
    });
  }
}
