// What the phone says and does while running, in the profile's settings: the voice on or
// off, what a free run says besides each kilometre, how often the gap to a followed pace is
// said, and vibration on cues. Kept on this device only (deviceSettings), as a phone's
// speaker and vibration are the device's.
import { deviceSettings } from '../../engine/store/session.js';
import { haptics } from '../../haptics.js';
import { h } from '../../ui.js';

/** A labelled row of the settings card: the name, a line under it, the control. */
const row = (label, detail, control) => h('label', { class: 'switch-row' }, h('span', {}, label, h('small', {}, detail)), control);

/** The rows; `say(text)` shows what was saved in the card's status line. */
export function voiceSettings({ imperial, say }) {
  const voice = h('input', { type: 'checkbox', name: 'voice', role: 'switch', checked: deviceSettings.voice,
    onchange: () => { deviceSettings.voice = voice.checked; say(voice.checked ? 'Voice on.' : 'Voice off.'); } });
  const every = h('select', { name: 'voice-every', onchange: () => { deviceSettings.voiceEveryMinutes = Number(every.value); say('Voice saved.'); } },
    [0, 5, 10, 15].map((minutes) => h('option', { value: String(minutes), selected: minutes === deviceSettings.voiceEveryMinutes },
      minutes ? `Every ${minutes} min too` : 'Only each ' + (imperial ? 'mile' : 'km'))));
  const gapMode = h('select', { name: 'gap-mode', onchange: () => { deviceSettings.gapEveryCue = gapMode.value === 'everyCue'; say('Voice saved.'); } },
    [['changes', 'When it changes'], ['everyCue', 'Every 5 s']].map(([value, label]) => h('option', { value,
      selected: (value === 'everyCue') === deviceSettings.gapEveryCue }, label)));
  const gapEvery = h('select', { name: 'gap-every', onchange: () => { deviceSettings.gapEverySeconds = Number(gapEvery.value); say('Voice saved.'); } },
    [15, 30, 60, 120].map((seconds) => h('option', { value: String(seconds), selected: seconds === deviceSettings.gapEverySeconds },
      seconds < 60 ? `${seconds} s` : `${seconds / 60} min`)));
  const vibrate = h('input', { type: 'checkbox', name: 'vibrate', role: 'switch', checked: haptics.on, disabled: !haptics.supported,
    onchange: () => { deviceSettings.vibrate = vibrate.checked; say(vibrate.checked ? 'Vibration on.' : 'Vibration off.'); } });
  return [
    row('Voice', 'Spoken pace and distance while running (this device)', voice),
    row('Runs and walks', `Time, distance and pace at each ${imperial ? 'mile' : 'kilometre'}`, every),
    row('Following a pace', 'How often you hear how far ahead or behind you are', gapMode),
    row('Said again at least every', 'When the gap stays the same, and in a race', gapEvery),
    row('Vibrate on cues', haptics.supported ? 'A race\'s countdown, start and finish, and workout cues (this device)'
      : 'This browser cannot vibrate', vibrate),
  ];
}
