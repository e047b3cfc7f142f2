// Leaflet and Chart.js, from Public/vendor/ (Debian's builds, see its README), loaded when a
// screen first needs a map or a chart. Same-origin files only: the Content-Security-Policy
// allows no other script.
const LIBRARIES = {
  leaflet: { global: 'L', script: '/vendor/leaflet/leaflet.min.js', style: '/vendor/leaflet/leaflet.css' },
  chart: { global: 'Chart', script: '/vendor/chart.js/chart.min.js' },
};
const loading = {};

function addScript(src) {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = resolve;
    script.onerror = () => { script.remove(); reject(new Error(`could not load ${src}`)); };
    document.head.append(script);
  });
}

/** Adds a library's stylesheet before the app's own, so the app's styles win (the route clusters' over `.leaflet-div-icon`). */
function addStyle(href) {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  document.head.insertBefore(link, document.head.querySelector('link[rel=stylesheet]'));
}

async function load(name) {
  const library = LIBRARIES[name];
  if (window[library.global]) return window[library.global];
  if (library.style) addStyle(library.style);
  await addScript(library.script);
  return window[library.global];
}

/** Leaflet's `L`. */
export const leaflet = () => (loading.leaflet ??= load('leaflet'));
/** Chart.js's `Chart`. */
export const chartJS = () => (loading.chart ??= load('chart'));
