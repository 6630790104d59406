// Moved to realtime/index.ts; stack.ts imports this path until it is updated.
export { createRealtime, type RealtimeOptions } from './realtime/index.ts';
