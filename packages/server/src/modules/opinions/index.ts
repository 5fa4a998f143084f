export { opinionRoutes, publicOpinionRoutes, type OpinionServices } from './opinion-routes';
