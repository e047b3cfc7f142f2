// ?simulate=: a recorded track replayed as if it were the device's GPS, in real time from
// now (the track's first fix is "now", the rest keep their spacing).
import { api } from '../api/paceline.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The fixes of a run (its series every 20 m) or of a GPX file, as {latitude, longitude, elevation, offset}. */
async function load(source) {
  if (UUID.test(source)) {
    const series = await api.runSeries(source);
    return series.points.map((point) => ({
      latitude: point.latitude, longitude: point.longitude, elevation: point.elevationMeters, offset: point.elapsedSeconds * 1000,
    }));
  }
  const xml = new DOMParser().parseFromString(await api.trackFile(source), 'application/xml');
  const points = [...xml.getElementsByTagName('trkpt')];
  const start = Date.parse(points[0]?.getElementsByTagName('time')[0]?.textContent ?? '');
  return points.map((point, index) => {
    const time = Date.parse(point.getElementsByTagName('time')[0]?.textContent ?? '');
    return {
      latitude: Number(point.getAttribute('lat')), longitude: Number(point.getAttribute('lon')),
      elevation: point.getElementsByTagName('ele')[0] ? Number(point.getElementsByTagName('ele')[0].textContent) : undefined,
      offset: Number.isFinite(time) && Number.isFinite(start) ? time - start : index * 1000,
    };
  });
}

/** Replays `source`; see watchPosition. */
export function simulatedTrack(source, onFix, onStatus) {
  let stopped = false;
  const timers = [];
  onStatus('waiting', 'Loading the simulated track');
  load(source).then((fixes) => {
    if (stopped) return;
    if (fixes.length === 0) { onStatus('unavailable', 'The simulated track has no points'); return; }
    onStatus('ok', 'Simulated GPS');
    const start = Date.now();
    for (const fix of fixes) {
      timers.push(setTimeout(() => {
        if (!stopped) onFix({ latitude: fix.latitude, longitude: fix.longitude, elevation: fix.elevation, accuracy: 5, time: start + fix.offset });
      }, fix.offset));
    }
  }, (error) => onStatus('unavailable', `Simulated track: ${error.message}`));
  return () => { stopped = true; timers.forEach(clearTimeout); };
}
