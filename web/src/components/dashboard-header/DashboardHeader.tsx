import {
  Avatar,
  Badge,
  Box,
  Button,
  Container,
  Group,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { TEAM_ROLE_LABELS } from '#shared/team';
import type { CurrentUser } from '../../auth/auth-client';
import { useLogout } from '../../auth/use-logout';
import { AppTooltip } from '../AppTooltip';
import { Logo } from '../Logo';
import classes from './DashboardHeader.module.css';
import { ChannelSwitcher } from './ChannelSwitcher';
import { NotificationBell } from './NotificationBell';
import { PlanMenu } from './PlanMenu';
import { useReportTimeZone } from './use-report-time-zone';

/** The dashboard header: initial and name, Founder badge, the plan (Authority's badge), logout. */
export function DashboardHeader({ user }: { user: CurrentUser }) {
  const { logout, pending } = useLogout();
  useReportTimeZone(user);
  const initial = (user.name.trim()[0] ?? user.email[0] ?? '?').toUpperCase();
  return (
    <Box
      component="header"
      bg="white"
      style={{
        borderBottom: '1px solid var(--mantine-color-gray-2)',
        position: 'sticky',
        top: 0,
        zIndex: 100,
      }}
    >
      <Container size="lg" py="sm">
        {/* On a phone the logo and the items wrap as one line of items: at most two rows (issue 26, item 9). */}
        <Group justify="flex-end" gap="sm" style={{ rowGap: 8 }}>
          <div className={classes.logo}>
            <Logo to="/dashboard" compact />
          </div>
          <Group gap="sm" justify="flex-end" className={classes.items} style={{ minWidth: 0, rowGap: 8 }}>
            {user.isFounder && (
              <AppTooltip
                label={
                  user.isDemo ? 'Open the admin console of this demo deployment' : 'Open the admin console'
                }
              >
                <Badge
                  size="lg"
                  variant="gradient"
                  gradient={{ from: '#8a6400', to: '#a5671b', deg: 90 }}
                  renderRoot={(props) => <Link to="/admin" {...props} />}
                  style={{ cursor: 'pointer' }}
                >
                  {/* A demo visitor is no founder: the badge says what it opens. */}
                  {user.isDemo ? 'Demo admin' : 'Founder'}
                </Badge>
              </AppTooltip>
            )}
            {user.team && (
              <AppTooltip label={`You work on ${user.team.ownerName}’s channels`}>
                <Badge
                  size="lg"
                  variant="light"
                  color="grape"
                  renderRoot={(props) => <Link to="/account" {...props} />}
                >
                  {`${user.team.ownerName}’s team · ${TEAM_ROLE_LABELS[user.team.role]}`}
                </Badge>
              </AppTooltip>
            )}
            <ChannelSwitcher />
            <PlanMenu user={user} />
            <NotificationBell />
            <AppTooltip label="Your account and data">
              <UnstyledButton renderRoot={(props) => <Link to="/account" {...props} />}>
                <Group gap={8} wrap="nowrap">
                  <Avatar color="violet" radius="xl" size={34} aria-hidden>
                    {initial}
                  </Avatar>
                  <Text fw={600} fz="sm" maw={180} truncate className={classes.name}>
                    {user.name}
                  </Text>
                  <VisuallyHidden>(account)</VisuallyHidden>
                </Group>
              </UnstyledButton>
            </AppTooltip>
            <Button variant="default" size="sm" onClick={() => void logout()} loading={pending}>
              Logout
            </Button>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
