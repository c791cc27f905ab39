/**
 * Makes the demo pictures the first start copies into the image store (decision 054): run by
 * `npm install` and `npm start` through scripts/ensure-build.mjs, or `npm run build:pictures`.
 * Only drawings it has not made yet are made; prints one line.
 */
import { demoCatalogue } from '@capstan/demo-catalogue';
import { loadConfig } from './config';
import { DemoPictureCache, demoDrawings } from './modules/catalogue/demo-picture-cache';

const started = performance.now();
const { demoPicturesDir } = loadConfig();
const drawings = demoDrawings(demoCatalogue);
const made = await new DemoPictureCache(demoPicturesDir).fill(drawings);
const seconds = ((performance.now() - started) / 1000).toFixed(0);
console.log(
  made === 0
    ? `Demo pictures: all ${drawings.length} made already.`
    : `Demo pictures: made ${made} of ${drawings.length} in ${seconds} s.`,
);
