// An empty module for Node built-ins that bundled code names only on its Node path
// (logic-solver's minisat.js requires fs and path when it runs under Node).
export {};
