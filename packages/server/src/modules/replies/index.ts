export { replyRoutes } from './reply-routes';
export type { ReplyServices } from './reply-services';
