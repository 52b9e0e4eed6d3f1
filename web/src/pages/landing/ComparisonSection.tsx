import { Text, ThemeIcon } from '@mantine/core';
import { CheckIcon, CrossIcon } from '../../components/icons';
import table from './ComparisonTable.module.css';
import classes from './Landing.module.css';
import { Section } from './Section';

type Cell = boolean | string;
const columns = ['Titlewise', 'Changing titles by hand', 'Simple rotation tools'];
const rows: { feature: string; cells: [Cell, Cell, Cell] }[] = [
  { feature: 'Rotates titles automatically', cells: [true, false, true] },
  { feature: 'Shuffled, balanced schedule', cells: [true, false, 'Varies'] },
  { feature: 'Accounts for video age and time of day', cells: [true, false, 'Varies'] },
  { feature: 'Says “no clear winner” when there is none', cells: [true, false, 'Varies'] },
  { feature: 'Labels measured vs estimated figures', cells: [true, false, 'Varies'] },
  { feature: 'Restores the original title on cancel', cells: [true, 'By hand', 'Varies'] },
];

function CellContent({ value }: { value: Cell }) {
  if (typeof value === 'string') return <Text fz="sm">{value}</Text>;
  return value ? (
    <ThemeIcon size={24} radius="xl" color="teal.9" aria-label="Yes" role="img">
      <CheckIcon width={14} height={14} />
    </ThemeIcon>
  ) : (
    <ThemeIcon size={24} radius="xl" color="gray.6" variant="light" aria-label="No" role="img">
      <CrossIcon width={14} height={14} />
    </ThemeIcon>
  );
}

export function ComparisonSection() {
  return (
    <Section
      eyebrow="Comparison"
      title="How Titlewise compares"
      intro="Other tools differ from one another, so where we can’t speak for all of them we say “Varies”."
    >
      {/* On a phone the table scrolls sideways: the scroller takes focus so the keyboard can scroll it. */}
      <div className={classes.tableWrap} tabIndex={0} role="region" aria-label="Comparison table">
        <table className={table.table}>
          <caption>Comparison of Titlewise with other ways to test titles</caption>
          <thead>
            <tr>
              <th scope="col">Feature</th>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.feature}>
                <th scope="row">{row.feature}</th>
                {row.cells.map((cell, index) => (
                  <td key={columns[index]}>
                    <CellContent value={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}
