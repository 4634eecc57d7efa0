// Replaced by the generator once the SDK resources exist.
export {};
