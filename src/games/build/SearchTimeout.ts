/** Deadline reached: the search stops and its caller reports no strategy. */
export class SearchTimeout extends Error {
  constructor() {
    super('time limit reached');
  }
}
