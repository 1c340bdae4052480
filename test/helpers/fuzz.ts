// The fuzz generators and property, for any test file (the CLI fuzzing reuses them); the fuzz
// benchmark (bench/fuzz.ts) runs the same property on many more cases.
export * from './fuzzInputs.js';
export * from './fuzzCheck.js';
