// Filled in by the engine's implementation.
export {};
