// Moved to rest/index.ts; stack.ts imports this path until it is updated.
export { createRest } from './rest/index.ts';
