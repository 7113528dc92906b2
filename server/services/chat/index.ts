export { registerDirectLineRoutes } from './direct-line-routes';
export { attachDirectLineStreams } from './direct-line-stream';
