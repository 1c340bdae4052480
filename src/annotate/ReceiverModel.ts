/**
 * Receiver models (SPEC section 7): what the receiver of a block can do with the clues and the
 * annotation.
 * - `unique`: anything, including search. The annotation must make the block have exactly one
 *   solution.
 * - `logic`: pure line logic, the paper's decoder. The annotation must make the block
 *   line-solvable (propagation to a fixpoint fixes every cell).
 * Both are monotone: giving more black cells of the original never hurts.
 */
export type ReceiverModel = 'unique' | 'logic';
export const RECEIVER_MODELS: readonly ReceiverModel[] = ['unique', 'logic'];
