// Spoken cues through the Web Speech API: works offline (the voices are the device's).
import { deviceSettings } from './store/session.js';

let muted = false;

export const speech = {
  get muted() { return muted || !deviceSettings.voice; },
  set muted(value) { muted = value; if (value) window.speechSynthesis?.cancel(); },

  /** Says `text` unless muted; a newer cue replaces one not yet said. */
  say(text) {
    if (!text || this.muted || !window.speechSynthesis) return;
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = document.documentElement.lang || 'en';
    utterance.rate = 1.05;
    window.speechSynthesis.cancel();
    window.speechSynthesis.speak(utterance);
  },
};
