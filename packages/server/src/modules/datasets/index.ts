export { datasetRoutes } from './dataset-routes';
export { loadDatasets } from './load-datasets';
