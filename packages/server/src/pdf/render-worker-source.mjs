// The render worker when the server runs from its TypeScript source (tests, `npm run
// start:source`): the worker thread registers the TypeScript loader before it imports the
// worker's module. The compiled server (`npm start`) loads dist/render-worker.mjs instead.
import { register } from 'tsx/esm/api';

register();
const { default: renderInWorker } = await import('./render-worker.ts');

export default renderInWorker;
