import { List } from '@mantine/core';

/** The engine's caveats; the first says the figures are Titlewise's own calculation (YouTube policy). */
export function VerdictNotes({ notes }: { notes: string[] }) {
  if (notes.length === 0) return null;
  return (
    <List size="xs" spacing={2} c="dimmed" aria-label="Notes on these figures">
      {notes.map((note) => (
        <List.Item key={note}>{note}</List.Item>
      ))}
    </List>
  );
}
