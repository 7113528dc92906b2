export { RealtimeConnection } from './RealtimeConnection';
