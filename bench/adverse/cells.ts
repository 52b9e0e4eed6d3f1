// The adverse study's cells: a shape (bench/adverse/shapes.ts) with a scenario — identical titles
// ('same'), a true lift ('lift': +10% for Title 2, or the 3-title case), or, for a few shapes,
// a challenger 10% worse than the original ('worse').

import { SHAPES } from './shapes';
import type { Scenario, Shape } from './shapes';

export type { Scenario, Shape } from './shapes';

export interface Cell {
  /** shape id / scenario, e.g. lag45-1h/lift */
  id: string;
  shape: Shape;
  scenario: Scenario;
  /** True lift of each title over the original. */
  truth: number[];
}

/** Every cell, in table order. */
export function allCells(): Cell[] {
  return SHAPES.flatMap((shape) =>
    shape.scenarios.map((scenario) => ({
      id: `${shape.id}/${scenario}`,
      shape,
      scenario,
      truth:
        scenario === 'same'
          ? shape.lifts.map(() => 0)
          : scenario === 'lift'
            ? shape.lifts
            : shape.lifts.map((_, i) => (i === 1 ? -0.1 : 0)),
    })),
  );
}

/** Cells whose id or shape id is named (comma list items); throws on a name that matches nothing. */
export function selectCells(names: readonly string[] | null): Cell[] {
  const cells = allCells();
  if (names === null) return cells;
  return names.flatMap((name) => {
    const chosen = cells.filter((cell) => cell.id === name || cell.shape.id === name);
    if (chosen.length === 0)
      throw new Error(`no cell named ${name}; cells: ${cells.map((c) => c.id).join(', ')}`);
    return chosen;
  });
}
