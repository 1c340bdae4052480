import { differingCells, type RenderSheet } from './RenderSheet.js';

/**
 * The sentences under a sheet that explain its marks, shared by every renderer so that all of
 * them say the same thing: that two pictures fit and in how many cells they differ, and what
 * the given-cell mark means. `marks` names each renderer's own marks ("outlined in red",
 * "shown as @"). No sentence for a plain sheet.
 */
export function sheetCaption(sheet: RenderSheet, marks: { readonly differ: string; readonly given: string }): string[] {
  const lines: string[] = [];
  if (sheet.second) {
    const n = differingCells(sheet).length;
    lines.push(`Two solutions fit these clues; they differ in ${n} cell${n === 1 ? '' : 's'} (${marks.differ}).`);
  }
  if ((sheet.givens ?? []).length > 0) lines.push(`Given black cells are ${marks.given}.`);
  return lines;
}
