export type {
  AdminMetrics,
  AdminSettings,
  AdminTest,
  AdminUser,
  AuditEntryView as AuditEntry,
  DowngradeTier,
  FullReport,
  HealthSignal,
  PlatformHealth,
  UpgradeTier,
} from '../../../../src/admin/admin.schemas';
