// The planner's controls: over the map, the mode (walk or run, bike) and "Snap to paths" for
// the next leg; under it, Undo, Back to start, Out and back, Loop and Save, each enabled
// when it can do something.
import { h } from '../../ui.js';

/** The modes, as the runner reads them: POST /map/legs's `mode`. */
const MODES = [['foot', 'Walk or run'], ['bike', 'Bike']];

/** Walk/run or bike: a pair of pressed buttons; `onChange(mode)` when the other is chosen. */
export function modeSwitch(mode, onChange) {
  const buttons = MODES.map(([value, label]) => h('button', { type: 'button', name: 'mode', value, 'aria-pressed': String(value === mode),
    onclick: () => onChange(value) }, label));
  return {
    element: h('div', { class: 'segmented planner-mode', role: 'group', 'aria-label': 'Plan for' }, buttons),
    show(current) { buttons.forEach((button) => button.setAttribute('aria-pressed', String(button.value === current))); },
  };
}

/** "Snap to paths": whether the next leg follows the map's paths (on) or is a straight line (off). */
export function snapToggle(onChange) {
  const button = h('button', { type: 'button', class: 'toggle snap-toggle', name: 'snap', 'aria-pressed': 'true',
    'aria-describedby': 'snap-note' }, h('span', { class: 'switch', 'aria-hidden': 'true' }), 'Snap to paths');
  // Read out as the button's description (aria-describedby reads hidden text too).
  const note = h('span', { id: 'snap-note', hidden: true }, 'For the next leg: along paths when on, a straight line when off. Tap a drawn leg to switch it.');
  let on = true;
  button.addEventListener('click', () => { on = !on; show(); onChange(on); });
  const show = () => button.setAttribute('aria-pressed', String(on));
  return {
    element: h('div', { class: 'snap-box' }, button, note),
    get on() { return on; },
    /** Sets it (`available` false: there is no map to snap to, so it is off and disabled). */
    set(value, available = true) { on = value && available; button.disabled = !available; show(); },
  };
}

/** Undo, Back to start, Out and back, Loop and Save; `actions` holds what each does. */
export function actionBar(actions) {
  const button = (name, label, extra = {}) => h('button', { type: 'button', name, onclick: actions[name], ...extra }, label);
  const buttons = {
    undo: button('undo', '↶ Undo', { class: 'ghost', 'aria-label': 'Undo the last change' }),
    backToStart: button('backToStart', 'Back to start', { class: 'ghost' }),
    outAndBack: button('outAndBack', 'Out and back', { class: 'ghost' }),
    loop: button('loop', 'Loop…', { class: 'ghost', 'aria-expanded': 'false', 'aria-controls': 'loop-form' }),
    save: button('save', 'Save route', { class: 'primary' }),
  };
  return {
    element: h('div', { class: 'planner-actions' },
      h('div', { class: 'planner-edit' }, buttons.undo, buttons.backToStart, buttons.outAndBack),
      h('div', { class: 'planner-finish' }, buttons.loop, buttons.save)),
    buttons,
    /** Enables what `builder` allows now; `loopAvailable`: the server has a map to make loops on. */
    update(builder, loopAvailable) {
      const points = builder.waypoints.length;
      buttons.undo.disabled = !builder.canUndo;
      buttons.backToStart.disabled = points < 2;
      buttons.outAndBack.disabled = points < 2;
      buttons.loop.disabled = !loopAvailable;
      buttons.save.disabled = !builder.complete;
    },
  };
}
