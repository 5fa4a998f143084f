export { correctionRoutes } from './correction-routes';
