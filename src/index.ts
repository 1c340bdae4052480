/**
 * nonocrypt's public API: the five pipelines (encrypt, decrypt, verify, solve, annotate),
 * the deductive games with lies (candidates, next guess, strategies, their check, bounds),
 * reading and writing ciphertexts and puzzle files, the encoding tables, and the result and
 * error types. Every pipeline runs its blocks in this thread or on worker threads (`jobs`),
 * with a time limit per block (`timeoutMs`) and a choice of SAT engine (`engine`).
 *
 * Lower layers (the line solver, the CNF encoding, SAT sessions, the minimizer, the block
 * runner) are reachable through the `nonocrypt/internals` subpath; they may change between
 * minor versions.
 */
export type { Clue, Grid, Puzzle } from './grid/Puzzle.js';
export { makeGrid, gridRows, gridsEqual } from './grid/Puzzle.js';
export { puzzleOf } from './grid/runsOf.js';
export { checkGrid } from './grid/checkGrid.js';

export type { RunOptions } from './parallel/RunOptions.js';
export type { EngineName } from './sat/SatSolver.js';
export { ENGINES } from './sat/engines.js';

export { encrypt, encryptBlocks, DEFAULT_BUDGET_MS, type EncryptOptions, type EncryptResult, type EncryptPlan } from './cipher/encrypt.js';
export type { EncryptedBlock } from './cipher/blockWork.js';
export type { BoardChoice, BoardTrial } from './cipher/autoSize.js';
export { decrypt, type DecryptOptions, type DecryptResult } from './cipher/decrypt.js';
export { verify, verdictOf, receiverAccepts, type VerifyReport, type VerifySummary, type BlockVerdict } from './cipher/verify.js';
export { solveBlocks, type CiphertextSource, type SolvedBlock } from './cipher/solveBlocks.js';
export { solve, solveCertified, DEFAULT_COUNT_MAX, type SolveOptions } from './puzzle/solve.js';
export { solvePart, type SplitPart, type PartReport } from './puzzle/solvePart.js';
export { partDocument, readPart, mergeParts, type PartDocument, type MergedVerdict } from './collection/mergeParts.js';
export type { Certificate, CertifyOutcome } from './certificate/make/certifyBlock.js';
export { gzipChunks } from './certificate/make/gzipChunks.js';
export { checkCertificates, type CertificateFiles, type CertificateReport, type BlockCheck } from './certificate/check/checkCertificate.js';
export { checkSplitCertificates, splitSetIn, type SplitCheck } from './certificate/check/checkSplit.js';
export { readClues, clueFormatOf, type ClueFile, type ClueFormat, type CheckedBlock } from './certificate/check/readClues.js';
export { solveMany, type SolveManyOptions, type SolvedPuzzle, type PuzzleReport } from './collection/solveMany.js';
export { verifyMany, type FileBlock, type BlockReport } from './collection/verifyMany.js';
export type { TextSource, LineSource, InputFailure } from './collection/sources.js';
export { collectionOrder, selectShard, parseShard, type Shard } from './collection/shard.js';
export { annotate, type AnnotateOptions } from './puzzle/annotate.js';
export { makePuzzle, MAKE_GOALS, MAKE_DIFFICULTIES, DEFAULT_MAKE_TIMEOUT_MS, type MakeOptions, type MakeResult, type MakeGoal } from './puzzle/makePuzzle.js';
export { greyOfPixels, thresholdPicture, flipCosts, type GreyImage, type Pixels } from './solve/make/GreyImage.js';
export type { MakeTarget } from './solve/make/PictureJudge.js';
export type { AnnotationResult } from './parallel/outcomes.js';
export type { SolveResult, SolveStatus, SolveStats, SolutionCount, Difficulty } from './solve/SolveResult.js';
export { RECEIVER_MODELS, type ReceiverModel } from './annotate/ReceiverModel.js';

export { builtinTable, parseTable, BUILTIN_TABLES, type Table, type BuiltinTableName } from './cipher/Table.js';

export {
  parseCiphertext,
  parseCiphertextLines,
  parseCiphertextLinesAsync,
  formatCiphertext,
  type Ciphertext,
  type CipherBlock,
} from './formats/ciphertext.js';
export { readPuzzle, inputFormats, type InputFormat } from './formats/puzzleText.js';
export { writePuzzle, outputFormats, type OutputFormat } from './puzzle/writePuzzle.js';
export type { PuzzleFile, PuzzleFormat } from './formats/PuzzleFile.js';
export { formatAnnotation } from './formats/symbols.js';
export { readMessageText } from './formats/messageText.js';

export type { RenderSheet } from './render/RenderSheet.js';
export { renderSvg, type SvgOptions } from './render/renderSvg.js';
export { renderText, type TextOptions } from './render/renderText.js';
export { renderHtml, type HtmlOptions } from './render/renderHtml.js';
export { renderPng, type PngOptions } from './render/renderPng.js';
export { puzzleSheet, ciphertextSheets, sheetOf, verdictText, type SheetOptions, type SheetOf } from './render/sheetsOf.js';

export { Game, GAME_KINDS, defaultSpec, type GameKind, type GameSpec } from './games/model/Game.js';
export { Rules, END_RULES, type EndRule, type RulesSpec } from './games/model/Rules.js';
export { formatAnswer, parseAnswer, type Answer } from './games/model/Answer.js';
export { parseHistory, formatHistory, type Turn } from './games/model/History.js';
export { Knowledge } from './games/model/Knowledge.js';
export { AnswerTable } from './games/model/AnswerTable.js';
export { candidates, type CandidateOptions, type CandidateReport } from './games/play/candidates.js';
export { suggestNext, type NextGuess } from './games/play/suggestNext.js';
export { buildStrategy, type StrategyOptions, type StrategyResult } from './games/build/buildStrategy.js';
export { checkStrategy, type CheckReport, type CheckedTurn } from './games/check/checkStrategy.js';
export { proveBound, type BoundOptions, type BoundResult } from './games/build/proveBound.js';
export { CodeMaker, type MakerAnswer } from './games/play/CodeMaker.js';

export {
  NonocryptError,
  ParseError,
  InputError,
  BlockError,
  SolverAbortError,
  TableChoiceError,
  ERROR_CODES,
  errorKind,
  type ErrorCode,
  type ErrorKind,
} from './errors.js';
