/**
 * `nonocrypt/internals`: the layers under the public API, for tools, benchmarks and the
 * curious. Listed in docs/reference/library.md, each documented in its `.d.ts` file (how the
 * layers fit together: docs/explanation/solver.md and ARCHITECTURE.md); unlike the main entry,
 * these may change between minor versions.
 */
export { runsOf } from './grid/runsOf.js';
export { Propagator, type PropagationStatus } from './line/Propagator.js';
export { LineStepper, type LineChange, type PassResult, type StepStatus } from './line/LineStepper.js';
export type { SatSolver, SatOutcome, SolveLimits, EngineCapabilities } from './sat/SatSolver.js';
export { GuardScope } from './sat/GuardScope.js';
export { SatSession } from './sat/SatSession.js';
export { createSolver, loadEngine, engineCapabilities, DEFAULT_ENGINE } from './sat/engines.js';
export { solveWithLratProof, type LratProofOptions, type LratOutcome } from './sat/lratProof.js';
export { Cnf } from './encode/Cnf.js';
export { encodePuzzle, type PuzzleEncoding } from './encode/encodePuzzle.js';
export { puzzleDimacs } from './encode/puzzleDimacs.js';
export { solvePuzzle } from './solve/solvePuzzle.js';
export { BlockSolver, solverTuning, type SolverTuning } from './solve/BlockSolver.js';
export { NonogramCore, type SearchOutcome, type SearchLimits, type CoreCnf } from './solve/NonogramCore.js';
export { CorePropagator, lineSolvable } from './solve/CorePropagator.js';
export { minimizeAnnotation, type MinimizeOptions, type MinimizeResult } from './annotate/minimizeAnnotation.js';
export { completeAnnotation } from './annotate/completeAnnotation.js';
export { createRunner, runBlocks, type BlockRunner } from './parallel/BlockRunner.js';
export type { BlockTask, BlockOutcome } from './parallel/BlockTask.js';
export { textToBits, bitsToText, BitsDecoder, type TextBitsOptions } from './cipher/textBits.js';
export { bitsToGrids, gridsToBits } from './cipher/blocks.js';
export { TableSearch, searchTables, builtinTables, type TableSearchOutcome } from './cipher/TableSearch.js';
export { chooseBoard, type ChooseBoardOptions } from './cipher/autoSize.js';
export { encryptBlock } from './cipher/blockWork.js';
export { parseNon, formatNon } from './formats/non.js';
export { parseNin, formatNin } from './formats/nin.js';
export { parseWebpbnXml, formatWebpbnXml } from './formats/webpbnXml.js';
export { parsePuzzleJson, formatPuzzleJson } from './formats/puzzleJson.js';
export { parsePicture, formatPicture } from './formats/picture.js';
export { readPuzzleFile, writePuzzleFile, formatFromPath, sniffFormat } from './formats/detectFormat.js';
