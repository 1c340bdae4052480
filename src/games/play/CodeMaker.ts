import { mulberry32 } from '../../seededRandom.js';
import { answerOfDigits } from '../model/Answer.js';
import type { Rules } from '../model/Rules.js';

/**
 * A code-maker that lies: it picks a secret at random and answers guesses, lying at random
 * while it has lies left (each answer that is not a right guess is a lie with probability
 * `lieRate`, as any other answer the lie rule allows but `PA0B`; with the deniable end a right guess
 * may be denied too). Seeded: the same seed plays the same game.
 *
 * Call order: construct, then `answer(guess)` per turn until it reports `won`.
 */
export interface MakerAnswer {
  readonly answer: number;
  readonly lie: boolean;
  readonly won: boolean;
}

/** Probability that an answer is a lie while lies are left (0-1): about one in four. */
export const DEFAULT_LIE_RATE = 0.25;

export class CodeMaker {
  readonly secret: number;
  liesUsed = 0;
  turns = 0;
  private readonly random: () => number;
  private readonly digits: Uint8Array;
  private readonly scratch: Int32Array;

  constructor(
    readonly rules: Rules,
    seed: number,
    private readonly lieRate = DEFAULT_LIE_RATE,
  ) {
    this.random = mulberry32(seed);
    this.secret = Math.floor(this.random() * rules.game.size);
    this.digits = rules.game.digits(this.secret);
    this.scratch = new Int32Array(rules.symbols);
  }

  answer(guess: number): MakerAnswer {
    const { rules } = this;
    this.turns++;
    const truth = answerOfDigits(rules.pegs, rules.game.digits(guess), this.digits, this.scratch);
    const right = truth === rules.win;
    const mayLie = this.liesUsed < rules.lies && (!right || rules.end === 'deniable');
    if (mayLie && this.random() < this.lieRate) {
      const allowed = rules.answersFor(guess);
      const others = rules.alphabet.filter((a) => a !== truth && a !== rules.win && allowed[a]);
      this.liesUsed++;
      return { answer: others[Math.floor(this.random() * others.length)]!, lie: true, won: false };
    }
    return { answer: truth, lie: false, won: right };
  }
}
