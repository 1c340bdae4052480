/**
 * nonocrypt's public API. Everything a program needs is exported here; nothing else is public.
 */
export type { Clue, Grid, Puzzle } from './grid/Puzzle.js';
export { makeGrid, gridRows, gridsEqual } from './grid/Puzzle.js';
export { puzzleOf, runsOf } from './grid/runsOf.js';
export { checkGrid } from './grid/checkGrid.js';

export { Propagator, type PropagationStatus } from './line/Propagator.js';
export { solvePuzzle, type SolveOptions } from './solve/solvePuzzle.js';
export type { SolveResult, SolveStatus, SolveStats } from './solve/SolveResult.js';
export { SatSession } from './sat/SatSession.js';
export { Cnf } from './encode/Cnf.js';
export { encodePuzzle, type PuzzleEncoding } from './encode/encodePuzzle.js';

export { minimizeAnnotation, type MinimizeOptions, type MinimizeResult } from './annotate/minimizeAnnotation.js';
export { RECEIVER_MODELS, type ReceiverModel } from './annotate/ReceiverModel.js';

export { builtinTable, parseTable, BUILTIN_TABLES, type Table, type BuiltinTableName } from './cipher/Table.js';
export { textToBits, bitsToText, BitsDecoder } from './cipher/textBits.js';
export { bitsToGrids, gridsToBits } from './cipher/blocks.js';
export { encrypt, type EncryptOptions, type EncryptResult } from './cipher/encrypt.js';
export { chooseBoard, type ChooseBoardOptions, type BoardChoice, type BoardTrial } from './cipher/autoSize.js';
export { decrypt, type DecryptOptions } from './cipher/decrypt.js';
export { verify, type VerifyReport, type BlockVerdict } from './cipher/verify.js';
export { encryptBlock, decodeBlock, type EncryptedBlock } from './cipher/blockWork.js';

export {
  parseCiphertext,
  parseCiphertextLines,
  parseCiphertextLinesAsync,
  formatCiphertext,
  CiphertextReader,
  type Ciphertext,
  type CipherBlock,
} from './formats/ciphertext.js';
export { parseNon, formatNon } from './formats/non.js';
export { parseNin, formatNin } from './formats/nin.js';
export { parseWebpbnXml, formatWebpbnXml } from './formats/webpbnXml.js';
export { parsePuzzleJson, formatPuzzleJson } from './formats/puzzleJson.js';
export { parsePicture, formatPicture } from './formats/picture.js';
export { readPuzzleFile, writePuzzleFile, formatFromPath, sniffFormat } from './formats/detectFormat.js';
export type { PuzzleFile, PuzzleFormat } from './formats/PuzzleFile.js';

export type { RenderSheet } from './render/RenderSheet.js';
export { renderSvg, type SvgOptions } from './render/renderSvg.js';
export { renderText, type TextOptions } from './render/renderText.js';
export { renderHtml, type HtmlOptions } from './render/renderHtml.js';
export { renderPng, type PngOptions } from './render/renderPng.js';

export { runBlocks, type PoolOptions } from './parallel/BlockPool.js';
export type { BlockTask, BlockOutcome } from './parallel/BlockTask.js';

export { NonocryptError, ParseError, InputError, BlockError, SolverAbortError } from './errors.js';
