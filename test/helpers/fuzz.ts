// The fuzz generators and property, for any test file (the CLI fuzzing reuses them). They live
// in bench/ because the benchmark runs them too and bench/ never imports from test/.
export * from '../../bench/fuzzInputs.js';
export * from '../../bench/fuzzCheck.js';
