// A heart-rate strap (or watch broadcasting its heart rate) over Web Bluetooth, where the
// browser offers it (Chrome on Android, desktop Chrome and Edge; not Safari or Firefox):
// the standard Heart Rate service (0x180D) and its Heart Rate Measurement characteristic
// (0x2A37), notified about once a second. The recording screen puts the latest reading on
// each fix it takes, so heart rate is uploaded, kept and exported like a watch's.
import { now } from '../clock.js';

/** Whether this browser can connect a Bluetooth heart-rate strap at all. */
export const canConnectStrap = Boolean(globalThis.navigator?.bluetooth?.requestDevice);

/** A reading older than this (ms) is not put on a fix: the strap lost contact or range. */
export const READING_LIFETIME_MS = 5000;

/**
 * Beats per minute from one Heart Rate Measurement value (a DataView), as the Bluetooth
 * Heart Rate Service specifies it: flags in byte 0 (bit 0: the value is a uint16, else a
 * uint8; bits 1–2: skin contact supported and detected), the value from byte 1,
 * little-endian. Undefined when the strap says it has no skin contact or the value is not
 * a heart (the server keeps 20–250 bpm).
 */
export function beatsPerMinute(view) {
  if (!view || view.byteLength < 2) return undefined;
  const flags = view.getUint8(0);
  const wide = (flags & 0x01) !== 0;
  const contactSupported = (flags & 0x04) !== 0;
  const contactDetected = (flags & 0x02) !== 0;
  if (contactSupported && !contactDetected) return undefined;
  if (wide && view.byteLength < 3) return undefined;
  const bpm = wide ? view.getUint16(1, true) : view.getUint8(1);
  return bpm >= 20 && bpm <= 250 ? bpm : undefined;
}

/**
 * Asks the runner to choose a strap (the browser's own chooser: needs a tap), connects and
 * calls `onBeat(bpm, time)` (time in ms of the app's clock, as fixes') for each reading, `onStatus(status, message)` as the link
 * changes (`connecting`, `connected`, `lost`, `failed`). Reconnects once when the strap
 * drops out. Returns a function that disconnects.
 */
export async function connectStrap(onBeat, onStatus) {
  let device;
  let stopped = false;
  try {
    device = await navigator.bluetooth.requestDevice({ filters: [{ services: ['heart_rate'] }] });
  } catch (error) {
    // The runner closed the chooser, or the browser refused: nothing is connected.
    onStatus('failed', error?.name === 'NotFoundError' ? 'No strap chosen' : 'Bluetooth is not available');
    return () => {};
  }
  const listen = (event) => {
    const bpm = beatsPerMinute(event.target.value);
    if (bpm !== undefined) onBeat(bpm, now());
  };
  const subscribe = async () => {
    onStatus('connecting', `Connecting ${device.name || 'strap'}…`);
    const server = await device.gatt.connect();
    const service = await server.getPrimaryService('heart_rate');
    const measurement = await service.getCharacteristic('heart_rate_measurement');
    measurement.addEventListener('characteristicvaluechanged', listen);
    await measurement.startNotifications();
    onStatus('connected', device.name || 'Heart rate');
  };
  device.addEventListener('gattserverdisconnected', () => {
    if (stopped) return;
    onStatus('lost', 'Heart rate lost');
    subscribe().catch(() => onStatus('lost', 'Heart rate lost'));
  });
  try {
    await subscribe();
  } catch {
    onStatus('failed', 'Could not connect the strap');
    return () => {};
  }
  return () => { stopped = true; device.gatt.connected && device.gatt.disconnect(); };
}
