export type {
  AdminMetrics,
  AdminSettings,
  AdminTest,
  AdminUser,
  DowngradeTier,
  FullReport,
  HealthSignal,
  PlatformHealth,
  UpgradeTier,
} from '../../../../src/admin/admin.schemas';
