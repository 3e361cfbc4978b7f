export * from './shard-map.js';
export * from './region-router.js';
export * from './migrate.js';
export * from './outbox.js';
export * from './idempotent.js';
