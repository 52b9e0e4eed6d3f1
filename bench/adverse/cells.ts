// The adverse study's cells: a shape (bench/adverse/shapes.ts, variant-shapes.ts) with a scenario —
// identical variants ('same'), a true lift ('lift': +10% for Title 2, the 3-title case, or a
// thumbnail or package shape's own effects), for a few shapes a challenger 10% worse than the
// original ('worse'), or Variant 2 at the lift the product's plan promises for the test ('plan').

import { isPlanScenario, SHAPES } from './shapes';
import type { Scenario, Shape } from './shapes';
import { titleEffectOf, UNCHANGED } from './variant-effects';
import type { VariantEffect } from './variant-effects';
import { VARIANT_SHAPES } from './variant-shapes';
import { PROMISE_SHAPES } from './promise-shapes';

export type { Scenario, Shape } from './shapes';

export interface Cell {
  /** shape id / scenario, e.g. lag45-1h/lift */
  id: string;
  shape: Shape;
  scenario: Scenario;
  /** True lift of each variant over the original on the metric; for 'plan' cells each test's own (zeros here). */
  truth: number[];
  /** How each variant acts on the audience; null for 'plan' cells, whose effects depend on the test's video. */
  effects: VariantEffect[] | null;
}

function effectsOf(shape: Shape, scenario: Scenario): VariantEffect[] | null {
  if (isPlanScenario(scenario)) return null;
  if (scenario === 'same') return shape.lifts.map(() => UNCHANGED);
  if (scenario === 'lift')
    return shape.effects ?? shape.lifts.map((lift) => titleEffectOf(lift, shape.metric));
  return shape.lifts.map((_, i) => titleEffectOf(i === 1 ? -0.1 : 0, shape.metric));
}

/** Every cell, in table order: the title shapes, the promise's, then the thumbnail and package shapes. */
export function allCells(): Cell[] {
  return [...SHAPES, ...PROMISE_SHAPES, ...VARIANT_SHAPES].flatMap((shape) =>
    shape.scenarios.map((scenario) => ({
      id: `${shape.id}/${scenario}`,
      shape,
      scenario,
      truth:
        scenario === 'lift'
          ? shape.lifts
          : scenario === 'worse'
            ? shape.lifts.map((_, i) => (i === 1 ? -0.1 : 0))
            : shape.lifts.map(() => 0),
      effects: effectsOf(shape, scenario),
    })),
  );
}

/** A name picks a cell (its id), a shape (its id), a kind of test (title, thumbnail, package), a kind's scenario (thumbnail/same), or `promise`. */
function picks(cell: Cell, name: string): boolean {
  return (
    cell.id === name ||
    (name === 'promise' && cell.shape.id.startsWith('promise-')) ||
    cell.shape.id === name ||
    cell.shape.kind === name ||
    `${cell.shape.kind}/${cell.scenario}` === name
  );
}

/** Cells a comma list names (see `picks`), each once, in table order; throws on a name that matches nothing. */
export function selectCells(names: readonly string[] | null): Cell[] {
  const cells = allCells();
  if (names === null) return cells;
  for (const name of names)
    if (!cells.some((cell) => picks(cell, name)))
      throw new Error(
        `no cell named ${name}; names: title, thumbnail, package, a kind/scenario, or one of ${cells.map((c) => c.id).join(', ')}`,
      );
  return cells.filter((cell) => names.some((name) => picks(cell, name)));
}
