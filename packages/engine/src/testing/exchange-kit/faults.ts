import type { KitFault } from './types.js';

/**
 * The fault queue: a fault is queued for a route ('POST /api/v5/trade/order', or a path for any
 * method) and taken by the next request to it, method-specific first. Faults run in order.
 */
export interface FaultQueue {
  inject(target: string, fault: KitFault): void;
  take(method: string, path: string): KitFault | undefined;
}

export function createFaultQueue(): FaultQueue {
  const queues = new Map<string, KitFault[]>();
  return {
    inject(target, fault) {
      const queue = queues.get(target) ?? [];
      queue.push(fault);
      queues.set(target, queue);
    },
    take(method, path) {
      return queues.get(`${method} ${path}`)?.shift() ?? queues.get(path)?.shift();
    },
  };
}
