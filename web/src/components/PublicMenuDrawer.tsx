import { Drawer, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The phone menu of the public header. Its own chunk (the modal, focus trap and scroll lock are
 * about a third of the landing's script), loaded when the menu first opens.
 */
export default function PublicMenuDrawer({
  opened,
  onClose,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Menu"
      hiddenFrom="md"
      position="right"
      size="xs"
      closeButtonProps={{ 'aria-label': 'Close navigation' }}
    >
      <Stack component="nav" aria-label="Mobile" gap="md">
        {children}
      </Stack>
    </Drawer>
  );
}
